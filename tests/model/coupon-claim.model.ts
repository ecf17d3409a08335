/**
 * A coupon's claim as a test model: confirm or step back, every answer the
 * claim may get, and the retry with the same key after no answer.
 */
import { couponClaimMachine } from '../../machines/coupon-claim/coupon-claim.machine.ts';
import type { CouponClaimed } from '../../machines/coupon-claim/coupon-claim.types.ts';
import { offerAll, type EventFixtures, type FlowModel } from './support/flow-model.ts';
import { coupon } from './spin-wheel.model.ts';

type CouponClaim = typeof couponClaimMachine;

export const CLAIMED_COUPON = coupon('7', 'credit', 'open', 50);
/** The wheel's prefix for this opening: the claim's key is `{prefix}.coupon-7`. */
export const CLAIM_KEY_PREFIX = 'model-wheel';

const events = {
  'claim.confirm': () => [{ type: 'claim.confirm' }],
  'claim.cancel': () => [{ type: 'claim.cancel' }],
  'claim.retry': () => [{ type: 'claim.retry' }],
  'claim.dismiss': () => [{ type: 'claim.dismiss' }],
} satisfies EventFixtures<CouponClaim>;

const replies = {
  claim: [
    { ok: true, data: { amount: 50 } },
    { ok: false, message: 'COUPON_EXPIRED' },
    { ok: false, message: 'BONUS_REMAINING' },
    // A 5xx without a body: perhaps it credited.
    { ok: false, message: 'INTERNAL_SERVER_ERROR' },
  ] satisfies CouponClaimed[],
};

export const couponClaimModels: FlowModel<CouponClaim>[] = [
  {
    name: 'coupon claim',
    machine: couponClaimMachine,
    input: { coupon: CLAIMED_COUPON, keyPrefix: CLAIM_KEY_PREFIX },
    events: offerAll(events),
    replies,
    abstraction: ({ context }) => ({ claimed: context.amount !== null, error: context.error }),
  },
];
