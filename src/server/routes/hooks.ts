/**
 * Calls from payment providers, not from the SPA: the payment webhook
 * POST /api/hooks/payments/{provider}, and the payment simulator's QR lookup
 * (demo mode only: app.ts registers simulatorRoutes outside production).
 * Both are signed (payments/webhook.ts) instead of carrying a member's
 * token; /api/hooks/ needs no X-Requested-With (plugins/requested-with.ts).
 *
 * This plugin reads JSON bodies as raw bytes: a signature covers the bytes
 * as sent, so the body is parsed only after it was checked. Fastify keeps
 * parsers per plugin, so the rest of the app parses JSON as before.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type * as v from 'valibot';
import type { PaymentWebhookResponse } from '../../contract/deposit.ts';
import { toMajor } from '../../contract/money.ts';
import { recordPayment } from '../deposits/webhook-credit.ts';
import { ApiError } from '../errors.ts';
import { simulatorLookupPayload } from '../payments/simulator.ts';
import { builtInPaymentProviders, verifySignature, WebhookRefused } from '../payments/webhook.ts';
import { findQr } from '../repositories/qr-codes.ts';
import { recordIdOrNull } from '../validation.ts';

/** A refused call is logged (a forged or stale call is worth knowing about) and answered without details. */
function refuse(request: FastifyRequest, error: unknown): never {
  if (!(error instanceof WebhookRefused)) throw error;
  request.log.warn({ provider: (request.params as { provider?: string }).provider }, `webhook refused: ${error.message}`);
  throw error.kind === 'signature' ? new ApiError(401, 'UNAUTHORIZED') : new ApiError(400, 'KEY_INVALID');
}

export async function hookRoutes(app: FastifyInstance): Promise<void> {
  const { db, clock, config } = app;
  const providers = builtInPaymentProviders(config);

  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post<{ Params: { provider: string } }>('/api/hooks/payments/:provider', async (request) => {
    const provider = providers.get(request.params.provider);
    if (!provider) throw new ApiError(404, 'NO_DATA');
    const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    let notice;
    try {
      notice = provider.readWebhook({ headers: request.headers, rawBody }, clock());
    } catch (error) {
      refuse(request, error);
    }
    const { payment, replayed } = await recordPayment(db, provider.name, notice, clock());
    if (!replayed && payment.status === 'review') {
      request.log.warn({ paymentId: payment.id, reason: payment.reason }, 'payment kept for review');
    }
    return { message: 'SUCCESS', paymentId: String(payment.id), status: payment.status } satisfies v.InferOutput<typeof PaymentWebhookResponse>;
  });
}

/**
 * The simulator's question "what is this QR for?" (simulate:pay needs no
 * database); signed with PAYMENT_WEBHOOK_SECRET. Never in production.
 */
export async function simulatorRoutes(app: FastifyInstance): Promise<void> {
  const { db, clock, config } = app;
  app.get<{ Params: { qrcodeId: string } }>('/api/hooks/simulator/qrcodes/:qrcodeId', async (request) => {
    try {
      verifySignature(config.paymentWebhookSecret, request.headers, simulatorLookupPayload(request.url), clock());
    } catch (error) {
      refuse(request, error);
    }
    const { qrcodeId } = request.params;
    const id = recordIdOrNull(qrcodeId);
    const qr = id === null ? undefined : await findQr(db, id);
    if (!qr) throw new ApiError(404, 'NO_DATA');
    const status = qr.status === 'open' && qr.expiresAt <= clock() ? 'expired' : qr.status;
    return { qrcodeId, provider: qr.provider, amount: toMajor(qr.amount), status };
  });
}
