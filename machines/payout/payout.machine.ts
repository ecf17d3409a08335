import { assertEvent, assign, setup } from 'xstate';
import { bankReference } from '../../src/contract/rules/bank-reference.ts';
import { actorOutput, notProvided } from '../shared/actors.ts';
import { approvalAsked, onAnswer, succeeded } from '../shared/answer.ts';
import { okData, type Result } from '../shared/result.ts';
import type { PayAnswer, PayInput, PayoutContext, PayoutEvent, PayoutOutcome, PayoutTag } from './payout.types.ts';

/** The contract's longest bank reference (ops.ts PayoutRequest). */
const REFERENCE_MAX = 100;


export const payoutMachine = setup({
  types: {
    context: {} as PayoutContext,
    events: {} as PayoutEvent,
    tags: {} as PayoutTag,
  },
  actors: {
    pay: notProvided<Result<PayAnswer>, PayInput>('pay'),
    reject: notProvided<Result<unknown>, { id: string }>('reject'),
  },
  actions: {
    open: assign(({ event }) => {
      assertEvent(event, 'withdrawal.open');
      return { withdrawal: event.withdrawal, reference: '', error: null, approvalId: null };
    }),
    close: assign({ withdrawal: null, reference: '', error: null, approvalId: null }),
    setReference: assign(({ event }) => {
      assertEvent(event, 'reference.change');
      return { reference: event.value, error: null };
    }),
    showFailure: assign((_, { message }: { message: string }) => ({ error: message })),
    clearError: assign({ error: null }),
    keepApproval: assign((_, answer: Result<PayAnswer>) => {
      const data = okData(answer);
      return { approvalId: 'approvalId' in data ? data.approvalId : null, error: null };
    }),
    // Provided by the view layer: reads the queue again (the withdrawal left it, or now shows its request).
    decided: (_, _params: { outcome: PayoutOutcome }) => {},
  },
  guards: {
    succeeded,
    // The bank's reference is what finance reconciles the payout with: none, none paid (rules/bank-reference.ts is the server's form).
    referenceGiven: ({ context }) => bankReference(context.reference).length > 0 && context.reference.trim().length <= REFERENCE_MAX,
    approvalAsked,
  },
}).createMachine({
  id: 'payout',
  description:
    'One withdrawal of the payout queue: the bank reference typed, the payout or the rejection confirmed with what will happen, then paid, rejected, or waiting for a second operator (202 APPROVAL_REQUIRED). Another withdrawal opens whenever nothing is on its way.',
  context: { withdrawal: null, reference: '', error: null, approvalId: null },
  initial: 'closed',
  on: {
    'withdrawal.open': { target: '.open', actions: 'open' },
    'withdrawal.close': { target: '.closed', actions: 'close' },
  },
  states: {
    closed: { tags: 'closed' },
    open: {
      tags: 'open',
      on: {
        'reference.change': { actions: 'setReference' },
        'payout.pay': { guard: 'referenceGiven', target: 'confirmingPay' },
        'payout.reject': 'confirmingReject',
      },
    },
    confirmingPay: {
      tags: ['open', 'confirming', 'confirm:pay'],
      description: 'Says what will happen: the amount, the member\'s bank account, the reference.',
      on: { 'payout.confirm': { target: 'paying', actions: 'clearError' }, 'payout.cancel': 'open' },
    },
    paying: {
      tags: ['open', 'busy'],
      description: 'Nothing else is done or opened until the server answers (no double payout).',
      on: { 'withdrawal.open': {}, 'withdrawal.close': {} },
      invoke: {
        id: 'pay',
        src: 'pay',
        input: ({ context }) => ({ id: context.withdrawal!.id, reference: bankReference(context.reference) }),
        ...onAnswer({ target: 'paid', action: 'decided', params: () => ({ outcome: 'paid' as const }) }, { target: 'open', action: 'showFailure' }, [
          {
            guard: { type: 'approvalAsked', params: actorOutput },
            target: 'waiting',
            actions: [
              { type: 'keepApproval', params: actorOutput },
              { type: 'decided', params: { outcome: 'waiting' as const } },
            ],
          },
        ]),
      },
    },
    confirmingReject: {
      tags: ['open', 'confirming', 'confirm:reject'],
      description: 'Says what will happen: the amount goes back to the member\'s wallet.',
      on: { 'payout.confirm': { target: 'rejecting', actions: 'clearError' }, 'payout.cancel': 'open' },
    },
    rejecting: {
      tags: ['open', 'busy'],
      on: { 'withdrawal.open': {}, 'withdrawal.close': {} },
      invoke: {
        id: 'reject',
        src: 'reject',
        input: ({ context }) => ({ id: context.withdrawal!.id }),
        ...onAnswer({ target: 'rejected', action: 'decided', params: () => ({ outcome: 'rejected' as const }) }, { target: 'open', action: 'showFailure' }),
      },
    },
    paid: { tags: 'decided', description: 'Paid: the next withdrawal may open.' },
    rejected: { tags: 'decided', description: 'Rejected: the money went back to the member.' },
    waiting: {
      tags: 'decided',
      description: 'Above what one operator may pay alone: the request waits in the approvals queue for a second operator.',
    },
  },
});
