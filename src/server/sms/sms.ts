/**
 * OTP codes leave through an SMS adapter. There is no SMS gateway yet:
 * `console` writes the message to the server log for whoever runs the server
 * (development, demos), `none` drops it (OTP off, load tests).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';

export interface SmsSender {
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

export function createSmsSender(provider: Config['smsProvider'], log: FastifyBaseLogger): SmsSender {
  return provider === 'console' ? consoleSms(log) : noSms;
}
