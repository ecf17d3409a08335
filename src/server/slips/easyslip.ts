/**
 * Slip verification through EasySlip's API v2 (POST {base}/verify/bank,
 * base https://api.easyslip.com/v2), as its documentation describes it:
 * a JSON body `{ payload, checkDuplicate }` with the slip QR's text
 * (1-128 characters) and `Authorization: Bearer <key>`; success is
 * `{ success: true, data: { isDuplicate, amountInSlip, rawSlip, ... } }`,
 * where rawSlip is the bank's record (transRef, date, amount, sender and
 * receiver with bank, masked account and names); failure is
 * `{ success: false, error: { code, message } }` with 401 MISSING_API_KEY /
 * INVALID_API_KEY, 403 QUOTA_EXCEEDED (and a deactivated or banned
 * service), 400 VALIDATION_ERROR, 404 SLIP_NOT_FOUND, 500
 * API_SERVER_ERROR ("retry later") or INTERNAL_SERVER_ERROR.
 *
 * Only API_SERVER_ERROR, a gateway's 5xx without EasySlip's body and a
 * connection that failed before any answer are tried again (once, within
 * the deadline); a timeout is not, since the first request may have
 * counted. The key never reaches a log line or an error message, nor does
 * the payload.
 */
import * as v from 'valibot';
import { hasAtMostTwoDecimals, toMinor } from '../../contract/money.ts';
import { ProviderFailure, providerCall, type ProviderCallOptions } from '../providers/guarded-call.ts';
import { THAI_BANK_IDS, type BankParty, type SlipVerifier, type Verified } from './verifier.ts';

export const EASYSLIP_API_URL = 'https://api.easyslip.com/v2';
const PROVIDER = 'easyslip';

const text = v.nullish(v.string());
const Party = v.object({
  bank: v.object({ id: v.string(), name: text, short: text }),
  account: v.object({
    name: v.nullish(v.object({ th: text, en: text })),
    bank: v.nullish(v.object({ type: text, account: v.string() })),
    proxy: v.nullish(v.object({ type: text, account: v.string() })),
  }),
});
const Success = v.object({
  success: v.literal(true),
  data: v.object({
    isDuplicate: v.boolean(),
    amountInSlip: v.number(),
    rawSlip: v.object({
      transRef: v.pipe(v.string(), v.minLength(1)),
      date: v.pipe(v.string(), v.isoTimestamp()),
      countryCode: v.optional(v.string(), 'TH'),
      amount: v.object({ amount: v.pipe(v.number(), v.minValue(0.01), v.check(hasAtMostTwoDecimals)) }),
      sender: Party,
      receiver: Party,
    }),
  }),
});
const Failure = v.object({ success: v.literal(false), error: v.object({ code: v.string() }) });

function party({ bank, account }: v.InferOutput<typeof Party>): BankParty {
  return {
    bankId: bank.id,
    bankCode: THAI_BANK_IDS[bank.id] ?? bank.short ?? null,
    account: account.bank?.account ?? null,
    proxy: account.proxy?.account ?? null,
    nameTh: account.name?.th || null,
    nameEn: account.name?.en || null,
  };
}

export interface EasySlipOptions extends Partial<Omit<ProviderCallOptions, 'provider' | 'log' | 'breaker'>> {
  apiKey: string;
  /** EASYSLIP_API_URL: the v2 base; tests and the demo point it at the local fake. */
  baseUrl?: string;
  log: ProviderCallOptions['log'];
  breaker?: ProviderCallOptions['breaker'];
}

/** The answer's JSON, or null when it has none (a proxy's error page). */
async function jsonOf(response: Response): Promise<unknown> {
  const body = await response.text();
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return null;
  }
}

function failureOf(status: number, code: string | null): ProviderFailure {
  const detail = `${status}${code ? ` ${code}` : ''}`;
  if (status === 401) return new ProviderFailure(PROVIDER, 'UNAUTHORIZED', false, detail);
  if (code === 'QUOTA_EXCEEDED' || status === 429) return new ProviderFailure(PROVIDER, 'QUOTA_EXCEEDED', false, detail);
  if (status === 403) return new ProviderFailure(PROVIDER, 'UNAUTHORIZED', false, detail);
  // The documentation says to retry API_SERVER_ERROR later; a gateway's 5xx carries no code and may be retried too.
  if (status >= 500) return new ProviderFailure(PROVIDER, 'SERVER_ERROR', code === null || code === 'API_SERVER_ERROR', detail);
  return new ProviderFailure(PROVIDER, 'BAD_ANSWER', false, detail);
}

export function easySlipVerifier({ apiKey, baseUrl = EASYSLIP_API_URL, log, breaker, ...timing }: EasySlipOptions): SlipVerifier {
  const url = `${baseUrl.replace(/\/+$/, '')}/verify/bank`;
  const call = providerCall({
    provider: PROVIDER,
    timeoutMs: 4_000,
    deadlineMs: 5_000,
    attempts: 2,
    retryDelayMs: 250,
    breaker: breaker ?? { failuresToOpen: 5, openMs: 30_000 },
    log,
    ...timing,
  });

  async function attempt(payload: string, signal: AbortSignal): Promise<Verified> {
    const response = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ payload, checkDuplicate: true }),
      signal,
    });
    const answer = await jsonOf(response);
    if (response.status === 200) {
      const parsed = v.safeParse(Success, answer);
      if (!parsed.success) throw new ProviderFailure(PROVIDER, 'BAD_ANSWER', false, '200 without the documented data');
      const { isDuplicate, rawSlip } = parsed.output.data;
      return {
        found: true,
        duplicate: isDuplicate,
        record: {
          reference: rawSlip.transRef,
          date: new Date(rawSlip.date),
          amount: toMinor(rawSlip.amount.amount),
          country: rawSlip.countryCode,
          sender: party(rawSlip.sender),
          receiver: party(rawSlip.receiver),
        },
      };
    }
    const failed = v.safeParse(Failure, answer);
    const code = failed.success ? failed.output.error.code : null;
    // About this slip, not about the service: the bank knows no such transfer, or the payload is not one it reads.
    // A 404 NOT_FOUND (a wrong endpoint) is a configuration's fault and fails below.
    if ((response.status === 404 && code === 'SLIP_NOT_FOUND') || (response.status === 400 && code !== null)) return { found: false, code };
    throw failureOf(response.status, code);
  }

  return {
    name: PROVIDER,
    async verify(payload) {
      try {
        return await call((signal) => attempt(payload, signal));
      } catch (error) {
        if (error instanceof ProviderFailure && error.reason !== 'CIRCUIT_OPEN') log.warn({ provider: PROVIDER, reason: error.reason }, `slip not verified: ${error.message}`);
        throw error;
      }
    },
  };
}
