/**
 * Short-lived links to stored files: the path names the key, the query the
 * expiry (Unix seconds) and an HMAC-SHA256 over both with the server's
 * secret (config.fileLinkSecret). Whoever holds a link may fetch the file
 * until it expires, so links go only to the file's owner or an operator.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Files are served under this path (routes/files.ts), outside /api so an <img>, a <video> or a new window can open them. */
export const FILES_PATH = '/files';

function signature(secret: string, key: string, expires: number): Buffer {
  return createHmac('sha256', secret).update(`${key}\n${expires}`).digest();
}

/** A relative link to `key` that works until `expiresAt` (rounded down to the second). */
export function signedUrl(secret: string, key: string, expiresAt: Date): string {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  const sig = signature(secret, key, expires).toString('base64url');
  return `${FILES_PATH}/${key}?expires=${expires}&sig=${sig}`;
}

export type LinkCheck = 'valid' | 'expired' | 'forged';

/** Checks a link's signature first (so a forged link learns nothing about expiry), then its expiry. */
export function checkSignedUrl(secret: string, key: string, expires: string, sig: string, now: Date): LinkCheck {
  if (!/^\d{1,12}$/.test(expires) || !/^[A-Za-z0-9_-]{43}$/.test(sig)) return 'forged';
  const expected = signature(secret, key, Number(expires));
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'forged';
  return Number(expires) * 1000 > now.getTime() ? 'valid' : 'expired';
}
