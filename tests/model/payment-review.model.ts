/** The console's review of QR payments as a test model: a payment with or without a member, credited (perhaps waiting for a second operator) or dismissed, each confirmed or not. */
import { paymentReviewMachine } from '../../machines/payment-review/payment-review.machine.ts';
import type { PaymentRow } from '../../machines/payment-review/payment-review.types.ts';
import type { Result } from '../../machines/shared/result.ts';
import { offerAll, type EventFixtures, type FlowModel } from './support/flow-model.ts';

export function payment(username: string | null): PaymentRow {
  return {
    id: username ? '11' : '12',
    provider: 'KBANK',
    transactionId: 'TX-1',
    qrcodeId: username ? '5' : null,
    username,
    amount: 300,
    status: 'review',
    reason: username ? 'QR_EXPIRED' : 'UNKNOWN_QR',
    paidAt: '2026-11-28T03:00:00.000Z',
    receivedAt: '2026-11-28T03:00:01.000Z',
    resolvedAt: null,
  };
}

const events = {
  'payment.credit': () => [
    { type: 'payment.credit', payment: payment('0812345678') },
    { type: 'payment.credit', payment: payment(null) },
  ],
  'payment.dismiss': () => [{ type: 'payment.dismiss', payment: payment(null) }],
  'username.change': () => [
    { type: 'username.change', value: '0898765432' },
    { type: 'username.change', value: '  ' },
  ],
  'credit.submit': () => [{ type: 'credit.submit' }],
  'decision.confirm': () => [{ type: 'decision.confirm' }],
  'decision.cancel': () => [{ type: 'decision.cancel' }],
} satisfies EventFixtures<typeof paymentReviewMachine>;

export const paymentReviewModels: FlowModel<typeof paymentReviewMachine>[] = [
  {
    name: 'payment review',
    machine: paymentReviewMachine,
    input: undefined,
    events: offerAll(events),
    // Whether a payment is chosen and names its member, whether a member is named, an error shown.
    abstraction: ({ context }) => ({
      payment: context.payment === null ? null : context.payment.username === null ? 'no member' : 'member',
      named: context.username.trim() !== '',
      error: context.error !== null,
    }),
    replies: {
      creditPayment: [
        { ok: true, data: { message: 'SUCCESS' } },
        { ok: true, data: { message: 'APPROVAL_REQUIRED', approvalId: '5' } },
        { ok: false, message: 'NO_USER' },
      ] satisfies Result<{ message: string; approvalId?: string }>[],
      dismissPayment: [
        { ok: true, data: { message: 'SUCCESS' } },
        { ok: false, message: 'KEY_INVALID' },
      ] satisfies Result<{ message: string }>[],
    },
  },
];
