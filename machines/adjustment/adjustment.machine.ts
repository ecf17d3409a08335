import { assertEvent, assign, setup } from 'xstate';
import { ADJUSTMENT_REASON_MAX } from '../../src/contract/ops.ts';
import { actorOutput, notProvided } from '../shared/actors.ts';
import { approvalAsked, onAnswer, succeeded } from '../shared/answer.ts';
import { positiveAmount } from '../shared/amount.ts';
import { NETWORK_ERROR, okData, type Result } from '../shared/result.ts';
import type { AdjustmentAnswer, AdjustmentContext, AdjustmentEvent, AdjustmentInput, AdjustmentRequest, AdjustmentTag } from './adjustment.types.ts';

/** A member's phone as the server finds it. */
const MEMBER_PHONE = /^\d{8,13}$/;

/** The amount the form means, signed by its direction; null while it is no amount. */
export function signedAmount(context: Pick<AdjustmentContext, 'amount' | 'direction'>): number | null {
  const amount = positiveAmount(context.amount);
  if (amount === null) return null;
  return context.direction === 'debit' ? -amount : amount;
}

const EMPTY_FORM = { username: '', direction: 'credit', amount: '', reason: '', error: null, idempotencyKey: null, approvalId: null } as const;

export const adjustmentMachine = setup({
  types: {
    context: {} as AdjustmentContext,
    events: {} as AdjustmentEvent,
    input: {} as AdjustmentInput,
    tags: {} as AdjustmentTag,
  },
  actors: {
    submit: notProvided<Result<AdjustmentAnswer>, AdjustmentRequest>('submit'),
  },
  actions: {
    // Another member, amount or reason is another adjustment: a new key when it is confirmed.
    setField: assign(({ event }) => {
      assertEvent(event, 'field.change');
      return { [event.field]: event.value, error: null, idempotencyKey: null };
    }),
    setDirection: assign(({ event }) => {
      assertEvent(event, 'direction.change');
      return { direction: event.direction, error: null, idempotencyKey: null };
    }),
    // A retry after no answer keeps the key: the server answers the first adjustment instead of making a second.
    keyAdjustment: assign(({ context }) =>
      context.idempotencyKey !== null ? { error: null } : { sent: context.sent + 1, idempotencyKey: `${context.keyPrefix}.${context.sent + 1}`, error: null },
    ),
    refused: assign((_, { message }: { message: string }) =>
      message === NETWORK_ERROR ? { error: message } : { error: message, idempotencyKey: null },
    ),
    keepApproval: assign((_, answer: Result<AdjustmentAnswer>) => {
      const data = okData(answer);
      return { approvalId: 'approvalId' in data ? data.approvalId : null };
    }),
    clearForm: assign(EMPTY_FORM),
  },
  guards: {
    succeeded,
    formComplete: ({ context }) =>
      MEMBER_PHONE.test(context.username.trim()) &&
      signedAmount(context) !== null &&
      context.reason.trim() !== '' &&
      context.reason.trim().length <= ADJUSTMENT_REASON_MAX,
    approvalAsked,
  },
}).createMachine({
  id: 'adjustment',
  description:
    'An adjustment of a member\'s wallet: the form, a confirmation that says credit or debit and the amount, then sent under its Idempotency-Key: done, waiting for a second operator (202), or refused with its code. No answer keeps the key, so confirming again cannot adjust twice.',
  context: ({ input }) => ({ keyPrefix: input.keyPrefix, sent: 0, ...EMPTY_FORM }),
  initial: 'editing',
  states: {
    editing: {
      tags: 'editing',
      on: {
        'field.change': { actions: 'setField' },
        'direction.change': { actions: 'setDirection' },
        'adjustment.submit': { guard: 'formComplete', target: 'confirming' },
      },
    },
    confirming: {
      tags: 'confirming',
      description: 'Says what will happen: credit or debit, the amount, the member, the reason.',
      on: { 'adjustment.confirm': { target: 'submitting', actions: 'keyAdjustment' }, 'adjustment.cancel': 'editing' },
    },
    submitting: {
      tags: 'busy',
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }) => ({
          username: context.username.trim(),
          amount: signedAmount(context)!,
          reason: context.reason.trim(),
          idempotencyKey: context.idempotencyKey!,
        }),
        ...onAnswer({ target: 'done' }, { target: 'editing', action: 'refused' }, [
          { guard: { type: 'approvalAsked', params: actorOutput }, target: 'waiting', actions: { type: 'keepApproval', params: actorOutput } },
        ]),
      },
    },
    done: {
      tags: 'done',
      on: { 'adjustment.again': { target: 'editing', actions: 'clearForm' } },
    },
    waiting: {
      tags: 'waiting',
      description: 'Beyond what one operator may move alone: the request waits in the approvals queue for a second operator.',
      on: { 'adjustment.again': { target: 'editing', actions: 'clearForm' } },
    },
  },
});
