/**
 * SMS through Twilio's Messages API
 * (https://www.twilio.com/docs/messaging/api/message-resource#create-a-message-resource):
 * `POST /2010-04-01/Accounts/{AccountSid}/Messages.json`, a form-encoded
 * body (`To`, `From` or `MessagingServiceSid`, `Body`) and HTTP Basic
 * authentication with the Account SID and Auth Token. Twilio answers 201
 * with the new message (its `sid`); an error is 4xx/5xx with
 * `{ code, message, more_info, status }`.
 *
 * Any failure throws, and so does an answer that takes too long: the OTP
 * route then answers OTP_SEND_FAIL. The token never reaches a log line or
 * an error message.
 */
import type { TwilioCredentials } from '../config.ts';
import type { Variant } from '../../contract/rules/members.ts';
import type { SmsSender } from './sms.ts';

export const TWILIO_API_URL = 'https://api.twilio.com';

/** Long enough for a slow gateway, short enough that the member's request does not hang. */
export const TWILIO_TIMEOUT_MS = 10_000;

const COUNTRY_CODES: Record<Variant, string> = { th: '66', la: '856' };

/**
 * A member's phone as E.164, by the variant's country: the national form
 * drops its leading 0 (Thai 0812345678 → +66812345678, Lao 02055512345 →
 * +8562055512345). Lao numbers are also written without the 0 or with the
 * country code (no Lao national number starts with 856); a Thai number
 * always has its 0.
 */
export function e164(variant: Variant, phone: string): string {
  const country = COUNTRY_CODES[variant];
  if (!/^\d{8,15}$/.test(phone)) throw new RangeError('not a phone number');
  if (phone.startsWith('0')) return `+${country}${phone.slice(1)}`;
  if (variant === 'th') throw new RangeError('not a Thai phone number');
  return phone.startsWith(country) ? `+${phone}` : `+${country}${phone}`;
}

/** Twilio refused or failed to send; `code` is Twilio's error code when it gave one. */
export class TwilioError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly code: number | null,
  ) {
    super(message);
    this.name = 'TwilioError';
  }
}

export interface TwilioOptions {
  credentials: TwilioCredentials;
  variant: Variant;
  /** Twilio's API origin; tests point it at a local fake. */
  baseUrl?: string;
  timeoutMs?: number;
  /** Where a failure is logged with Twilio's status and error code (never the token). */
  log?: { warn(fields: object, message: string): void };
}

export function twilioSms({ credentials, variant, baseUrl = TWILIO_API_URL, timeoutMs = TWILIO_TIMEOUT_MS, log }: TwilioOptions): SmsSender {
  const { accountSid, authToken, from } = credentials;
  const url = new URL(`/2010-04-01/Accounts/${accountSid}/Messages.json`, baseUrl);
  const authorization = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
  // Twilio's docs: a Messaging Service SID goes in MessagingServiceSid, a number in From.
  const sender: Record<string, string> = from.startsWith('MG') ? { MessagingServiceSid: from } : { From: from };

  function fail(error: TwilioError): never {
    log?.warn({ status: error.status, twilioCode: error.code }, `SMS not sent: ${error.message}`);
    throw error;
  }

  return {
    async send(phone, text) {
      const form = new URLSearchParams({ To: e164(variant, phone), ...sender, Body: text });
      let response: Response;
      let answer: { sid?: unknown; code?: unknown; message?: unknown } | null;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: form.toString(),
          signal: AbortSignal.timeout(timeoutMs),
        });
        // The timeout covers the body too; an answer that is not JSON (a proxy's page) is null.
        answer = await response.json().catch((error: unknown) => {
          if (error instanceof Error && error.name === 'TimeoutError') throw error;
          return null;
        });
      } catch (error) {
        const reason = error instanceof Error && error.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : error instanceof Error ? error.message : String(error);
        fail(new TwilioError(`Twilio could not be reached: ${reason}`, null, null));
      }
      if (response.status !== 201) {
        const code = typeof answer?.code === 'number' ? answer.code : null;
        const detail = typeof answer?.message === 'string' ? `: ${answer.message}` : '';
        fail(new TwilioError(`Twilio answered ${response.status}${code === null ? '' : ` (error ${code})`}${detail}`, response.status, code));
      }
      if (typeof answer?.sid !== 'string') fail(new TwilioError('Twilio answered 201 without a message sid', 201, null));
    },
  };
}
