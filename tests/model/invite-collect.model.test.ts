import type { BonusActiveAnswer, InviteCollectContext, InviteCollected } from '../../machines/invite-collect/invite-collect.types.ts';
import { LOADER_DELAY_MS } from '../../machines/shared/delays.ts';
import { COLLECT_INVITE, COLLECT_KEY_PREFIX, inviteCollectModels } from './invite-collect.model.ts';
import { INVITE_RULE } from './invites.model.ts';
import { describeModels } from './support/describe-model.ts';
import { stateKey } from './support/flow-model.ts';
import type { ReplayedStep } from './support/replay.ts';
import { expect } from './support/step-expect.ts';

function check({ event, before, after, actions, calls, emitted, waited }: ReplayedStep) {
  const was = before ? stateKey(before) : '';
  const now = stateKey(after);
  const previous = before?.context as InviteCollectContext;
  const context = after.context as InviteCollectContext;
  const unchanged = () => expect([now, context, calls, emitted]).toEqual([was, previous, [], []]);
  let expectedCalls: unknown[] = [];
  let expectedEmitted: unknown[] = [];

  switch (event.type) {
    case 'xstate.init':
      expect([now, context]).toEqual([
        'readingRule.quiet',
        { invite: COLLECT_INVITE, keyPrefix: COLLECT_KEY_PREFIX, rule: null, bonusHeld: false, idempotencyKey: null, error: null, saved: false },
      ]);
      expectedCalls = [{ actor: 'readRule', input: undefined }];
      break;
    case 'collect.confirm': {
      // Confirm waits for the conditions, and is not sent twice; the opening's one action has its key.
      if (was !== 'confirming') return unchanged();
      const key = `${COLLECT_KEY_PREFIX}.1`;
      expect([now, context]).toEqual(['collecting', { ...previous, idempotencyKey: key }]);
      expectedCalls = [{ actor: 'collect', input: { idempotencyKey: key } }];
      break;
    }
    case 'collect.retry':
      // Only after no answer: the same key again, so the server answers the first collect.
      if (was !== 'uncertain') return unchanged();
      expect([now, context]).toEqual(['collecting', { ...previous, error: null }]);
      expectedCalls = [{ actor: 'collect', input: { idempotencyKey: previous.idempotencyKey } }];
      break;
    case 'collect.cancel':
      // Not while the bonus is on its way; after no answer the wallet is read again.
      if (was === 'collecting') return unchanged();
      expect([after.status, after.output]).toEqual(['done', { saved: was === 'uncertain' }]);
      break;
    default: {
      if (event.type.startsWith('xstate.after.')) {
        expect([now, waited]).toEqual(['readingRule.slow', LOADER_DELAY_MS]);
        break;
      }
      const failed = event.type.startsWith('xstate.error.');
      if (was.startsWith('readingRule')) {
        const answer = (event as { output?: { ok: boolean } }).output;
        // A failed read leaves the conditions out (spec 7); then whether a bonus is held.
        expect([now, context]).toEqual(['checkingBonus', { ...previous, rule: !failed && answer?.ok ? INVITE_RULE : null }]);
        expectedCalls = [{ actor: 'checkBonus', input: undefined }];
        break;
      }
      if (was === 'checkingBonus') {
        const answer = (event as { output?: BonusActiveAnswer }).output;
        // A bonus held: the collect would be refused (BONUS_REMAINING), so confirm is not offered. A failed read lets the server decide.
        const held = !failed && answer?.ok === true && answer.data.status;
        expect([now, context]).toEqual([held ? 'bonusHeld' : 'confirming', { ...previous, bonusHeld: held }]);
        break;
      }
      const answer = (event as { output?: InviteCollected }).output;
      const refusal = answer && !answer.ok ? answer.message : null;
      if (failed || refusal === 'INTERNAL_SERVER_ERROR') {
        // No answer (or a 5xx without one): it may have been collected. The dialog says so and offers a retry; the wallet is read again when it closes.
        expect([now, context]).toEqual(['uncertain', { ...previous, error: refusal ?? 'NETWORK_ERROR', saved: true }]);
        break;
      }
      expect(after.status).toBe('done');
      if (answer?.ok) {
        // spec 2: a success toast and the wallet read again.
        expect(after.output).toEqual({ saved: true });
        expectedEmitted = [{ type: 'invite.collected', amount: answer.data.amount }];
      } else {
        // spec 2: the error's text in a danger toast; nothing moved (after no answer, the wallet is read again all the same).
        expect(after.output).toEqual({ saved: previous.saved });
        expectedEmitted = [{ type: 'invite.refused', message: answer!.message }];
      }
    }
  }
  expect(calls).toEqual(expectedCalls);
  expect(emitted).toEqual(expectedEmitted);
  expect(actions).toEqual([]);
}

describeModels('invite-collect', inviteCollectModels, {
  tags: {
    'readingRule.quiet': ['loading'],
    'readingRule.slow': ['loading', 'skeleton'],
    checkingBonus: ['checkingBonus'],
    bonusHeld: ['bonusHeld'],
    confirming: [],
    collecting: ['busy'],
    uncertain: ['uncertain'],
    done: [],
  },
  check,
});
