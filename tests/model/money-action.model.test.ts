import type { KeyOutcome, MoneyActionContext } from '../../machines/money-action/money-action.types.ts';
import type { Result } from '../../machines/shared/result.ts';
import { ACTION_KEY, ACTION_REQUEST, moneyActionModels } from './money-action.model.ts';
import { describeModels } from './support/describe-model.ts';
import { stateKey } from './support/flow-model.ts';
import type { ReplayedStep } from './support/replay.ts';
import { expect } from './support/step-expect.ts';

/** Whether a send's answer leaves the outcome open, written out independently of the machine: no answer, or a 5xx without a body. */
const unknownAnswer = (answer: Result<unknown> | undefined) =>
  answer === undefined || (!answer.ok && (answer.message === 'NETWORK_ERROR' || answer.message === 'INTERNAL_SERVER_ERROR'));

const asked = [{ actor: 'ask', input: { idempotencyKey: ACTION_KEY } }];

function check({ event, before, after, actions, calls }: ReplayedStep) {
  const context = after.context as MoneyActionContext<unknown>;
  const previous = before?.context as MoneyActionContext<unknown> | undefined;
  expect(actions).toEqual([]);
  if (event.type === 'xstate.init') {
    expect([context.result, context.error]).toEqual([null, null]);
    if (context.start === 'asking') {
      // A retry after no answer: the server is asked before anything is sent again.
      expect(stateKey(after)).toBe('asking');
      return expect(calls).toEqual(asked);
    }
    // The request goes out at once, under the key the flow gave.
    expect(stateKey(after)).toBe('sending');
    return expect(calls).toEqual([{ actor: 'send', input: { request: ACTION_REQUEST, idempotencyKey: ACTION_KEY } }]);
  }
  const output = event.type.startsWith('xstate.error.') ? undefined : (event as { output?: Result<unknown> }).output;

  if (event.type.endsWith('.send')) {
    if (unknownAnswer(output)) {
      // Perhaps it moved: never sent again before the server says what the key holds.
      expect([stateKey(after), context.error]).toEqual(['asking', output && !output.ok ? output.message : 'NETWORK_ERROR']);
      return expect(calls).toEqual(asked);
    }
    expect(calls).toEqual([]);
    expect([after.status, after.output]).toEqual(
      output!.ok ? ['done', { outcome: 'moved', result: output!.data }] : ['done', { outcome: 'refused', error: output!.message }],
    );
    return;
  }

  // The question's answer ends the action.
  expect(calls).toEqual([]);
  expect(after.status).toBe('done');
  const answer = output as Result<KeyOutcome> | undefined;
  const still = previous!.error ?? (answer && !answer.ok ? answer.message : 'NETWORK_ERROR');
  if (answer?.ok && answer.data.seen) {
    const { statusCode, answer: stored } = answer.data;
    expect(after.output).toEqual(
      statusCode === 200 ? { outcome: 'moved', result: stored } : { outcome: 'refused', error: (stored as { message: string }).message },
    );
  } else if (answer?.ok) {
    // Never seen: nothing moved, and the same key may go again.
    expect(after.output).toEqual({ outcome: 'unknown', error: 'NOT_SEEN' });
  } else {
    expect(after.output).toEqual({ outcome: 'unknown', error: still });
  }
}

describeModels('money-action', moneyActionModels, {
  tags: {
    starting: [],
    sending: ['busy'],
    asking: ['asking', 'busy'],
    moved: [],
    refused: [],
    unknown: [],
  },
  check,
});
