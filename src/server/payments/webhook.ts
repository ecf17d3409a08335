/**
 * Payment providers tell us about payments by calling our webhook
 * POST /api/hooks/payments/{provider}. A provider adapter checks that a call
 * is really the provider's and reads the payment it reports; a real
 * provider's adapter implements PaymentProvider with its own signature
 * scheme and body, mapping the body to PaymentNotice.
 *
 * The built-in providers (the simulator plays them) sign the way Stripe and
 * Slack do: X-Timestamp (unix seconds) and X-Signature, the hex
 * HMAC-SHA256 of `${timestamp}.${raw body}` under the provider's secret. The
 * raw bytes are signed, so the check runs before any JSON parsing; the
 * timestamp bounds how long a captured call can be replayed (and a replay
 * within that time names a transaction already recorded, which credits
 * nothing more).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import * as v from 'valibot';
import { PaymentWebhook, QR_PROVIDERS, type QrProvider } from '../../contract/deposit.ts';
import { WEBHOOK_FUTURE_SKEW_MS, WEBHOOK_TOLERANCE_MS } from '../policy.ts';

export const SIGNATURE_HEADER = 'x-signature';
export const TIMESTAMP_HEADER = 'x-timestamp';


export type PaymentNotice = v.InferOutput<typeof PaymentWebhook>;

/** Why a call was refused: not the provider's (401) or not a payment we can read (400). */
export class WebhookRefused extends Error {
  constructor(
    readonly kind: 'signature' | 'body',
    message: string,
  ) {
    super(message);
    this.name = 'WebhookRefused';
  }
}

export interface WebhookCall {
  headers: IncomingHttpHeaders;
  /** The body's bytes exactly as they arrived. */
  rawBody: Buffer;
}

export interface PaymentProvider {
  readonly name: QrProvider;
  /** Checks the call is the provider's and reads its payment; throws WebhookRefused. */
  readWebhook(call: WebhookCall, now: Date): PaymentNotice;
}

export type PaymentProviders = ReadonlyMap<string, PaymentProvider>;

/**
 * The hex HMAC-SHA256 of `${timestamp}.${payload}`, or of
 * `${timestamp}.${scope}.${payload}` for a call meant for one receiver: a
 * provider's webhook is signed for that provider, so the same body cannot
 * be replayed to another provider's path when they share a secret.
 */
export function signature(secret: string, timestamp: string, payload: Buffer | string, scope?: string): string {
  const hmac = createHmac('sha256', secret).update(`${timestamp}.`);
  if (scope !== undefined) hmac.update(`${scope}.`);
  return hmac.update(payload).digest('hex');
}

/** The headers that sign `payload` at `now` (for `scope`, a provider's name, when the call is a webhook). */
export function signedHeaders(secret: string, payload: Buffer | string, now: Date, scope?: string): Record<string, string> {
  const timestamp = String(Math.floor(now.getTime() / 1000));
  return { [TIMESTAMP_HEADER]: timestamp, [SIGNATURE_HEADER]: signature(secret, timestamp, payload, scope) };
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return typeof value === 'string' ? value : undefined;
}

/**
 * Checks X-Timestamp and X-Signature over `payload`: a missing or malformed
 * header, a timestamp out of the window or a wrong signature throws. The
 * signatures are compared in constant time.
 */
export function verifySignature(secret: string, headers: IncomingHttpHeaders, payload: Buffer | string, now: Date, scope?: string): void {
  const timestamp = header(headers, TIMESTAMP_HEADER);
  const given = header(headers, SIGNATURE_HEADER);
  if (timestamp === undefined || !/^\d{1,12}$/.test(timestamp)) throw new WebhookRefused('signature', 'missing or malformed timestamp');
  if (given === undefined || !/^[0-9a-f]{64}$/i.test(given)) throw new WebhookRefused('signature', 'missing or malformed signature');
  const age = now.getTime() - Number(timestamp) * 1000;
  if (age > WEBHOOK_TOLERANCE_MS) throw new WebhookRefused('signature', 'timestamp too old');
  if (age < -WEBHOOK_FUTURE_SKEW_MS) throw new WebhookRefused('signature', 'timestamp in the future');
  const expected = Buffer.from(signature(secret, timestamp, payload, scope), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(given, 'hex'))) throw new WebhookRefused('signature', 'wrong signature');
}

/** A provider that signs as described above and posts PaymentWebhook as JSON (the built-in ones). */
export function hmacPaymentProvider(name: QrProvider, secret: string): PaymentProvider {
  return {
    name,
    readWebhook({ headers, rawBody }, now) {
      // Signed for this provider: a body signed for another is refused, even under a shared secret.
      verifySignature(secret, headers, rawBody, now, name);
      let body: unknown;
      try {
        body = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw new WebhookRefused('body', 'not JSON');
      }
      const result = v.safeParse(PaymentWebhook, body);
      if (!result.success) throw new WebhookRefused('body', `not a payment: ${result.issues[0].message}`);
      return result.output;
    },
  };
}

/** The built-in providers (KBANK QR, WW, E2P), each with its secret from the configuration. */
export function builtInPaymentProviders(config: { paymentWebhookSecrets: Record<QrProvider, string> }): PaymentProviders {
  return new Map(QR_PROVIDERS.map((name) => [name, hmacPaymentProvider(name, config.paymentWebhookSecrets[name])]));
}
