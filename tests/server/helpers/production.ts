/**
 * Production mode in tests: an environment that starts (every secret set to
 * a value that is in no source file), and the matching Config overrides for
 * buildTestApp.
 */
import { randomBytes } from 'node:crypto';
import type { Config } from '../../../src/server/config.ts';

const hex = (bytes: number) => randomBytes(bytes).toString('hex');

export const REAL_WEBHOOK_SECRET = hex(32);
export const REAL_FILE_LINK_SECRET = hex(32);
export const REAL_CHAT_GUEST_SECRET = hex(32);

/** What an operator sets to run for real money; loadConfig accepts it. */
export const PRODUCTION_ENV: Record<string, string> = {
  NODE_ENV: 'production',
  PAYMENT_WEBHOOK_SECRET: REAL_WEBHOOK_SECRET,
  FILE_LINK_SECRET: REAL_FILE_LINK_SECRET,
  CHAT_GUEST_SECRET: REAL_CHAT_GUEST_SECRET,
  SMS_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: `AC${hex(16)}`,
  TWILIO_AUTH_TOKEN: hex(16),
  TWILIO_FROM: '+15005550006',
};

/** A production app's configuration for buildTestApp (its SMS stays the recording one). */
export function productionOverrides(): Partial<Config> {
  return {
    production: true,
    paymentWebhookSecret: REAL_WEBHOOK_SECRET,
    paymentWebhookSecrets: { KBANK: REAL_WEBHOOK_SECRET, WW: REAL_WEBHOOK_SECRET, E2P: REAL_WEBHOOK_SECRET },
    fileLinkSecret: REAL_FILE_LINK_SECRET,
    chatGuestSecret: REAL_CHAT_GUEST_SECRET,
  };
}
