/**
 * The operator's payment review (not in spec 7): payments the webhook could
 * not credit at once (no open QR, another amount, after expiry) wait here;
 * an operator credits one to its member (or, when no QR names one, to the
 * member they name) or dismisses it. Operator access only.
 */
import type { FastifyInstance } from 'fastify';
import type * as v from 'valibot';
import type { Payment } from '../../contract/deposit.ts';
import { endpoints } from '../../contract/endpoints.ts';
import { toMajor } from '../../contract/money.ts';
import type { Queryable, Transaction } from '../db/client.ts';
import { ApiError } from '../errors.ts';
import { paymentKey } from '../payments/confirm.ts';
import { creditDeposit } from '../payments/credit.ts';
import { findPaymentView, listPayments, lockPayment, resolvePayment, type PaymentRow, type PaymentView } from '../repositories/payments.ts';
import { findUserByPhone } from '../repositories/users.ts';
import { memberCurrency } from '../repositories/wallet.ts';
import { route } from '../route.ts';

/** The list shows at most this many, oldest first (the queue is worked from its start). */
const OPS_PAYMENTS_LIST_MAX = 500;

function paymentAnswer(view: PaymentView): v.InferOutput<typeof Payment> {
  return {
    id: String(view.id),
    provider: view.provider,
    transactionId: view.transactionId,
    qrcodeId: view.qrCodeId === null ? null : String(view.qrCodeId),
    username: view.username,
    amount: toMajor(view.amount),
    status: view.status,
    reason: view.reason,
    paidAt: view.paidAt.toISOString(),
    receivedAt: view.receivedAt.toISOString(),
    resolvedAt: view.resolvedAt?.toISOString() ?? null,
  };
}

function paymentId(id: string): number {
  const value = Number(id);
  if (!Number.isSafeInteger(value)) throw new ApiError(404, 'NO_DATA');
  return value;
}

/** The member a payment is credited to: the QR's, or the one the operator names when no QR names one. */
async function memberFor(tx: Transaction, payment: PaymentRow, username: string | undefined): Promise<number> {
  const named = username === undefined ? undefined : await findUserByPhone(tx, username);
  if (username !== undefined && !named) throw new ApiError(404, 'NO_USER');
  if (payment.userId !== null) {
    if (named && named.id !== payment.userId) throw new ApiError(400, 'KEY_INVALID');
    return payment.userId;
  }
  if (!named) throw new ApiError(400, 'KEY_MISSING');
  return named.id;
}

export async function paymentOpsRoutes(app: FastifyInstance): Promise<void> {
  const { clock } = app;

  route(app, endpoints.opsPayments, async ({ db, query }) => ({
    payments: (await listPayments(db, query.status, OPS_PAYMENTS_LIST_MAX)).map(paymentAnswer),
  }));

  /**
   * Resolves a payment waiting for review. The payment row is locked
   * first, so of two operators at once the second finds it resolved (409).
   * A credit uses the provider transaction's ledger key, the webhook's own:
   * a transaction is credited once whoever credits it.
   */
  async function resolve(db: Queryable, id: number, operatorId: number, outcome: { credit: true; username: string | undefined } | { credit: false }) {
    const now = clock();
    const view = await db.transaction(async (tx) => {
      const payment = await lockPayment(tx, id);
      if (!payment) throw new ApiError(404, 'NO_DATA');
      if (payment.status !== 'review') throw new ApiError(409, 'KEY_INVALID');
      if (!outcome.credit) {
        await resolvePayment(tx, id, { status: 'dismissed', resolvedBy: operatorId, resolvedAt: now });
      } else {
        const userId = await memberFor(tx, payment, outcome.username);
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
      }
      return findPaymentView(tx, id);
    });
    if (!view) throw new Error(`payment ${id} vanished`);
    return { message: 'SUCCESS', payment: paymentAnswer(view) };
  }

  route(app, endpoints.opsPaymentCredit, async ({ db, params, body, caller }) =>
    resolve(db, paymentId(params.id), caller.operatorId, { credit: true, username: body.username }),
  );

  route(app, endpoints.opsPaymentDismissed, async ({ db, params, caller }) => resolve(db, paymentId(params.id), caller.operatorId, { credit: false }));
}
