import type { CouponClaimContext, CouponClaimed } from '../../machines/coupon-claim/coupon-claim.types.ts';
import { NETWORK_ERROR } from '../../machines/shared/result.ts';
import { CLAIM_KEY_PREFIX, CLAIMED_COUPON, couponClaimModels } from './coupon-claim.model.ts';
import { describeModels } from './support/describe-model.ts';
import { stateKey } from './support/flow-model.ts';
import type { ReplayedStep } from './support/replay.ts';
import { expect } from './support/step-expect.ts';

/** No answer, or a 5xx without a body: the claim may have credited. */
const noAnswer = (error: string | null) => error === NETWORK_ERROR || error === 'INTERNAL_SERVER_ERROR';
const KEY = `${CLAIM_KEY_PREFIX}.coupon-${CLAIMED_COUPON._id}`;
const CLAIM = { actor: 'claim', input: { coupon: CLAIMED_COUPON._id, idempotencyKey: KEY } };

function check({ event, before, after, actions, calls, emitted }: ReplayedStep) {
  const was = before ? stateKey(before) : '';
  const now = stateKey(after);
  const previous = before?.context as CouponClaimContext;
  const context = after.context as CouponClaimContext;
  const unchanged = () => expect([now, context, calls]).toEqual([was, previous, []]);
  let expectedCalls: unknown[] = [];

  switch (event.type) {
    case 'xstate.init':
      expect([now, context]).toEqual(['confirming', { coupon: CLAIMED_COUPON, idempotencyKey: KEY, amount: null, error: null }]);
      break;
    case 'claim.confirm':
      // Sent once: a second tap while claiming sends nothing.
      if (was !== 'confirming') return unchanged();
      expect([now, context]).toEqual(['claiming', previous]);
      expectedCalls = [CLAIM];
      break;
    case 'claim.retry':
      // Only after no answer: the same key again, so the server answers the first claim.
      if (was !== 'uncertain') return unchanged();
      expect([now, context]).toEqual(['claiming', { ...previous, error: null }]);
      expectedCalls = [CLAIM];
      break;
    case 'claim.cancel':
      if (was !== 'confirming') return unchanged();
      expect([after.status, after.output]).toEqual(['done', { outcome: 'cancelled' }]);
      break;
    case 'claim.dismiss':
      if (was === 'claimed') expect([after.status, after.output]).toEqual(['done', { outcome: 'claimed' }]);
      else if (was === 'failed') expect([after.status, after.output]).toEqual(['done', { outcome: 'refused' }]);
      // Perhaps claimed: the wheel reads its list and the wallet again.
      else if (was === 'uncertain') expect([after.status, after.output]).toEqual(['done', { outcome: 'unknown' }]);
      else return unchanged();
      break;
    case 'xstate.done.actor.claim': {
      const answer = event.output as CouponClaimed;
      if (answer.ok) expect([now, context]).toEqual(['claimed', { ...previous, amount: answer.data.amount, error: null }]);
      else expect([now, context]).toEqual([noAnswer(answer.message) ? 'uncertain' : 'failed', { ...previous, error: answer.message }]);
      break;
    }
    case 'xstate.error.actor.claim':
      expect([now, context]).toEqual(['uncertain', { ...previous, error: NETWORK_ERROR }]);
      break;
    default:
      throw new Error(`unexpected event ${event.type}`);
  }
  expect(calls).toEqual(expectedCalls);
  expect(actions).toEqual([]);
  expect(emitted).toEqual([]);
}

describeModels('coupon-claim', couponClaimModels, {
  tags: {
    confirming: ['confirming'],
    claiming: ['busy', 'confirming'],
    claimed: ['claimed'],
    failed: ['failed'],
    uncertain: ['failed', 'uncertain'],
    done: [],
  },
  check,
});
