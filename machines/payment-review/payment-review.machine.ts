import { assertEvent, assign, setup } from 'xstate';
import { actorOutput, notProvided } from '../shared/actors.ts';
import { approvalAsked, onAnswer, succeeded } from '../shared/answer.ts';
import type { DecisionAnswer } from './payment-review.actors.ts';
import type { PaymentReviewContext, PaymentReviewEvent, PaymentReviewTag } from './payment-review.types.ts';

type Outcome = 'credited' | 'waiting' | 'dismissed';

export const paymentReviewMachine = setup({
  types: {
    context: {} as PaymentReviewContext,
    events: {} as PaymentReviewEvent,
    tags: {} as PaymentReviewTag,
  },
  actors: {
    creditPayment: notProvided<DecisionAnswer, { id: string; username: string }>('creditPayment'),
    dismissPayment: notProvided<DecisionAnswer, string>('dismissPayment'),
  },
  actions: {
    choose: assign(({ event }) => {
      assertEvent(event, ['payment.credit', 'payment.dismiss']);
      return { payment: event.payment, username: event.payment.username ?? '', error: null };
    }),
    setUsername: assign(({ event }) => {
      assertEvent(event, 'username.change');
      return { username: event.value, error: null };
    }),
    showFailure: assign((_, { message }: { message: string }) => ({ error: message })),
    markResolved: assign(({ context }, outcome: Outcome) => ({
      resolved: { payment: context.payment!, username: context.username.trim(), outcome },
      payment: null,
      username: '',
      error: null,
    })),
    forget: assign({ payment: null, username: '', error: null }),
    // Provided by the view: the table reads again.
    paymentResolved: () => {},
  },
  guards: {
    succeeded,
    // A payment no QR names is credited to the member the operator names.
    named: ({ context }) => context.username.trim() !== '',
    approvalAsked,
  },
}).createMachine({
  id: 'paymentReview',
  description:
    'QR payments waiting for review: credit one to its member (named by the operator when no QR names one) or dismiss it, each confirmed first; a credit above the approval threshold waits for a second operator.',
  context: { payment: null, username: '', error: null, resolved: null },
  initial: 'idle',
  states: {
    idle: {
      tags: 'idle',
      on: {
        'payment.credit': { target: 'naming', actions: 'choose' },
        'payment.dismiss': { target: 'confirmingDismissal', actions: 'choose' },
      },
    },
    naming: {
      tags: 'naming',
      description: 'The member to credit: the QR\'s, shown; or typed when no QR names one.',
      on: {
        'username.change': { actions: 'setUsername' },
        'credit.submit': { guard: 'named', target: 'confirmingCredit' },
        'decision.cancel': { target: 'idle', actions: 'forget' },
      },
    },
    confirmingCredit: {
      tags: 'confirm:credit',
      on: {
        'decision.confirm': 'crediting',
        'decision.cancel': 'naming',
      },
    },
    confirmingDismissal: {
      tags: 'confirm:dismiss',
      on: {
        'decision.confirm': 'dismissing',
        'decision.cancel': { target: 'idle', actions: 'forget' },
      },
    },
    crediting: {
      tags: 'busy',
      invoke: {
        id: 'creditPayment',
        src: 'creditPayment',
        input: ({ context }) => ({ id: context.payment!.id, username: context.username.trim() }),
        ...onAnswer(
          { target: 'idle', action: 'markResolved', params: () => 'credited' as const, then: ['paymentResolved'] },
          { target: 'naming', action: 'showFailure' },
          [
            {
              guard: { type: 'approvalAsked', params: actorOutput },
              target: 'idle',
              actions: [{ type: 'markResolved', params: 'waiting' as const }, 'paymentResolved'],
            },
          ],
        ),
      },
    },
    dismissing: {
      tags: 'busy',
      invoke: {
        id: 'dismissPayment',
        src: 'dismissPayment',
        input: ({ context }) => context.payment!.id,
        ...onAnswer(
          { target: 'idle', action: 'markResolved', params: () => 'dismissed' as const, then: ['paymentResolved'] },
          { target: 'confirmingDismissal', action: 'showFailure' },
        ),
      },
    },
  },
});
