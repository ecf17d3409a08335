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
import { AnswerTooLarge, fetchAnswer, ProviderFailure, providerClient, type ProviderAnswer, type ProviderOptions } from '../providers/http.ts';
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

export interface EasySlipOptions extends Omit<ProviderOptions, 'provider'> {
  apiKey: string;
  /** EASYSLIP_API_URL: the v2 base; tests and the demo point it at the local fake. */
  baseUrl?: string;
  /** One attempt's limit (4 s). */
  timeoutMs?: number;
  /** Both attempts and the pause between them (5 s). */
  deadlineMs?: number;
  /** 1: no retry (2). */
  attempts?: number;
  /** The pause before the retry (0.25 s). */
  retryDelayMs?: number;
}

function failureOf(status: number, code: string | null): ProviderFailure {
  const answered = { status, detail: `answered ${status}${code ? ` ${code}` : ''}` };
  if (status === 401) return new ProviderFailure(PROVIDER, 'UNAUTHORIZED', answered);
  if (code === 'QUOTA_EXCEEDED' || status === 429) return new ProviderFailure(PROVIDER, 'QUOTA_EXCEEDED', answered);
  if (status === 403) return new ProviderFailure(PROVIDER, 'UNAUTHORIZED', answered);
  // The documentation says to retry API_SERVER_ERROR later; a gateway's 5xx carries no code and may be retried too.
  if (status >= 500) return new ProviderFailure(PROVIDER, 'SERVER_ERROR', { ...answered, retryable: code === null || code === 'API_SERVER_ERROR' });
  return new ProviderFailure(PROVIDER, 'BAD_ANSWER', answered);
}

export function easySlipVerifier({
  apiKey,
  baseUrl = EASYSLIP_API_URL,
  timeoutMs = 4_000,
  deadlineMs = 5_000,
  attempts = 2,
  retryDelayMs = 250,
  ...provider
}: EasySlipOptions): SlipVerifier {
  const url = new URL(`${baseUrl.replace(/\/+$/, '')}/verify/bank`);
  const easyslip = providerClient({ provider: PROVIDER, ...provider });
  // Not repeatable: a second request after a timeout would find the first one's slip a duplicate.
  const call = { label: 'POST /verify/bank', timeoutMs, deadlineMs, repeatable: false, retries: attempts - 1, pausesMs: [retryDelayMs] };

  async function attempt(payload: string, signal: AbortSignal): Promise<Verified> {
    let response: ProviderAnswer;
    try {
      response = await fetchAnswer(
        {
          method: 'POST',
          url,
          headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ payload, checkDuplicate: true }),
        },
        signal,
      );
    } catch (error) {
      // No connection at all (refused, reset, DNS) is tried again; a timeout (the signal's) or an oversized answer is not.
      if (signal.aborted || error instanceof AnswerTooLarge) throw error;
      throw new ProviderFailure(PROVIDER, 'NETWORK', { retryable: true, detail: `could not be reached (${error instanceof Error ? error.message : String(error)})` });
    }
    const answer = response.json;
    if (response.status === 200) {
      const parsed = v.safeParse(Success, answer);
      if (!parsed.success) throw new ProviderFailure(PROVIDER, 'BAD_ANSWER', { status: 200, detail: 'answered 200 without the documented data' });
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
    // A failure is logged by the call (provider, reason, attempt), never with the key or the payload.
    verify: (payload) => easyslip.call(call, (signal) => attempt(payload, signal)),
  };
}
