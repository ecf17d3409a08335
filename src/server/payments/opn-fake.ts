/**
 * A local fake of the part of Opn Payments' API this app uses, for tests
 * and for trying PAYMENT_PROVIDER=opn in demo mode (`npm run fake:opn`).
 * It checks each request the way Opn's documentation describes it and
 * answers what Opn would:
 *
 * - HTTP Basic authentication, the secret key as the user: otherwise 401
 *   `{ object: "error", code: "authentication_failure" }`.
 * - `POST /sources` (`type=promptpay`, `amount`, `currency`) and
 *   `POST /charges` (`amount` in satang, `currency=thb`, and
 *   `source[type]=promptpay` or `source=src_…`; form-encoded or JSON): a
 *   pending charge whose `source.scannable_code.image.download_uri` is an
 *   SVG QR (a PromptPay bill payment for the amount) and `expires_at`.
 * - `GET /charges/{id}`, `POST /charges/{id}/expire`.
 * - Opn's test-mode `POST /charges/{id}/mark_as_paid` and
 *   `/mark_as_failed`: the charge completes and a `charge.complete` event
 *   goes to the webhook address, as Opn's dashboard would send it.
 *
 * It keeps its charges in memory. Production never talks to it: the
 * server refuses a test key and a plain-http OMISE_API_URL there.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { billPayment } from 'promptparse/generate';
import QRCode from 'qrcode';
import { FAKE_OPN_SECRET_KEY } from '../config.ts';

/** The biller id (tax id and suffix) the fake's QRs pay; not a real merchant. */
const FAKE_BILLER_ID = '010556123456701';
/** How long the fake's charges can be paid. */
const CHARGE_LIFETIME_MS = 24 * 60 * 60_000;

type Status = 'pending' | 'successful' | 'failed' | 'expired' | 'reversed';

interface FakeCharge {
  id: string;
  amount: number;
  status: Status;
  payload: string;
  createdAt: Date;
  expiresAt: Date;
  paidAt: Date | null;
}

export interface FakeOpnOptions {
  secretKey?: string;
  /** Where `charge.complete` events go; null: nowhere. */
  webhookUrl?: string | null;
  /** Also answer the QR as text in `scannable_code.raw_data` (newer API versions do). */
  rawData?: boolean;
  port?: number;
  host?: string;
  clock?: () => Date;
}

/** How the fake answers the next calls: as Opn, as an Opn that is down (503), or never (a hung connection). */
export type FakeOpnMode = 'normal' | 'down' | 'hang';

export interface FakeOpn {
  baseUrl: string;
  /** Every request, as `METHOD path`, in order. */
  readonly requests: string[];
  /** Why each refused request was refused. */
  readonly refused: string[];
  mode(next: FakeOpnMode): void;
  /**
   * Holds the answers to `GET /charges/{id}` from now on, so a test can have
   * several callers asking at once: `reached(n)` settles once n reads wait,
   * `release()` answers them (the charges as they are then) and holds no more.
   */
  holdChargeReads(): { reached(count: number): Promise<void>; release(): void };
  /** Changes a charge as Opn's own side would (a payment the bank reports, a charge that ran out). */
  setStatus(id: string, status: Status): void;
  /** Where `charge.complete` events go from now on. */
  webhookTo(url: string | null): void;
  /** Sends a `charge.complete` event for the charge as it is now; answers the webhook's status (0: no webhook address). */
  sendComplete(id: string): Promise<number>;
  charge(id: string): Readonly<FakeCharge> | undefined;
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(10).toString('hex').slice(0, 19)}`;

export async function startFakeOpn({ secretKey = FAKE_OPN_SECRET_KEY, webhookUrl: firstWebhookUrl = null, rawData = false, port = 0, host = '127.0.0.1', clock = () => new Date() }: FakeOpnOptions = {}): Promise<FakeOpn> {
  const charges = new Map<string, FakeCharge>();
  const sources = new Map<string, { amount: number }>();
  const requests: string[] = [];
  const refused: string[] = [];
  const held: ServerResponse[] = [];
  let mode: FakeOpnMode = 'normal';
  type Hold = { waiting: (() => void)[]; watchers: { count: number; resolve: () => void }[] };
  let hold: Hold | null = null;
  let webhookUrl = firstWebhookUrl;
  let baseUrl = '';

  function send(response: ServerResponse, status: number, body: unknown) {
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  }
  function error(response: ServerResponse, status: number, code: string, message: string) {
    refused.push(`${code}: ${message}`);
    send(response, status, { object: 'error', location: `https://docs.opn.ooo/api-errors#${code}`, code, message });
  }

  /** A pending charge past its time has expired, as Opn reports it. */
  function current(charge: FakeCharge): FakeCharge {
    if (charge.status === 'pending' && clock() >= charge.expiresAt) charge.status = 'expired';
    return charge;
  }

  function chargeJson(charge: FakeCharge) {
    const { status } = current(charge);
    return {
      object: 'charge',
      id: charge.id,
      livemode: false,
      location: `/charges/${charge.id}`,
      amount: charge.amount,
      currency: 'THB',
      status,
      paid: status === 'successful',
      expired: status === 'expired',
      authorized: status === 'successful',
      reversed: status === 'reversed',
      failure_code: status === 'failed' ? 'payment_rejected' : null,
      created_at: charge.createdAt.toISOString(),
      paid_at: charge.paidAt?.toISOString() ?? null,
      expires_at: charge.expiresAt.toISOString(),
      metadata: {},
      source: {
        object: 'source',
        type: 'promptpay',
        flow: 'offline',
        amount: charge.amount,
        currency: 'THB',
        scannable_code: {
          object: 'barcode',
          type: 'qr',
          image: {
            object: 'document',
            filename: 'qrcode.svg',
            download_uri: `${baseUrl}/charges/${charge.id}/documents/qrcode.svg`,
          },
          ...(rawData && { raw_data: charge.payload }),
        },
      },
    };
  }

  async function body(request: IncomingMessage): Promise<Record<string, unknown>> {
    let text = '';
    for await (const chunk of request) text += chunk;
    if (text === '') return {};
    if (request.headers['content-type']?.startsWith('application/json')) return JSON.parse(text) as Record<string, unknown>;
    // Form fields `source[type]=promptpay` read as { source: { type } }, as Opn reads them.
    const fields: Record<string, unknown> = {};
    for (const [key, value] of new URLSearchParams(text)) {
      const nested = /^(\w+)\[(\w+)\]$/.exec(key);
      if (nested) fields[nested[1]!] = { ...(fields[nested[1]!] as object | undefined), [nested[2]!]: value };
      else fields[key] = value;
    }
    return fields;
  }

  function amountOf(value: unknown): number | null {
    const amount = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,12}$/.test(value) ? Number(value) : NaN;
    return Number.isInteger(amount) && amount > 0 ? amount : null;
  }

  async function createCharge(response: ServerResponse, fields: Record<string, unknown>) {
    const amount = amountOf(fields.amount);
    if (amount === null) return error(response, 400, 'invalid_amount', 'amount must be a positive integer in satang');
    if (typeof fields.currency !== 'string' || fields.currency.toLowerCase() !== 'thb') return error(response, 400, 'invalid_charge', 'currency is not supported for promptpay');
    const source = fields.source;
    if (typeof source === 'string') {
      const known = sources.get(source);
      if (!known) return error(response, 404, 'not_found', 'source was not found');
      if (known.amount !== amount) return error(response, 400, 'invalid_charge', 'amount must match the source amount');
    } else if (!source || typeof source !== 'object' || (source as { type?: unknown }).type !== 'promptpay') {
      return error(response, 400, 'invalid_charge', 'source type is not supported');
    }
    const chargeId = id('chrg');
    const now = clock();
    const payload = billPayment({ billerId: FAKE_BILLER_ID, amount: amount / 100, ref1: chargeId.slice(-19).toUpperCase().replace(/[^0-9A-Z]/g, '') });
    const charge: FakeCharge = { id: chargeId, amount, status: 'pending', payload, createdAt: now, expiresAt: new Date(now.getTime() + CHARGE_LIFETIME_MS), paidAt: null };
    charges.set(chargeId, charge);
    send(response, 200, chargeJson(charge));
  }

  async function sendComplete(chargeId: string): Promise<number> {
    const charge = charges.get(chargeId);
    if (!charge || !webhookUrl) return 0;
    const event = { object: 'event', id: id('evnt'), livemode: false, key: 'charge.complete', created_at: clock().toISOString(), data: chargeJson(charge) };
    const answer = await fetch(webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(event), signal: AbortSignal.timeout(10_000) });
    await answer.arrayBuffer();
    return answer.status;
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const path = new URL(request.url ?? '/', 'http://fake').pathname;
    requests.push(`${request.method} ${path}`);
    if (mode === 'hang') return void held.push(response);
    if (mode === 'down') return response.writeHead(503, { 'content-type': 'text/html' }).end('<html>Service Unavailable</html>');
    const download = /^\/charges\/(chrg_test_\w+)\/documents\/qrcode\.svg$/.exec(path);
    if (download && request.method === 'GET') {
      const charge = charges.get(download[1]!);
      if (!charge) return error(response, 404, 'not_found', 'document was not found');
      const svg = await QRCode.toString(charge.payload, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
      return response.writeHead(200, { 'content-type': 'image/svg+xml' }).end(svg);
    }
    const expected = `Basic ${Buffer.from(`${secretKey}:`).toString('base64')}`;
    if (request.headers.authorization !== expected) return error(response, 401, 'authentication_failure', 'authentication failed');
    let fields: Record<string, unknown>;
    try {
      fields = await body(request);
    } catch {
      return error(response, 400, 'bad_request', 'the body could not be read');
    }
    if (request.method === 'POST' && path === '/sources') {
      const amount = amountOf(fields.amount);
      if (fields.type !== 'promptpay' || amount === null) return error(response, 400, 'invalid_source', 'type and amount are required');
      const sourceId = id('src');
      sources.set(sourceId, { amount });
      return send(response, 200, { object: 'source', id: sourceId, type: 'promptpay', flow: 'offline', amount, currency: 'THB', scannable_code: null });
    }
    if (request.method === 'POST' && path === '/charges') return createCharge(response, fields);
    const match = /^\/charges\/([\w]+)(?:\/(expire|mark_as_paid|mark_as_failed))?$/.exec(path);
    const charge = match ? charges.get(match[1]!) : undefined;
    if (!match || !charge) return error(response, 404, 'not_found', 'charge was not found');
    const action = match[2];
    if (request.method === 'GET' && action === undefined) {
      if (hold) {
        const { waiting, watchers } = hold;
        const released = new Promise<void>((resolve) => waiting.push(resolve));
        for (const watcher of watchers.filter(({ count }) => waiting.length >= count)) watcher.resolve();
        await released;
      }
      return send(response, 200, chargeJson(charge));
    }
    if (request.method !== 'POST' || action === undefined) return error(response, 404, 'not_found', 'not found');
    if (current(charge).status !== 'pending') return error(response, 400, 'failed_processing', `the charge is ${charge.status}`);
    if (action === 'expire') charge.status = 'expired';
    if (action === 'mark_as_failed') charge.status = 'failed';
    if (action === 'mark_as_paid') {
      charge.status = 'successful';
      charge.paidAt = clock();
    }
    // Opn tells the webhook when a charge completes; the answer waits for it so a caller knows the outcome.
    const delivered = action === 'expire' ? 0 : await sendComplete(charge.id).catch(() => -1);
    response.setHeader('fake-webhook-status', String(delivered));
    send(response, 200, chargeJson(charge));
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  baseUrl = `http://${host}:${(server.address() as AddressInfo).port}`;

  return {
    baseUrl,
    requests,
    refused,
    mode(next) {
      mode = next;
    },
    holdChargeReads() {
      const current: Hold = { waiting: [], watchers: [] };
      hold = current;
      return {
        reached: (count) => new Promise<void>((resolve) => (current.waiting.length >= count ? resolve() : current.watchers.push({ count, resolve }))),
        release() {
          if (hold === current) hold = null;
          for (const answer of current.waiting.splice(0)) answer();
        },
      };
    },
    setStatus(chargeId, status) {
      const charge = charges.get(chargeId);
      if (!charge) throw new Error(`no charge ${chargeId}`);
      charge.status = status;
      if (status === 'successful') charge.paidAt = clock();
    },
    webhookTo(url) {
      webhookUrl = url;
    },
    sendComplete,
    charge: (chargeId) => charges.get(chargeId),
    async close() {
      if (hold) for (const answer of hold.waiting.splice(0)) answer();
      for (const response of held) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Pays a charge as a member's bank would, through the fake's test-mode
 * `POST /charges/{id}/mark_as_paid` (what `npm run fake:opn -- pay` does):
 * answers the charge's status, or `refused` with the fake's error code, and
 * the status the app's webhook answered the event with (0: no webhook
 * address, -1: the app did not answer).
 */
export async function markChargePaid(apiUrl: string, secretKey: string, chargeId: string): Promise<{ status: string; webhook: number; code?: string }> {
  const response = await fetch(new URL(`/charges/${encodeURIComponent(chargeId)}/mark_as_paid`, apiUrl), {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${secretKey}:`).toString('base64')}` },
    signal: AbortSignal.timeout(15_000),
  });
  const answer = (await response.json()) as { status?: string; code?: string };
  if (!response.ok) return { status: 'refused', webhook: 0, code: answer.code ?? String(response.status) };
  return { status: answer.status ?? 'unknown', webhook: Number(response.headers.get('fake-webhook-status') ?? 0) };
}
