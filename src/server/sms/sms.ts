/**
 * OTP codes leave through an SMS adapter: `twilio` sends them through
 * Twilio's Messages API (sms/twilio.ts), `console` writes the message to the
 * server log for whoever runs the server (trying the app; refused in
 * production), `none` drops it (registration OTP off, load tests). Another
 * gateway (a Thai one) is one more SmsSender. Which one the app uses is
 * from-config.ts's choice: the adapters import this file, never the other
 * way round.
 */
import type { FastifyBaseLogger } from 'fastify';

export interface SmsSender {
  /** Resolves once the gateway took the message; throws on any failure or timeout (the OTP route answers OTP_SEND_FAIL). */
  send(phone: string, text: string): Promise<void>;
}

/** Writes each SMS to the log at info level, so a person can find the code. */
export function consoleSms(log: FastifyBaseLogger): SmsSender {
  return {
    async send(phone, text) {
      log.info(`SMS to ${phone}: ${text}`);
    },
  };
}

export const noSms: SmsSender = {
  async send() {},
};
