import type { MoneyActionContext } from '../../machines/money-action/money-action.types.ts';
import type { Result } from '../../machines/shared/result.ts';
import { ACTION_KEY, ACTION_REQUEST, moneyActionModels } from './money-action.model.ts';
import { describeModels } from './support/describe-model.ts';
import { stateKey } from './support/flow-model.ts';
import type { ReplayedStep } from './support/replay.ts';
import { expect } from './support/step-expect.ts';

/** How an answer ends the action, written out independently of the machine: no answer, or a 5xx without a body, is unknown. */
function outcomeOf(answer: Result<unknown> | undefined): 'moved' | 'refused' | 'unknown' {
  if (answer === undefined) return 'unknown';
  if (answer.ok) return 'moved';
  return answer.message === 'NETWORK_ERROR' || answer.message === 'INTERNAL_SERVER_ERROR' ? 'unknown' : 'refused';
}

function check({ event, after, actions, calls }: ReplayedStep) {
  const context = after.context as MoneyActionContext<unknown>;
  expect(actions).toEqual([]);
  if (event.type === 'xstate.init') {
    // The request goes out at once, under the key the flow gave.
    expect([stateKey(after), context.result, context.error]).toEqual(['sending', null, null]);
    return expect(calls).toEqual([{ actor: 'send', input: { request: ACTION_REQUEST, idempotencyKey: ACTION_KEY } }]);
  }
  expect(calls).toEqual([]);
  const answer = event.type.startsWith('xstate.error.') ? undefined : (event as { output?: Result<unknown> }).output;
  const outcome = outcomeOf(answer);
  const error = answer === undefined ? 'NETWORK_ERROR' : answer.ok ? null : answer.message;
  expect([after.status, stateKey(after)]).toEqual(['done', outcome]);
  expect(after.output).toEqual(
    outcome === 'moved' && answer?.ok ? { outcome, result: answer.data } : { outcome, error },
  );
}

describeModels('money-action', moneyActionModels, {
  tags: {
    sending: ['busy'],
    moved: [],
    refused: [],
    unknown: [],
  },
  check,
});
