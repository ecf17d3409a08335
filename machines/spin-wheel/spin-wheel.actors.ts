/**
 * The wheel's I/O over the API client: the setup and the coupons read
 * together, the spin under its Idempotency-Key, and the coupon claim's child.
 */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../src/api/client.ts';
import { couponClaimActors } from '../coupon-claim/coupon-claim.actors.ts';
import { couponClaimMachine } from '../coupon-claim/coupon-claim.machine.ts';
import type { SpinAnswer, WheelRead } from './spin-wheel.types.ts';

export function spinWheelActors(api: ApiClient) {
  return {
    load: fromPromise<WheelRead, void>(async ({ signal }) => {
      const [setup, coupons] = await Promise.all([api.call('spinSetup', { signal }), api.call('coupons', { signal })]);
      if (!setup.ok) return setup;
      if (!coupons.ok) return coupons;
      const { activeSpinwheel, userCoin } = setup.data.result;
      return { ok: true, data: { wheel: activeSpinwheel, coins: userCoin, coupons: coupons.data.coupons } };
    }),
    spin: fromPromise<SpinAnswer, { idempotencyKey: string }>(async ({ input, signal }) => {
      const answer = await api.call('spin', {}, { idempotencyKey: input.idempotencyKey, signal });
      return answer.ok ? { ok: true, data: answer.data.result } : answer;
    }),
    couponClaim: couponClaimMachine.provide({ actors: couponClaimActors(api) }),
  };
}
