import { assign, setup } from 'xstate';
import { outcomeUnknown } from '../money-action/money-action.machine.ts';
import { actorOutput, notProvided } from '../shared/actors.ts';
import { succeeded } from '../shared/answer.ts';
import { failureMessage, NETWORK_ERROR, okData } from '../shared/result.ts';
import type {
  CouponClaimContext,
  CouponClaimed,
  CouponClaimEvent,
  CouponClaimInput,
  CouponClaimOutput,
  CouponClaimRequest,
  CouponClaimTag,
} from './coupon-claim.types.ts';

/**
 * The claim's Idempotency-Key: one per opening of the wheel and coupon, so a
 * coupon claimed again in the same opening after no answer gets the first
 * claim's answer. The contract accepts [A-Za-z0-9_.:-]{8,100}.
 */
export function claimKey({ coupon, keyPrefix }: CouponClaimInput): string {
  return `${keyPrefix}.coupon-${coupon._id}`;
}

/** How a claim ended, from what it kept: an amount is a claim, no error is a cancel. */
function outcomeOf({ amount, error }: Pick<CouponClaimContext, 'amount' | 'error'>): CouponClaimOutput['outcome'] {
  if (amount !== null) return 'claimed';
  if (error === null) return 'cancelled';
  return outcomeUnknown({ ok: false, message: error }) ? 'unknown' : 'refused';
}

export const couponClaimMachine = setup({
  types: {
    context: {} as CouponClaimContext,
    events: {} as CouponClaimEvent,
    input: {} as CouponClaimInput,
    output: {} as CouponClaimOutput,
    tags: {} as CouponClaimTag,
  },
  actors: {
    claim: notProvided<CouponClaimed, CouponClaimRequest>('claim'),
  },
  actions: {
    keepAmount: assign((_, answer: CouponClaimed) => ({ amount: okData(answer).amount, error: null })),
    keepRefusal: assign((_, answer: CouponClaimed) => ({ error: failureMessage(answer) })),
    keepNetworkError: assign({ error: NETWORK_ERROR }),
    clearError: assign({ error: null }),
  },
  guards: {
    succeeded,
    unknown: (_, answer: CouponClaimed) => outcomeUnknown(answer),
  },
}).createMachine({
  id: 'couponClaim',
  description:
    'Claiming one coupon of the prize wheel (spec 2 Spin wheel): the member confirms, the claim is sent under its Idempotency-Key, and its answer shows, success with what reached the wallet or the error by its code (spec 8 coupon errors); without an answer, a retry sends the same key. The wheel reads its coupon list again afterwards.',
  context: ({ input }) => ({ coupon: input.coupon, idempotencyKey: claimKey(input), amount: null, error: null }),
  initial: 'confirming',
  states: {
    confirming: {
      tags: 'confirming',
      description: 'The confirm dialog: the coupon\'s prize and amount.',
      on: {
        'claim.confirm': 'claiming',
        'claim.cancel': 'done',
      },
    },
    claiming: {
      tags: ['confirming', 'busy'],
      description: 'POST /api/spinwheel/coupon/claim; the dialog stays and does not close (a second tap sends nothing).',
      invoke: {
        id: 'claim',
        src: 'claim',
        input: ({ context }) => ({ coupon: context.coupon._id, idempotencyKey: context.idempotencyKey }),
        onDone: [
          { guard: { type: 'succeeded', params: actorOutput }, target: 'claimed', actions: { type: 'keepAmount', params: actorOutput } },
          { guard: { type: 'unknown', params: actorOutput }, target: 'uncertain', actions: { type: 'keepRefusal', params: actorOutput } },
          { target: 'failed', actions: { type: 'keepRefusal', params: actorOutput } },
        ],
        onError: { target: 'uncertain', actions: 'keepNetworkError' },
      },
    },
    claimed: {
      tags: 'claimed',
      description: 'The success dialog: what reached the wallet.',
      on: { 'claim.dismiss': 'done' },
    },
    failed: {
      tags: 'failed',
      description: 'The error dialog, by the code: refused, nothing credited.',
      on: { 'claim.dismiss': 'done' },
    },
    uncertain: {
      tags: ['failed', 'uncertain'],
      description:
        'No answer (or a 5xx without one): the coupon may have been claimed. A retry sends the same key, so the server answers the first claim rather than NO_CLAIMABLE_COUPON; closing reads the list and the wallet again, which show the truth.',
      on: {
        'claim.retry': { target: 'claiming', actions: 'clearError' },
        'claim.dismiss': 'done',
      },
    },
    done: {
      type: 'final',
    },
  },
  output: ({ context }) => ({ outcome: outcomeOf(context) }),
});
