/**
 * Opn Payments (formerly Omise), the PromptPay charges behind QR deposits
 * when PAYMENT_PROVIDER=opn (docs/decisions/0135-opn-payments.md), as its
 * public API documents them (https://docs.opn.ooo, https://docs.omise.co):
 *
 * - `POST /charges`, form-encoded `amount` (satang), `currency=thb`,
 *   `source[type]=promptpay`, HTTP Basic authentication with the secret key
 *   as the user and no password, `Omise-Version` pinning the API version.
 *   The answer is the charge: `id` (`chrg_…`), `status` (pending,
 *   successful, failed, expired, reversed), `expires_at`, and its source's
 *   `scannable_code` (the QR image at `image.download_uri`).
 * - `GET /charges/{id}`: the charge as it is now. This is what a credit
 *   believes, never a webhook's body.
 * - `POST /charges/{id}/expire`: a pending charge can no longer be paid.
 * - Webhook events `{ object: "event", key, data }`; `charge.complete`
 *   carries the charge that finished.
 *
 * Only reads are retried (providers/http.ts); creating a charge is not,
 * since a second try could make a second charge. Retrieving a charge is
 * what the webhook, which anyone can post to, sets off: it runs under a
 * circuit breaker of its own, so a flood of webhook calls that fail at Opn
 * cannot fail members' QRs fast, nor stop the job that checks open charges
 * (its reads have a breaker of their own too).
 */
import * as v from 'valibot';
import type { Clock } from '../clock.ts';
import { providerClient, type CallOptions, type ProviderLog, type ProviderRequest } from '../providers/http.ts';
import { WebhookRefused } from './webhook.ts';

export const OPN_API_URL = 'https://api.omise.co';
/** The API version the requests and answers below follow (PromptPay needs 2017-11-02 or later). */
export const OPN_API_VERSION = '2019-05-29';
/** A member waits for the QR on this; Opn answers a charge in well under a second. */
export const OPN_TIMEOUT_MS = 10_000;
/** Reads are tried at most three times, 0.5 s and 2 s apart. */
export const OPN_READ_RETRIES = 2;
export const OPN_BACKOFF_MS = [500, 2_000] as const;
/** The QR picture is small; anything larger is not one. */
const IMAGE_MAX_BYTES = 1024 * 1024;

export const CHARGE_ID = /^chrg_(test_)?[0-9a-z]{8,64}$/;

/** The fields of a charge this app reads; Opn's other fields are ignored. */
export const OpnCharge = v.object({
  object: v.literal('charge'),
  id: v.pipe(v.string(), v.regex(CHARGE_ID)),
  amount: v.pipe(v.number(), v.integer(), v.minValue(0)),
  currency: v.string(),
  status: v.string(),
  paid: v.optional(v.boolean()),
  paid_at: v.nullish(v.string()),
  expires_at: v.nullish(v.string()),
  source: v.nullish(
    v.object({
      type: v.string(),
      scannable_code: v.nullish(
        v.object({
          image: v.nullish(v.object({ download_uri: v.string() })),
          raw_data: v.nullish(v.string()),
        }),
      ),
    }),
  ),
});
export type OpnCharge = v.InferOutput<typeof OpnCharge>;

const OpnError = v.object({ object: v.literal('error'), code: v.string(), message: v.optional(v.string()) });

const OpnEvent = v.object({
  object: v.literal('event'),
  key: v.string(),
  data: v.object({ object: v.string(), id: v.string() }),
});

/** Opn answered, and refused (4xx with its error `code`) or answered something that is not a charge. */
export class OpnRefused extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | null,
  ) {
    super(message);
    this.name = 'OpnRefused';
  }
}

export interface OpnOptions {
  secretKey: string;
  apiUrl?: string;
  timeoutMs?: number;
  clock: Clock;
  log: ProviderLog;
  /** Waits between retries; tests give none. */
  sleep?: (ms: number) => Promise<void>;
}

export interface OpnClient {
  /** A pending PromptPay charge of `amount` satang. */
  createPromptPayCharge(amount: bigint): Promise<OpnCharge>;
  /**
   * The charge as Opn has it now; null when Opn knows no such charge. Under a
   * breaker of the asker's own: the webhook's (anyone can set it off) or the
   * check job's, never the one members' QRs use.
   */
  retrieveCharge(id: string, asker?: ChargeAsker): Promise<OpnCharge | null>;
  /** Asks Opn to expire a pending charge, so it can no longer be paid. */
  expireCharge(id: string): Promise<void>;
  /** The bytes at a charge's QR `download_uri`. */
  downloadQrImage(uri: string): Promise<Buffer>;
}

/** Who asks Opn about a charge: the webhook (anyone can post to it) or the job that checks open charges. */
export type ChargeAsker = 'webhook' | 'check';

export function opnClient({ secretKey, apiUrl = OPN_API_URL, timeoutMs = OPN_TIMEOUT_MS, clock, log, sleep }: OpnOptions): OpnClient {
  const authorization = `Basic ${Buffer.from(`${secretKey}:`).toString('base64')}`;
  const headers = { authorization, accept: 'application/json', 'omise-version': OPN_API_VERSION };
  const common = { provider: 'opn', log, now: () => clock().getTime(), ...(sleep && { pause: sleep }) };
  // The calls a member waits on (creating, expiring, the QR picture), and the webhook's checks apart.
  const provider = providerClient(common);
  const lookups = { webhook: providerClient({ ...common, circuit: 'webhook' }), check: providerClient({ ...common, circuit: 'check' }) };
  const read: CallOptions = { timeoutMs, repeatable: true, retries: OPN_READ_RETRIES, pausesMs: OPN_BACKOFF_MS };
  const write: CallOptions = { timeoutMs, repeatable: false };
  const api = (path: string) => new URL(path, apiUrl);

  async function charge(options: CallOptions, request: ProviderRequest, { missingIsNull = false, client = provider } = {}): Promise<OpnCharge | null> {
    const answer = await client.request(options, request);
    const path = request.url.pathname;
    if (answer.status === 404 && missingIsNull) return null;
    if (answer.status >= 200 && answer.status < 300) {
      const parsed = v.safeParse(OpnCharge, answer.json);
      if (parsed.success) return parsed.output;
      throw new OpnRefused(`opn: ${request.method} ${path} answered ${answer.status} without a charge`, answer.status, null);
    }
    const error = v.safeParse(OpnError, answer.json);
    const code = error.success ? error.output.code : null;
    log.warn({ provider: 'opn', status: answer.status, opnCode: code }, `opn: ${request.method} ${path} refused`);
    throw new OpnRefused(`opn: ${request.method} ${path} answered ${answer.status}${code ? ` (${code})` : ''}`, answer.status, code);
  }

  return {
    async createPromptPayCharge(amount) {
      const body = new URLSearchParams({ amount: String(amount), currency: 'thb', 'source[type]': 'promptpay' }).toString();
      const created = await charge(write, { method: 'POST', url: api('/charges'), headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' }, body });
      if (!created) throw new OpnRefused('opn: no charge created', 404, null);
      return created;
    },
    retrieveCharge(id, asker = 'webhook') {
      if (!CHARGE_ID.test(id)) return Promise.resolve(null);
      return charge(read, { method: 'GET', url: api(`/charges/${id}`), headers }, { missingIsNull: true, client: lookups[asker] });
    },
    async expireCharge(id) {
      if (!CHARGE_ID.test(id)) return;
      await charge(write, { method: 'POST', url: api(`/charges/${id}/expire`), headers });
    },
    async downloadQrImage(uri) {
      const url = new URL(uri);
      // The secret key goes to Opn's own API origin only, never to another host a charge might name.
      const sameOrigin = url.origin === new URL(apiUrl).origin;
      const answer = await provider.request(read, { method: 'GET', url, headers: sameOrigin ? { authorization } : {} });
      if (answer.status !== 200 || answer.bytes.length > IMAGE_MAX_BYTES) throw new OpnRefused(`opn: the QR image answered ${answer.status}`, answer.status, null);
      return answer.bytes;
    },
  };
}

/**
 * The charge id a webhook call reports as complete, or null for any other
 * event (answered 200 so Opn stops sending it). Nothing else of the body is
 * believed: the charge is retrieved before anything is done with it.
 */
export function completedChargeOf(rawBody: Buffer): string | null {
  let body: unknown;
  try {
    body = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new WebhookRefused('body', 'not JSON');
  }
  const event = v.safeParse(OpnEvent, body);
  if (!event.success) throw new WebhookRefused('body', 'not an Opn event');
  const { key, data } = event.output;
  if (key !== 'charge.complete' || data.object !== 'charge') return null;
  if (!CHARGE_ID.test(data.id)) throw new WebhookRefused('body', 'not a charge id');
  return data.id;
}

