/**
 * A local fake of EasySlip's API v2 for tests and for trying the app
 * (`npm run fake:easyslip`): it answers `POST /v2/verify/bank` as the
 * documentation describes (./easyslip.ts) from transfers made on it, and
 * refuses what the real service refuses (a missing or wrong bearer key,
 * a payload that is not 1-128 characters). Transfers are made with
 * `add()` in a test or `POST /fake/transfers` (same bearer key) from
 * `npm run simulate:slip`; each answers the slip QR's text to print.
 * Production refuses its key and any address on this machine (config.ts).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { slipVerify } from 'promptparse/generate';
import * as v from 'valibot';

/** The fake's key: in the source, so production refuses it (config.ts VALUES_IN_THE_SOURCE). */
export const FAKE_EASYSLIP_API_KEY = 'fake-easyslip-key-for-trying-the-app';

const Account = v.object({
  /** The Bank of Thailand's 3-digit code ("004" KBank). */
  bankId: v.pipe(v.string(), v.regex(/^\d{3}$/)),
  accountNo: v.pipe(v.string(), v.regex(/^\d{6,15}$/)),
  /**
   * The English name as the bank shows it, shown as given: the holder's
   * name ("SOMCHAI JAIDEE", "MEKONG WALLET CO LTD"), or with a title or a
   * last name cut short ("MR. SOMCHAI J") as some banks show it.
   */
  name: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  /** The Thai name as the bank shows it; none when left out. */
  nameTh: v.optional(v.string()),
  /** A PromptPay proxy the money was paid to instead of the account number. */
  proxy: v.optional(v.string()),
});
const Transfer = v.object({
  reference: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9]{6,50}$/))),
  /** Major units (baht). */
  amount: v.pipe(v.number(), v.minValue(0.01)),
  /** ISO time; now when left out. */
  date: v.optional(v.pipe(v.string(), v.isoTimestamp())),
  sender: Account,
  receiver: Account,
});
export type FakeTransfer = v.InferInput<typeof Transfer>;

/** How the fake answers the next verify calls instead of looking the slip up. */
export type FakeTrouble = 'api-server-error' | 'internal-error' | 'quota' | 'gateway' | 'hang';

export interface FakeEasySlip {
  /** The API v2 base to give as EASYSLIP_API_URL. */
  url: string;
  /** Makes a transfer the bank knows; answers the slip QR's text. */
  add(transfer: FakeTransfer): string;
  /** The next `times` verify calls answer with this trouble. */
  trouble(kind: FakeTrouble, times?: number): void;
  /** Verify calls received (refused ones too). */
  readonly calls: number;
  close(): Promise<void>;
}

let serial = 0;

/** A bank's mask of an account number: KBank's shape for 10 digits, the last four otherwise. */
function mask(accountNo: string): string {
  if (accountNo.length === 10) return `xxx-x-x${accountNo.slice(5, 9)}-x`;
  return `${'x'.repeat(accountNo.length - 4)}${accountNo.slice(-4)}`;
}

function party({ bankId, accountNo, name, nameTh, proxy }: v.InferOutput<typeof Account>) {
  return {
    bank: { id: bankId, name: null, short: null },
    account: {
      name: { th: nameTh ?? null, en: name },
      bank: { type: 'BANKAC', account: mask(accountNo) },
      ...(proxy && { proxy: { type: 'NATID', account: mask(proxy) } }),
    },
  };
}

export async function startFakeEasySlip({ apiKey = FAKE_EASYSLIP_API_KEY, port = 0, host = '127.0.0.1' } = {}): Promise<FakeEasySlip> {
  const transfers = new Map<string, v.InferOutput<typeof Transfer> & { reference: string; date: string }>();
  const verified = new Set<string>();
  const troubles: FakeTrouble[] = [];
  const held = new Set<ServerResponse>();
  let calls = 0;

  function add(input: FakeTransfer): string {
    const transfer = v.parse(Transfer, input);
    serial += 1;
    const reference = transfer.reference ?? `${Date.now()}FAKE${String(serial).padStart(6, '0')}`;
    const payload = slipVerify({ sendingBank: transfer.sender.bankId, transRef: reference });
    transfers.set(payload, { ...transfer, reference, date: transfer.date ?? new Date().toISOString() });
    return payload;
  }

  function send(response: ServerResponse, status: number, body: unknown) {
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  }
  const error = (response: ServerResponse, status: number, code: string, message: string) => send(response, status, { success: false, error: { code, message } });

  function verify(body: Record<string, unknown>, response: ServerResponse) {
    const trouble = troubles.shift();
    if (trouble === 'hang') return void held.add(response);
    if (trouble === 'api-server-error') return error(response, 500, 'API_SERVER_ERROR', 'External API error');
    if (trouble === 'internal-error') return error(response, 500, 'INTERNAL_SERVER_ERROR', 'Internal server error');
    if (trouble === 'quota') return error(response, 403, 'QUOTA_EXCEEDED', 'Your API quota has been exceeded');
    if (trouble === 'gateway') return void response.writeHead(502, { 'content-type': 'text/html' }).end('<html>Bad Gateway</html>');
    const { payload, checkDuplicate, matchAmount } = body;
    if (typeof payload !== 'string' || payload.length < 1 || payload.length > 128) return error(response, 400, 'VALIDATION_ERROR', 'Validation failed');
    const transfer = transfers.get(payload);
    if (!transfer) return error(response, 404, 'SLIP_NOT_FOUND', 'Slip not found or invalid');
    const isDuplicate = checkDuplicate === true && verified.has(payload);
    verified.add(payload);
    send(response, 200, {
      success: true,
      message: 'Slip verified successfully',
      data: {
        isDuplicate,
        matchedAccount: null,
        amountInSlip: transfer.amount,
        ...(typeof matchAmount === 'number' && { amountInOrder: matchAmount, isAmountMatched: matchAmount === transfer.amount }),
        rawSlip: {
          payload,
          transRef: transfer.reference,
          date: transfer.date,
          countryCode: 'TH',
          amount: { amount: transfer.amount, local: { amount: 0, currency: '' } },
          fee: 0,
          sender: party(transfer.sender),
          receiver: party(transfer.receiver),
        },
      },
    });
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    let text = '';
    for await (const chunk of request) text += chunk;
    const path = request.url ?? '';
    if (path === '/v2/verify/bank') calls += 1;
    if (request.method !== 'POST' || (path !== '/v2/verify/bank' && path !== '/fake/transfers')) return error(response, 404, 'NOT_FOUND', 'Resource not found');
    const authorization = request.headers.authorization;
    if (!authorization) return error(response, 401, 'MISSING_API_KEY', 'Authorization header is required');
    if (authorization !== `Bearer ${apiKey}`) return error(response, 401, 'INVALID_API_KEY', 'The provided API key is invalid');
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return error(response, 400, 'VALIDATION_ERROR', 'Validation failed');
    }
    if (typeof body !== 'object' || body === null) return error(response, 400, 'VALIDATION_ERROR', 'Validation failed');
    if (path === '/v2/verify/bank') return verify(body as Record<string, unknown>, response);
    const parsed = v.safeParse(Transfer, body);
    if (!parsed.success) return error(response, 400, 'VALIDATION_ERROR', 'Validation failed');
    const payload = add(parsed.output);
    send(response, 201, { success: true, data: { payload, reference: transfers.get(payload)!.reference } });
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => error(response, 500, 'INTERNAL_SERVER_ERROR', 'Internal server error'));
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://${host}:${address.port}/v2`,
    add,
    trouble(kind, times = 1) {
      for (let i = 0; i < times; i += 1) troubles.push(kind);
    },
    get calls() {
      return calls;
    },
    async close() {
      for (const response of held) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
