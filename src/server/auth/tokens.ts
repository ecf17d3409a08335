/**
 * Secrets handed to clients (login tokens, OTP tokens) are 32 random bytes in
 * base64url; the database keeps only their sha256, so a leaked table grants
 * nothing.
 */
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Whether a secret given matches the one expected, compared as sha256
 * digests: equal lengths, and no timing that tells how much of it was right.
 */
export function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** Reads `Authorization: Bearer <token>`. */
export function bearerToken(authorization: string | undefined): string | null {
  const match = /^Bearer ([\w-]{1,200})$/i.exec(authorization ?? '');
  return match ? match[1]! : null;
}

/** A 6-digit OTP code, uniformly random. */
export function newOtpCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** No 0/O or 1/I: the reference is read off a screen and compared with an SMS. */
const REF_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A short reference shown next to the code input, so a member can match the SMS. */
export function newOtpRef(): string {
  return Array.from({ length: 4 }, () => REF_ALPHABET[randomInt(REF_ALPHABET.length)]).join('');
}

/** The code is stored as an HMAC keyed with its token: without the token a leaked hash cannot be brute-forced. */
export function hashOtpCode(otpToken: string, code: string): string {
  return createHmac('sha256', otpToken).update(code).digest('hex');
}

export function otpCodeMatches(otpToken: string, code: string, storedHash: string): boolean {
  const given = Buffer.from(hashOtpCode(otpToken, code), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}
