import { assertEvent, assign, setup } from 'xstate';
import type { Coupon } from '../../src/contract/rewards.ts';
import { couponClaimMachine } from '../coupon-claim/coupon-claim.machine.ts';
import type { CouponClaimOutput } from '../coupon-claim/coupon-claim.types.ts';
import { idempotencyKey, outcomeUnknown } from '../money-action/money-action.machine.ts';
import { actorOutput, notProvided } from '../shared/actors.ts';
import { answeredFailure, onAnswer, succeeded } from '../shared/answer.ts';
import { loaderDelays, skeletonAfterLoaderDelay } from '../shared/delays.ts';
import { nextAttempt, retryDelays, retryWhenBack, unanswered } from '../shared/read-retry.ts';
import { failureMessage, NETWORK_ERROR, okData } from '../shared/result.ts';
import type {
  SpinAnswer,
  SpinWheelContext,
  SpinWheelEvent,
  SpinWheelInput,
  SpinWheelOutput,
  SpinWheelTag,
  WheelData,
  WheelRead,
} from './spin-wheel.types.ts';

/** spec 9: coupons 3 per page. */
export const COUPONS_PER_PAGE = 3;

/** How many pages the coupon list has (at least one, the empty list's). */
export function couponPageCount(coupons: readonly Coupon[]): number {
  return Math.max(1, Math.ceil(coupons.length / COUPONS_PER_PAGE));
}

/** The coupons of one page (from 1). */
export function couponsOnPage(coupons: readonly Coupon[], page: number): Coupon[] {
  return coupons.slice((page - 1) * COUPONS_PER_PAGE, page * COUPONS_PER_PAGE);
}

/** A coupon the member may claim here: open, and money (an item is handed over by support: INVALID_COUPON_TYPE). */
export function claimable(coupon: Coupon): boolean {
  return coupon.status === 'open' && coupon.type === 'credit';
}

/** A spin may start: a wheel is active and the member has a coin (spec 2: blocked at 0 coins). */
function canSpin(data: WheelData | null): boolean {
  return data !== null && data.wheel !== null && data.coins > 0;
}

/** A failed read (params: how to find its message): logged for the developers (spec 7). */
const logged = <Params>(params: Params) => ({ type: 'logFailure', params }) as const;

export const spinWheelMachine = setup({
  types: {
    context: {} as SpinWheelContext,
    events: {} as SpinWheelEvent,
    input: {} as SpinWheelInput,
    output: {} as SpinWheelOutput,
    tags: {} as SpinWheelTag,
    children: {} as { load: 'load'; spin: 'spin'; couponClaim: 'couponClaim' },
  },
  actors: {
    load: notProvided<WheelRead>('load'),
    spin: notProvided<SpinAnswer, { idempotencyKey: string }>('spin'),
    couponClaim: couponClaimMachine,
  },
  actions: {
    store: assign(({ context }, answer: WheelRead) => {
      const data = okData(answer);
      // A claim or an expiry may have shortened the list: stay on a page that exists.
      return { data, couponPage: Math.min(context.couponPage, couponPageCount(data.coupons)), attempts: 0 };
    }),
    noteUnanswered: assign(({ context }) => ({ attempts: nextAttempt(context.attempts) })),
    keepLoadFailure: assign((_, { message }: { message: string }) => ({ error: message })),
    clearError: assign({ error: null }),
    // Provided by the view layer (spec 7: a failed read is only logged).
    logFailure: (_, _params: { message: string }) => {},
    // A new spin: a key never used before in this opening.
    nextSpin: assign(({ context }) => ({
      spins: context.spins + 1,
      idempotencyKey: idempotencyKey(context.keyPrefix, context.spins + 1),
      prize: null,
      error: null,
    })),
    // spec 2: the coin count updates from the result. The key is spent.
    keepPrize: assign(({ context }, answer: SpinAnswer) => {
      const prize = okData(answer);
      return { prize, idempotencyKey: null, data: context.data && { ...context.data, coins: prize.remainingCoin } };
    }),
    // Refused: nothing was spent, and the key with it.
    keepRefusal: assign((_, answer: SpinAnswer) => ({ error: failureMessage(answer), idempotencyKey: null })),
    // No answer: the coin may be spent; the key stays for a retry, which answers the first spin.
    keepUnknown: assign((_, answer: SpinAnswer) => ({ error: failureMessage(answer) })),
    keepNetworkError: assign({ error: NETWORK_ERROR }),
    setCouponPage: assign(({ event }) => {
      assertEvent(event, 'coupons.page');
      return { couponPage: event.page };
    }),
    assumeSaved: assign({ saved: true }),
    endClaim: assign(({ context }, output: CouponClaimOutput) => ({
      saved: context.saved || output.outcome === 'claimed' || output.outcome === 'unknown',
    })),
  },
  guards: {
    succeeded,
    unanswered,
    canSpin: ({ context }) => canSpin(context.data),
    spinUnknown: (_, answer: SpinAnswer) => outcomeUnknown(answer),
    // The drawn slice is the one the wheel shows at that place (the operator may have changed the wheel since it was read).
    landsOnShownWheel: ({ context }, answer: SpinAnswer) =>
      answer.ok && context.data?.wheel?.slices[answer.data.index]?.code === answer.data.code,
    couponPageExists: ({ context, event }) =>
      event.type === 'coupons.page' &&
      Number.isInteger(event.page) &&
      event.page >= 1 &&
      event.page <= couponPageCount(context.data?.coupons ?? []) &&
      event.page !== context.couponPage,
    couponClaimable: ({ context, event }) =>
      event.type === 'coupon.claim' && (context.data?.coupons.some((coupon) => coupon._id === event.coupon && claimable(coupon)) ?? false),
    claimCancelled: (_, output: CouponClaimOutput) => output.outcome === 'cancelled',
  },
  delays: { ...loaderDelays, ...retryDelays },
}).createMachine({
  id: 'spinWheel',
  description:
    'The prize wheel modal (spec 2 Spin wheel): the wheel and the coins, a spin that spends one coin (the server draws the slice, provably fair), the wheel turning to it, the prize, then the setup read again; beside it the coupon list, 3 a page, each claim a child. Ends saved when a coupon was claimed, so the home reads the wallet again.',
  context: ({ input }) => ({
    keyPrefix: input.keyPrefix,
    spins: 0,
    idempotencyKey: null,
    data: null,
    couponPage: 1,
    prize: null,
    error: null,
    saved: false,
    attempts: 0,
  }),
  on: {
    'coupons.page': { guard: 'couponPageExists', actions: 'setCouponPage' },
  },
  initial: 'loading',
  states: {
    loading: {
      description: 'GET /api/spinwheel/setup and /coupon together; the skeleton shows only after the loader delay (spec 9).',
      tags: 'loading',
      entry: 'clearError',
      ...skeletonAfterLoaderDelay,
      invoke: {
        id: 'load',
        src: 'load',
        onDone: [
          { guard: { type: 'succeeded', params: actorOutput }, target: 'idle', actions: { type: 'store', params: actorOutput } },
          { guard: { type: 'unanswered', params: actorOutput }, target: 'loadOffline', actions: 'noteUnanswered' },
          {
            target: 'loadFailed',
            actions: [{ type: 'keepLoadFailure', params: answeredFailure }, logged(answeredFailure)],
          },
        ],
        onError: { target: 'loadOffline', actions: 'noteUnanswered' },
      },
    },
    loadOffline: {
      ...retryWhenBack('loading', { 'wheel.retry': 'loading', 'wheel.close': 'closed' }),
      description:
        'The wheel got no answer (offline, too slow, a gateway error): not a failure; the skeleton stays and the wheel is read again after the backoff, or at once when the connection is back (docs/decisions/0146-reads-that-wait.md).',
      tags: ['loading', 'skeleton', 'offline'],
    },
    loadFailed: {
      tags: 'failed',
      description: 'Nothing to show: the modal offers a retry.',
      on: {
        'wheel.retry': 'loading',
        'wheel.close': 'closed',
      },
    },
    idle: {
      tags: 'ready',
      description: 'The wheel and the coins. Spinning is blocked at 0 coins or without an active wheel (spec 2): the event has no transition then.',
      on: {
        'wheel.spin': { guard: 'canSpin', target: 'spinning', actions: 'nextSpin' },
        'coupon.claim': { guard: 'couponClaimable', target: 'claiming' },
        'wheel.close': 'closed',
      },
    },
    spinning: {
      tags: 'spinning',
      description: 'Blocked while spinning (spec 2): another spin is not taken until the prize closed.',
      initial: 'requesting',
      states: {
        requesting: {
          tags: 'busy',
          description: 'POST /api/spinwheel/spin under the spin\'s Idempotency-Key: one coin spent, the slice drawn by the server.',
          invoke: {
            id: 'spin',
            src: 'spin',
            input: ({ context }) => ({ idempotencyKey: context.idempotencyKey! }),
            onDone: [
              {
                guard: { type: 'landsOnShownWheel', params: actorOutput },
                target: 'turning',
                actions: { type: 'keepPrize', params: actorOutput },
              },
              {
                guard: { type: 'succeeded', params: actorOutput },
                description: 'The wheel changed since it was read: no animation to a slice it does not show.',
                target: '#spinWheel.prize',
                actions: { type: 'keepPrize', params: actorOutput },
              },
              {
                guard: { type: 'spinUnknown', params: actorOutput },
                target: '#spinWheel.uncertain',
                actions: { type: 'keepUnknown', params: actorOutput },
              },
              {
                description: 'Refused (NO_COIN, SPIN_INACTIVE, …): the error shows, and the coins and the wheel are read again.',
                target: '#spinWheel.reloading',
                actions: { type: 'keepRefusal', params: actorOutput },
              },
            ],
            onError: { target: '#spinWheel.uncertain', actions: 'keepNetworkError' },
          },
        },
        turning: {
          tags: 'turning',
          description:
            'The view turns the wheel to the drawn slice (friction 0.991, 2–3 extra turns; at once under prefers-reduced-motion) and tells when it stopped. Closing now keeps the prize: it is in the coupon list.',
          on: {
            'wheel.stopped': '#spinWheel.prize',
            'wheel.close': '#spinWheel.closed',
          },
        },
      },
    },
    prize: {
      tags: 'prize',
      description: 'The prize modal: the slice the wheel stopped on, and its description.',
      on: { 'prize.close': 'reloading' },
    },
    uncertain: {
      tags: 'uncertain',
      description: 'No answer to the spin: the coin may be spent. A retry sends the same key, so the server answers the first spin rather than spending another coin.',
      on: {
        'wheel.retry': { target: 'spinning', actions: 'clearError' },
        'wheel.close': 'closed',
      },
    },
    reloading: {
      tags: 'reloading',
      description: 'spec 2: the setup reloads after the prize closes (and after a claim or a refused spin); a failed read keeps what is shown and is logged.',
      invoke: {
        id: 'load',
        src: 'load',
        ...onAnswer({ target: 'idle', action: 'store' }, { target: 'idle', action: 'logFailure' }),
      },
      on: { 'wheel.close': 'closed' },
    },
    claiming: {
      tags: 'claiming',
      description: 'The coupon\'s confirm, claim and answer (machines/coupon-claim); the list is read again unless the member stepped back.',
      invoke: {
        id: 'couponClaim',
        src: 'couponClaim',
        input: ({ context, event }) => {
          assertEvent(event, 'coupon.claim');
          // The opening's prefix: a claim asked again in this opening (after no answer) gets the first claim's answer.
          return { coupon: context.data!.coupons.find((coupon) => coupon._id === event.coupon)!, keyPrefix: context.keyPrefix };
        },
        onDone: [
          { guard: { type: 'claimCancelled', params: actorOutput }, target: 'idle' },
          { target: 'reloading', actions: { type: 'endClaim', params: actorOutput } },
        ],
        // A bug in the claim's dialogs: the list and the wallet are read again, in case it claimed.
        onError: { target: 'reloading', actions: 'assumeSaved' },
      },
    },
    closed: {
      type: 'final',
    },
  },
  output: ({ context }) => ({ saved: context.saved }),
});
