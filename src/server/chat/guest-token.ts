/**
 * The chat's guest tokens (spec 1 guest chat; docs/decisions 0104-0106):
 * the server, not the browser, chooses a guest's id, and signs it so that
 * a guest can only read and write the room of the id it was given. A token
 * is `{guestId}.{expires}.{sig}`: the id, its expiry (Unix seconds) and an
 * HMAC-SHA256 over both with CHAT_GUEST_SECRET. No database is needed to
 * check the signature; guests.ts adds the check that the guest is not
 * closed.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A guest id is `g` and 32 hex digits: no dots (the token's separator) and no dashes (the room's). */
const TOKEN = /^(g[0-9a-f]{32})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

export function newGuestId(): string {
  return `g${randomBytes(16).toString('hex')}`;
}

function signature(secret: string, guestId: string, expires: number): Buffer {
  // A prefix of its own: no other signature this server makes (file links) can pass for a guest token.
  return createHmac('sha256', secret).update(`guest\n${guestId}\n${expires}`).digest();
}

/** A token for `guestId` that works until `expiresAt` (rounded down to the second). */
export function signGuestToken(secret: string, guestId: string, expiresAt: Date): string {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  return `${guestId}.${expires}.${signature(secret, guestId, expires).toString('base64url')}`;
}

/** The guest id a token was signed for, or null when it is malformed, forged or expired. */
export function readGuestToken(secret: string, token: string | null | undefined, now: Date): string | null {
  const parts = token ? TOKEN.exec(token) : null;
  if (!parts) return null;
  const [, guestId, expires, sig] = parts as unknown as [string, string, string, string];
  const expected = signature(secret, guestId, Number(expires));
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return Number(expires) * 1000 > now.getTime() ? guestId : null;
}
