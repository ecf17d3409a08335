/** Claiming a coupon over the API client, under the claim's Idempotency-Key. */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../src/api/client.ts';
import type { CouponClaimed, CouponClaimRequest } from './coupon-claim.types.ts';

export function couponClaimActors(api: ApiClient) {
  return {
    claim: fromPromise<CouponClaimed, CouponClaimRequest>(async ({ input, signal }) => {
      const answer = await api.call('couponClaim', { coupon: input.coupon }, { idempotencyKey: input.idempotencyKey, signal });
      return answer.ok ? { ok: true, data: { amount: answer.data.amount } } : answer;
    }),
  };
}
