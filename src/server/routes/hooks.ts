/**
 * Calls from payment providers, not from the SPA: the payment webhook
 * POST /api/hooks/payments/{provider} (Opn's own at
 * /api/hooks/payments/opn), and the payment simulator's QR lookup (demo
 * mode only: app.ts registers simulatorRoutes outside production). Both
 * are signed (payments/webhook.ts) instead of carrying a member's token;
 * Opn's events are not, and are only checked with Opn (opnHookRoute).
 * /api/hooks/ needs no X-Requested-With (plugins/requested-with.ts).
 *
 * This plugin reads JSON bodies as raw bytes: a signature covers the bytes
 * as sent, so the body is parsed only after it was checked. Fastify keeps
 * parsers per plugin, so the rest of the app parses JSON as before.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type * as v from 'valibot';
import type { OpnWebhookResponse, PaymentWebhookResponse } from '../../contract/deposit.ts';
import { toMajor } from '../../contract/money.ts';
import { OPN_PAYMENTS, settleChargeEvent } from '../deposits/charge-credit.ts';
import { recordPayment } from '../deposits/webhook-credit.ts';
import { ApiError } from '../errors.ts';
import { completedChargeOf, type OpnClient } from '../payments/opn.ts';
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

  if (app.opn) opnHookRoute(app, app.opn);
}

/**
 * Opn's webhook, POST /api/hooks/payments/opn (routes are matched before
 * the parametric one above). Opn's events are not signed with a secret of
 * ours, so anyone can call it: calls are limited per client address
 * (LIMIT_OPN_WEBHOOKS_PER_IP), counted before the body is read, and the
 * event is only a hint that deposits/charge-credit.ts checks with Opn
 * before acting on it. This route maps what came of it to HTTP: Opn
 * delivers an event again until it is answered 2xx, so an event we took is
 * answered 200 with a plain acknowledgement (no id or status of ours: the
 * caller may be anyone), one we could not check (Opn unreachable) 503; a
 * charge that is none of ours is answered 200 too, and logged, so the
 * answer never tells which charge ids are ours. A body that is no Opn
 * event is 400.
 */
function opnHookRoute(app: FastifyInstance, opn: OpnClient): void {
  const { db, clock, limits } = app;
  const taken = { message: 'SUCCESS' } as const satisfies v.InferOutput<typeof OpnWebhookResponse>;
  const onRequest = async (request: FastifyRequest) => {
    await limits.countAddress('opnWebhooks', request.ip, clock());
  };
  app.post(`/api/hooks/payments/${OPN_PAYMENTS}`, { onRequest }, async (request, reply) => {
    const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    let chargeId: string | null = null;
    try {
      chargeId = completedChargeOf(rawBody);
    } catch (error) {
      refuse(request, error);
    }
    if (chargeId === null) return taken;
    const outcome = await settleChargeEvent(db, opn, chargeId, clock());
    switch (outcome.kind) {
      case 'recorded': {
        const { payment, replayed } = outcome.recorded;
        if (!replayed && payment.status === 'review') request.log.warn({ paymentId: payment.id, reason: payment.reason, chargeId }, 'payment kept for review');
        return taken;
      }
      case 'unknown':
        // Answered as any other: the answer must not tell a caller which charge ids are ours.
        request.log.warn({ chargeId }, `opn webhook ignored: ${outcome.why}`);
        return taken;
      case 'unchecked':
        request.log.warn({ chargeId }, `opn webhook not checked: ${outcome.why}; Opn will send it again`);
        return reply.code(503).send({ message: 'INTERNAL_SERVER_ERROR' });
      case 'unreadable':
        request.log.error({ chargeId }, `opn charge not credited: ${outcome.why}`);
        return taken;
      case 'closed':
        if (outcome.qrExpired) request.log.info({ chargeId, status: outcome.status }, 'opn charge closed: its QR expired');
        return taken;
      case 'pending':
        return taken;
    }
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
