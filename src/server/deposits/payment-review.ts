/**
 * The operator's payment review: payments the webhook could not credit at
 * once (no open QR, another amount, after expiry) wait here; an operator
 * credits one to its member (or, when no QR names one, to the member they
 * name) or dismisses it.
 */
import { toMajor } from '../../contract/money.ts';
import { inTransaction, type Queryable } from '../db/client.ts';
import { ApiError } from '../errors.ts';
import { lockSubject, supersedePending } from '../repositories/approvals.ts';
import { recordAudit } from '../repositories/audit.ts';
import { findPaymentView, lockPayment, resolvePayment, type PaymentRow, type PaymentView } from '../repositories/payments.ts';
import { findUserByPhone, memberCurrency } from '../repositories/users.ts';
import { creditDeposit } from './credit.ts';
import { paymentKey } from './webhook-credit.ts';

export type PaymentOutcome = { credit: true; username: string | undefined } | { credit: false };

/** The member a payment is credited to: the QR's, or the one the operator names when no QR names one. */
export async function paymentMember(db: Queryable, payment: Pick<PaymentRow, 'userId'>, username: string | undefined): Promise<number> {
  const named = username === undefined ? undefined : await findUserByPhone(db, username);
  if (username !== undefined && !named) throw new ApiError(404, 'NO_USER');
  if (payment.userId !== null) {
    if (named && named.id !== payment.userId) throw new ApiError(400, 'KEY_INVALID');
    return payment.userId;
  }
  if (!named) throw new ApiError(400, 'KEY_MISSING');
  return named.id;
}

/**
 * Resolves a payment waiting for review. The payment row is locked first,
 * so of two operators at once the second finds it resolved (409
 * KEY_INVALID); 404 NO_DATA for an unknown id. A credit uses the provider
 * transaction's ledger key, the webhook's own: a transaction is credited
 * once whoever credits it.
 */
export async function resolveReviewedPayment(db: Queryable, id: number, operatorId: number, outcome: PaymentOutcome, now: Date): Promise<PaymentView> {
  // In the caller's transaction when it is one (an approval's: docs/decisions/0121-dual-control.md).
  const view = await inTransaction(db, async (tx) => {
    await lockSubject(tx, 'payment.credit', String(id));
    const payment = await lockPayment(tx, id);
    if (!payment) throw new ApiError(404, 'NO_DATA');
    if (payment.status !== 'review') throw new ApiError(409, 'KEY_INVALID');
    if (!outcome.credit) {
      await resolvePayment(tx, id, { status: 'dismissed', resolvedBy: operatorId, resolvedAt: now });
      // A credit waiting for approval can no longer be made.
      await supersedePending(tx, 'payment.credit', String(id), operatorId, now);
      await recordAudit(tx, { operatorId, action: 'payment.dismissed', subject: String(id), before: { status: 'review' }, after: { status: 'dismissed' }, createdAt: now });
    } else {
      const userId = await paymentMember(tx, payment, outcome.username);
      const { transfer } = await creditDeposit(
        tx,
        {
          userId,
          currency: await memberCurrency(tx, userId),
          amount: payment.amount,
          reference: `${payment.provider}:${payment.transactionId}`,
          idempotencyKey: paymentKey(payment.provider, payment.transactionId),
        },
        now,
      );
      await resolvePayment(tx, id, { status: 'credited', userId, transferId: transfer.id, resolvedBy: operatorId, resolvedAt: now });
      const after = { status: 'credited', amount: toMajor(payment.amount), transferId: String(transfer.id) };
      await recordAudit(tx, { operatorId, action: 'payment.credit', subject: String(id), userId, before: { status: 'review' }, after, createdAt: now });
    }
    return findPaymentView(tx, id);
  });
  if (!view) throw new Error(`payment ${id} vanished`);
  return view;
}
