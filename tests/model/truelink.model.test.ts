import type { TrueLinkContext } from '../../machines/truelink/truelink.types.ts';
import type { MoneyActionOutput } from '../../machines/money-action/money-action.types.ts';
import { retryStart } from './support/money-action.ts';
import { describeModels } from './support/describe-model.ts';
import { expect } from './support/step-expect.ts';
import { stateKey } from './support/flow-model.ts';
import type { ReplayedStep } from './support/replay.ts';
import { TRUELINK_KEY_PREFIX, trueLinkModels } from './truelink.model.ts';

const key = (action: number) => `${TRUELINK_KEY_PREFIX}.${action}`;

function check({ event, before, after, actions, calls }: ReplayedStep) {
  const was = before ? stateKey(before) : '';
  const now = stateKey(after);
  const previous = before?.context as TrueLinkContext;
  const context = after.context as TrueLinkContext;
  const unchanged = () => expect([now, context]).toEqual([was, previous]);
  let expectedCalls: unknown[] = [];
  let expectedActions: unknown[] = [];
  const sends = (idempotencyKey: string, start: 'sending' | 'asking') => [
    { actor: 'moneyAction', input: { request: { link: previous.link.trim() }, idempotencyKey, start } },
  ];

  switch (event.type) {
    case 'xstate.init':
      expect([now, context]).toEqual([
        'editing',
        { link: '', keyPrefix: TRUELINK_KEY_PREFIX, actions: 0, idempotencyKey: null, error: null, result: null, saved: false },
      ]);
      break;
    case 'link.change':
      if (was !== 'editing') return unchanged();
      expect(context).toEqual({ ...previous, link: event.value, error: null });
      break;
    case 'link.send':
      // spec 2: nothing is sent while the link is empty.
      if (was !== 'editing' || previous.link.trim() === '') return unchanged();
      expect([now, context.actions, context.idempotencyKey, context.error]).toEqual(['sending', previous.actions + 1, key(previous.actions + 1), null]);
      expectedCalls = sends(key(previous.actions + 1), 'sending');
      break;
    case 'link.retry':
      if (was !== 'outcomeUnknown') return unchanged();
      // The same key: the server is asked what happened first, unless it never saw the key.
      expect([now, context.idempotencyKey, context.actions]).toEqual(['sending', previous.idempotencyKey, previous.actions]);
      expectedCalls = sends(previous.idempotencyKey!, retryStart(previous.error));
      break;
    case 'connectivity.online':
      // Back online with the outcome unknown: the server is asked by itself.
      if (was !== 'outcomeUnknown' || previous.error === 'NOT_SEEN') return unchanged();
      expect([now, context]).toEqual(['sending', previous]);
      expectedCalls = sends(previous.idempotencyKey!, 'asking');
      break;
    case 'link.close':
      // The deposit modal closes: not while a link is on its way; saved when money moved or may have.
      if (was === 'sending') return unchanged();
      expect([after.status, now, after.output]).toEqual(['done', 'closed', { saved: previous.saved }]);
      break;
    case 'link.another':
      if (was !== 'sent') return unchanged();
      expect([now, context]).toEqual(['editing', { ...previous, link: '', idempotencyKey: null, result: null, error: null }]);
      break;
    default: {
      const answer = (event as { output?: MoneyActionOutput }).output;
      if (event.type.startsWith('xstate.error.')) {
        expect([now, context.error, context.idempotencyKey]).toEqual(['outcomeUnknown', 'NETWORK_ERROR', previous.idempotencyKey]);
      } else if (answer?.outcome === 'moved') {
        expect([now, context.result, context.error]).toEqual(['sent', answer.result, null]);
        // The deposit modal hears of it (its hook): the home reads the wallet again.
        expectedActions = [{ type: 'linkRedeemed', params: { amount: answer.result.amount } }];
      } else if (answer?.outcome === 'unknown') {
        // Perhaps credited: the key stays for a retry.
        expect([now, context.error, context.idempotencyKey]).toEqual(['outcomeUnknown', answer.error, previous.idempotencyKey]);
      } else {
        // Refused: the key is spent, the link stays for correcting.
        expect([now, context.error, context.idempotencyKey, context.link]).toEqual(['editing', answer!.error, null, previous.link]);
      }
    }
  }
  expect(calls).toEqual(expectedCalls);
  expect(actions).toEqual(expectedActions);
}

describeModels('truelink', trueLinkModels, {
  tags: {
    editing: ['editing'],
    sending: ['busy', 'editing'],
    sent: ['sent'],
    outcomeUnknown: ['outcomeUnknown'],
    closed: [],
  },
  check,
});
