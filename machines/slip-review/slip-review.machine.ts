import { assertEvent, assign, setup } from 'xstate';
import type { OpsSlipDetail } from '../../src/contract/deposit.ts';
import { actorOutput, notProvided } from '../shared/actors.ts';
import { approvalAsked, onAnswer, succeeded } from '../shared/answer.ts';
import { positiveAmount } from '../shared/amount.ts';
import { okData, type Result } from '../shared/result.ts';
import type { ApproveAnswer } from './slip-review.actors.ts';
import type { SlipApproval, SlipOutcome, SlipRejection, SlipReviewContext, SlipReviewEvent, SlipReviewTag } from './slip-review.types.ts';

/** A slip an operator may still decide: it waits for review. */
export function undecided(detail: OpsSlipDetail | null): boolean {
  return detail?.slip.status === 'PENDING';
}

const opened = { slipId: null, detail: null, amount: '', note: null, error: null } as const;

export const slipReviewMachine = setup({
  types: {
    context: {} as SlipReviewContext,
    events: {} as SlipReviewEvent,
    tags: {} as SlipReviewTag,
  },
  actors: {
    loadSlip: notProvided<Result<OpsSlipDetail>, string>('loadSlip'),
    approveSlip: notProvided<ApproveAnswer, SlipApproval>('approveSlip'),
    rejectSlip: notProvided<Result<{ message: string }>, SlipRejection>('rejectSlip'),
    findNext: notProvided<Result<{ id: string | null }>, { after: string }>('findNext'),
  },
  actions: {
    openSlip: assign(({ event }) => {
      assertEvent(event, 'slip.open');
      return { ...opened, slipId: event.id };
    }),
    closeSlip: assign({ ...opened }),
    showSlip: assign((_, answer: Result<OpsSlipDetail>) => ({ detail: okData(answer), error: null })),
    showFailure: assign((_, { message }: { message: string }) => ({ error: message })),
    clearError: assign({ error: null }),
    setAmount: assign(({ event }) => {
      assertEvent(event, 'amount.change');
      return { amount: event.value, error: null };
    }),
    setReason: assign(({ event }) => {
      assertEvent(event, 'reason.choose');
      return { note: event.note, error: null };
    }),
    markDecided: assign(({ context }, outcome: SlipOutcome) => ({
      decided: {
        slipId: context.slipId!,
        member: context.detail!.slip.name,
        amount: positiveAmount(context.amount),
        currency: context.detail!.currency,
        outcome,
      },
    })),
    openNext: assign((_, answer: Result<{ id: string | null }>) => ({ ...opened, slipId: okData(answer).id })),
    // Provided by the view: the address names the slip open (null: the queue alone).
    showAddress: (_, _slip: { id: string | null }) => {},
    // Provided by the view: the queue's table reads again.
    slipDecided: () => {},
  },
  guards: {
    succeeded,
    mayApprove: ({ context }) =>
      undecided(context.detail) && context.detail?.waitingApprovalId === null && positiveAmount(context.amount) !== null,
    mayReject: ({ context }) => undecided(context.detail) && context.note !== null,
    approvalAsked,
    nextFound: (_, answer: Result<{ id: string | null }>) => answer.ok && answer.data.id !== null,
  },
}).createMachine({
  id: 'slipReview',
  description:
    'One slip of the queue open beside it: its picture and findings, the amount to credit typed from the slip, or a reason of spec 8 chosen; each decision confirmed first, then the next waiting slip opens.',
  context: { ...opened, decided: null },
  initial: 'closed',
  on: {
    'slip.open': { target: '.loading', actions: 'openSlip' },
    'slip.close': { target: '.closed', actions: 'closeSlip' },
  },
  states: {
    closed: {
      tags: 'closed',
      description: 'The queue alone: no slip open.',
    },
    loading: {
      tags: 'loading',
      invoke: {
        id: 'loadSlip',
        src: 'loadSlip',
        input: ({ context }) => context.slipId!,
        ...onAnswer({ target: 'reviewing', action: 'showSlip' }, { target: 'loadFailed', action: 'showFailure' }),
      },
    },
    loadFailed: {
      tags: 'loadFailed',
      on: { 'slip.retry': { target: 'loading', actions: 'clearError' } },
    },
    reviewing: {
      tags: 'reviewing',
      description: 'A decided slip (opened from another status) is shown only; a slip whose approval waits for a second operator may still be rejected.',
      on: {
        'amount.change': { actions: 'setAmount' },
        'reason.choose': { actions: 'setReason' },
        'approve.submit': { guard: 'mayApprove', target: 'confirmingApproval' },
        'reject.submit': { guard: 'mayReject', target: 'confirmingRejection' },
      },
    },
    confirmingApproval: {
      tags: ['confirming', 'confirm:approve'],
      description: 'Says what will happen: the amount in the member\'s currency, to whom, from which bank account.',
      on: {
        'decision.confirm': 'approving',
        'decision.cancel': 'reviewing',
      },
    },
    confirmingRejection: {
      tags: ['confirming', 'confirm:reject'],
      on: {
        'decision.confirm': 'rejecting',
        'decision.cancel': 'reviewing',
      },
    },
    approving: {
      tags: 'busy',
      description: 'Nothing else is taken until the server answers. Without an answer, approving again is safe: the same approval again moves nothing.',
      on: { 'slip.open': {}, 'slip.close': {} },
      invoke: {
        id: 'approveSlip',
        src: 'approveSlip',
        input: ({ context }) => ({ id: context.slipId!, amount: positiveAmount(context.amount)! }),
        ...onAnswer(
          { target: 'findingNext', action: 'markDecided', params: () => 'approved' as const, then: ['slipDecided'] },
          { target: 'reviewing', action: 'showFailure' },
          [
            {
              guard: { type: 'approvalAsked', params: actorOutput },
              target: 'findingNext',
              actions: [{ type: 'markDecided', params: 'waiting' as const }, 'slipDecided'],
            },
          ],
        ),
      },
    },
    rejecting: {
      tags: 'busy',
      on: { 'slip.open': {}, 'slip.close': {} },
      invoke: {
        id: 'rejectSlip',
        src: 'rejectSlip',
        input: ({ context }) => ({ id: context.slipId!, note: context.note! }),
        ...onAnswer(
          { target: 'findingNext', action: 'markDecided', params: () => 'rejected' as const, then: ['slipDecided'] },
          { target: 'reviewing', action: 'showFailure' },
        ),
      },
    },
    findingNext: {
      tags: 'busy',
      description: 'The next waiting slip after the one decided opens; with none, the queue alone.',
      on: { 'slip.open': {}, 'slip.close': {} },
      invoke: {
        id: 'findNext',
        src: 'findNext',
        input: ({ context }) => ({ after: context.slipId! }),
        onDone: [
          {
            guard: { type: 'nextFound', params: actorOutput },
            target: 'loading',
            actions: [{ type: 'openNext', params: actorOutput }, { type: 'showAddress', params: ({ context }) => ({ id: context.slipId }) }],
          },
          { target: 'closed', actions: ['closeSlip', { type: 'showAddress', params: { id: null } }] },
        ],
        onError: { target: 'closed', actions: ['closeSlip', { type: 'showAddress', params: { id: null } }] },
      },
    },
  },
});
