/**
 * Claiming one coupon of the prize wheel (spec 2 Spin wheel: "confirm, claim
 * call, success or error shown, list reloads"): the confirm dialog, the
 * claim, and its answer. The wheel invokes it for the coupon the member
 * chose and reads the list again once it ends.
 */
import type { Coupon } from '../../src/contract/rewards.ts';
import type { Result } from '../shared/result.ts';

export interface CouponClaimInput {
  /** The coupon as the list showed it: its name and amount are what the dialog confirms. */
  coupon: Coupon;
  /**
   * The wheel's prefix for this opening (machines/spin-wheel's keyPrefix):
   * the claim's Idempotency-Key is `{keyPrefix}.coupon-{id}`, so claiming
   * the same coupon again in this opening, after no answer, gets the first
   * claim's answer (a refusal too, until the wheel opens again).
   */
  keyPrefix: string;
}

export interface CouponClaimContext {
  /** The coupon as the list showed it: its name and amount are what the dialog confirms. */
  coupon: Coupon;
  /** The claim's Idempotency-Key: sent with the claim, and again with a retry after no answer. */
  idempotencyKey: string;
  /** What the claim credited (major units), once claimed. */
  amount: number | null;
  /** The claim's refusal (NO_CLAIMABLE_COUPON, COUPON_EXPIRED, BONUS_REMAINING, …), or NETWORK_ERROR / INTERNAL_SERVER_ERROR when no answer came. */
  error: string | null;
}

export type CouponClaimEvent =
  /** The member confirms the claim. */
  | { type: 'claim.confirm' }
  /** The member steps back from the confirm dialog. */
  | { type: 'claim.cancel' }
  /** No answer came: claim again with the same key (the server answers the first claim). */
  | { type: 'claim.retry' }
  /** The member closes the answer (success or error). */
  | { type: 'claim.dismiss' };

/** POST /api/spinwheel/coupon/claim: what reached the wallet. */
export type CouponClaimed = Result<{ amount: number }>;

/** What the claim is sent with: the coupon's id and the claim's key. */
export interface CouponClaimRequest {
  coupon: string;
  idempotencyKey: string;
}

/**
 * How the claim ended: cancelled (nothing sent), claimed, refused (nothing
 * credited), or unknown (no answer: perhaps it credited). The wheel reads
 * the list again after anything but a cancel, and the wallet after claimed
 * or unknown.
 */
export interface CouponClaimOutput {
  outcome: 'cancelled' | 'claimed' | 'refused' | 'unknown';
}

/**
 * Actor the view provides: claim (CouponClaimRequest → CouponClaimed), built
 * by couponClaimActors(api).
 * Tags: 'confirming' (the confirm dialog shows), 'busy' (the claim is on its
 * way: buttons disabled, the dialog does not close), 'claimed' and 'failed'
 * (the answer's dialog), 'uncertain' (with 'failed': no answer came, perhaps
 * claimed; 'claim.retry' sends the same key again, 'claim.dismiss' closes).
 */
export type CouponClaimTag = 'confirming' | 'busy' | 'claimed' | 'failed' | 'uncertain';
