/**
 * The operators' second factor: TOTP (RFC 6238) as authenticator apps
 * read it, SHA-1, 6 digits, 30-second steps (otpauth). A code is accepted
 * one step either side of ours (clock drift) and only for a step later
 * than the last one accepted (repositories/operators.ts takeTotpStep).
 */
import * as OTPAuth from 'otpauth';

const ISSUER = 'Mekong Wallet';
const PERIOD_SECONDS = 30;
const DRIFT_STEPS = 1;

function totpOf(secret: string, label: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS, secret: OTPAuth.Secret.fromBase32(secret) });
}

/** A new random secret (160 bits, as RFC 4226 recommends), in base32. */
export function newTotpSecret(): string {
  return new OTPAuth.Secret({ size: 20 }).base32;
}

/** The otpauth:// address an authenticator app scans to enrol. */
export function totpUri(secret: string, phone: string): string {
  return totpOf(secret, phone).toString();
}

/** The current code (ops scripts and tests). */
export function totpCode(secret: string, now: Date): string {
  return totpOf(secret, '').generate({ timestamp: now.getTime() });
}

/** The time step the code belongs to when it is right at `now`, else null. */
export function totpStep(secret: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secret, '').validate({ token: code, timestamp: now.getTime(), window: DRIFT_STEPS });
  return delta === null ? null : Math.floor(now.getTime() / 1000 / PERIOD_SECONDS) + delta;
}
