/**
 * The operator's review of QR payments the webhook could not credit
 * (docs/decisions/0126-deposits-console.md): credit one to its member (or,
 * when no QR names one, to the member the operator names), or dismiss it;
 * each confirmed first.
 */
import type { Output } from '../../src/contract/common.ts';
import type { Payment } from '../../src/contract/deposit.ts';

export type PaymentRow = Output<typeof Payment>;

export interface PaymentReviewContext {
  /** The payment being decided; null with none. */
  payment: PaymentRow | null;
  /** The member to credit (their phone): the QR's, or typed when no QR names one. */
  username: string;
  error: string | null;
  /** How the last decision ended, shown above the table. */
  resolved: { payment: PaymentRow; username: string; outcome: 'credited' | 'waiting' | 'dismissed' } | null;
}

export type PaymentReviewEvent =
  | { type: 'payment.credit'; payment: PaymentRow }
  | { type: 'payment.dismiss'; payment: PaymentRow }
  | { type: 'username.change'; value: string }
  /** Ignored until a member is named. */
  | { type: 'credit.submit' }
  | { type: 'decision.confirm' }
  | { type: 'decision.cancel' };

/**
 * Actors the view provides (payment-review.actors.ts): creditPayment
 * ({ id, username }) and dismissPayment (id). Action the view provides:
 * paymentResolved (the table reads again).
 * Tags: 'idle', 'naming', 'confirm:credit', 'confirm:dismiss', 'busy'.
 */
export type PaymentReviewTag = 'idle' | 'naming' | 'confirm:credit' | 'confirm:dismiss' | 'busy';
