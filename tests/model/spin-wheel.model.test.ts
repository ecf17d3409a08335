import { claimable, COUPONS_PER_PAGE } from '../../machines/spin-wheel/spin-wheel.machine.ts';
import type { SpinAnswer, SpinWheelContext, WheelRead } from '../../machines/spin-wheel/spin-wheel.types.ts';
import type { CouponClaimOutput } from '../../machines/coupon-claim/coupon-claim.types.ts';
import { nextAttempt, retryDelay } from '../../machines/shared/read-retry.ts';
import { NETWORK_ERROR } from '../../machines/shared/result.ts';
import { describeModels } from './support/describe-model.ts';
import { stateKey } from './support/flow-model.ts';
import { checkLoaderDelayEnded } from './support/loader-delay.ts';
import type { ReplayedStep } from './support/replay.ts';
import { expect } from './support/step-expect.ts';
import { SPIN_KEY_PREFIX, spinWheelModels } from './spin-wheel.model.ts';

const LOAD = { actor: 'load', input: undefined };
/** Where the modal may close: never while a spin is on its way, under the prize, or under a claim's dialogs. */
const CLOSABLE = ['idle', 'loadFailed', 'loadOffline', 'spinning.turning', 'uncertain', 'reloading'];

function check(step: ReplayedStep) {
  const { event, before, after, actions, calls, emitted } = step;
  const was = before ? stateKey(before) : '';
  const now = stateKey(after);
  const previous = before?.context as SpinWheelContext;
  const context = after.context as SpinWheelContext;
  const unchanged = () => expect([now, context, calls, actions]).toEqual([was, previous, [], []]);
  let expectedCalls: unknown[] = [];
  let expectedActions: unknown[] = [];

  switch (event.type) {
    case 'xstate.init':
      expect([now, context]).toEqual([
        'loading.quiet',
        { keyPrefix: SPIN_KEY_PREFIX, spins: 0, idempotencyKey: null, data: null, couponPage: 1, prize: null, error: null, saved: false, attempts: 0 },
      ]);
      expectedCalls = [LOAD];
      break;
    case 'wheel.spin': {
      // spec 2: blocked at 0 coins, without a wheel, and while spinning.
      const data = previous.data;
      if (was !== 'idle' || data === null || data.wheel === null || data.coins === 0) return unchanged();
      const key = `${SPIN_KEY_PREFIX}.${previous.spins + 1}`;
      expect([now, context]).toEqual(['spinning.requesting', { ...previous, spins: previous.spins + 1, idempotencyKey: key, prize: null, error: null }]);
      expectedCalls = [{ actor: 'spin', input: { idempotencyKey: key } }];
      break;
    }
    case 'wheel.stopped':
      if (was !== 'spinning.turning') return unchanged();
      expect([now, context]).toEqual(['prize', previous]);
      break;
    case 'prize.close':
      if (was !== 'prize') return unchanged();
      // spec 2: the setup reloads after the prize closes.
      expect([now, context]).toEqual(['reloading', previous]);
      expectedCalls = [LOAD];
      break;
    case 'read.online':
      // The connection is back: a wheel waiting for it is read now.
      if (was !== 'loadOffline') return unchanged();
      expect([now, context]).toEqual(['loading.quiet', previous]);
      expectedCalls = [LOAD];
      break;
    case 'wheel.retry':
      if (was === 'loadOffline') {
        expect([now, context]).toEqual(['loading.quiet', previous]);
        expectedCalls = [LOAD];
      } else if (was === 'loadFailed') {
        expect([now, context]).toEqual(['loading.quiet', { ...previous, error: null }]);
        expectedCalls = [LOAD];
      } else if (was === 'uncertain') {
        // The same key again: the server answers the first spin rather than spending another coin.
        expect([now, context]).toEqual(['spinning.requesting', { ...previous, error: null }]);
        expectedCalls = [{ actor: 'spin', input: { idempotencyKey: previous.idempotencyKey } }];
      } else return unchanged();
      break;
    case 'wheel.close':
      if (!CLOSABLE.includes(was)) return unchanged();
      expect([after.status, after.output]).toEqual(['done', { saved: previous.saved }]);
      break;
    case 'coupons.page': {
      const pages = previous.data ? Math.max(1, Math.ceil(previous.data.coupons.length / COUPONS_PER_PAGE)) : 1;
      if (event.page > pages || event.page === previous.couponPage) return unchanged();
      expect([now, context]).toEqual([was, { ...previous, couponPage: event.page }]);
      break;
    }
    case 'coupon.claim': {
      const chosen = previous.data?.coupons.find((coupon) => coupon._id === event.coupon);
      if (was !== 'idle' || !chosen || !claimable(chosen)) return unchanged();
      expect([now, context]).toEqual(['claiming', previous]);
      // Under the opening's prefix: the claim's key is the same for this coupon throughout the opening.
      expectedCalls = [{ actor: 'couponClaim', input: { coupon: chosen, keyPrefix: SPIN_KEY_PREFIX } }];
      break;
    }
    case 'xstate.done.actor.load': {
      const answer = event.output as WheelRead;
      if (answer.ok) {
        const pages = Math.max(1, Math.ceil(answer.data.coupons.length / COUPONS_PER_PAGE));
        expect([now, context]).toEqual(['idle', { ...previous, data: answer.data, couponPage: Math.min(previous.couponPage, pages), attempts: 0 }]);
      } else if (was === 'reloading') {
        // spec 7: only logged; what is shown stays.
        expect([now, context]).toEqual(['idle', previous]);
        expectedActions = [{ type: 'logFailure', params: { message: answer.message } }];
      } else if (answer.message === NETWORK_ERROR) {
        // No answer to the first read: no failure shows, nothing is logged; the wheel waits (docs/decisions/0146-reads-that-wait.md).
        expect([now, context]).toEqual(['loadOffline', { ...previous, attempts: nextAttempt(previous.attempts) }]);
      } else {
        expect([now, context]).toEqual(['loadFailed', { ...previous, error: answer.message }]);
        expectedActions = [{ type: 'logFailure', params: { message: answer.message } }];
      }
      break;
    }
    case 'xstate.error.actor.load':
      if (was === 'reloading') {
        expect([now, context]).toEqual(['idle', previous]);
        expectedActions = [{ type: 'logFailure', params: { message: NETWORK_ERROR } }];
      } else expect([now, context]).toEqual(['loadOffline', { ...previous, attempts: nextAttempt(previous.attempts) }]);
      break;
    case 'xstate.done.actor.spin': {
      const answer = event.output as SpinAnswer;
      if (answer.ok) {
        // spec 2: the coin count updates from the result; the key is spent.
        const { index, code, remainingCoin } = answer.data;
        const landed = previous.data!.wheel!.slices[index]?.code === code;
        expect([now, context]).toEqual([
          landed ? 'spinning.turning' : 'prize',
          { ...previous, prize: answer.data, idempotencyKey: null, data: { ...previous.data!, coins: remainingCoin } },
        ]);
      } else if (answer.message === 'INTERNAL_SERVER_ERROR') {
        expect([now, context]).toEqual(['uncertain', { ...previous, error: answer.message }]);
      } else {
        // Refused: nothing spent, the error shows and the coins and the wheel are read again.
        expect([now, context]).toEqual(['reloading', { ...previous, error: answer.message, idempotencyKey: null }]);
        expectedCalls = [LOAD];
      }
      break;
    }
    case 'xstate.error.actor.spin':
      expect([now, context]).toEqual(['uncertain', { ...previous, error: NETWORK_ERROR }]);
      break;
    case 'xstate.done.actor.couponClaim': {
      const { outcome } = event.output as CouponClaimOutput;
      if (outcome === 'cancelled') {
        expect([now, context]).toEqual(['idle', previous]);
      } else {
        // spec 2: the list reloads; the wallet is read again once the modal closes when money reached it, or may have.
        expect([now, context]).toEqual(['reloading', { ...previous, saved: previous.saved || outcome !== 'refused' }]);
        expectedCalls = [LOAD];
      }
      break;
    }
    case 'xstate.error.actor.couponClaim':
      expect([now, context]).toEqual(['reloading', { ...previous, saved: true }]);
      expectedCalls = [LOAD];
      break;
    default:
      if (/^xstate\.after\.retryDelay\./.test(event.type)) {
        // The backoff: 1 s after the first unanswered read, doubling to 30 s; then the wheel is read again.
        expect(step.waited).toBe(retryDelay(previous.attempts));
        expect([now, context]).toEqual(['loading.quiet', previous]);
        expectedCalls = [LOAD];
        break;
      }
      checkLoaderDelayEnded(step);
  }
  expect(calls).toEqual(expectedCalls);
  expect(actions).toEqual(expectedActions);
  expect(emitted).toEqual([]);
}

describeModels('spin-wheel', spinWheelModels, {
  tags: {
    'loading.quiet': ['loading'],
    'loading.slow': ['loading', 'skeleton'],
    loadFailed: ['failed'],
    loadOffline: ['loading', 'offline', 'skeleton'],
    idle: ['ready'],
    'spinning.requesting': ['busy', 'spinning'],
    'spinning.turning': ['spinning', 'turning'],
    prize: ['prize'],
    uncertain: ['uncertain'],
    reloading: ['reloading'],
    claiming: ['claiming'],
    closed: [],
  },
  check,
});
