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
import { creditPaymentOrAsk, isAsked } from '../approvals/dual-control.ts';
import { resolveReviewedPayment } from '../deposits/payment-review.ts';
import { OPS_PAYMENTS_LIST_MAX } from '../policy.ts';
import { listPayments, type PaymentView } from '../repositories/payments.ts';
import { accepted, route } from '../route.ts';
import { recordId } from '../validation.ts';

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

export async function paymentOpsRoutes(app: FastifyInstance): Promise<void> {
  const { clock } = app;

  route(app, endpoints.opsPayments, async ({ db, query }) => ({
    payments: (await listPayments(db, query.status, OPS_PAYMENTS_LIST_MAX)).map(paymentAnswer),
  }));

  // Credits a payment waiting for review to its member, or dismisses it (deposits/payment-review.ts).
  // Above the approval threshold a credit asks a second operator (202).
  route(app, endpoints.opsPaymentCredit, async ({ db, params, body, caller, reply }) => {
    const done = await creditPaymentOrAsk(db, caller.operatorId, recordId(params.id), body.username, clock());
    if (isAsked(done)) return accepted(reply, done);
    return { message: 'SUCCESS', payment: paymentAnswer(done) };
  });

  route(app, endpoints.opsPaymentDismissed, async ({ db, params, caller }) => ({
    message: 'SUCCESS',
    payment: paymentAnswer(await resolveReviewedPayment(db, recordId(params.id), caller.operatorId, { credit: false }, clock())),
  }));
}
