/**
 * Guests of the chat (spec 1): the server gives a visitor an id and a
 * signed token for it (guest-token.ts); the token is the guest's credential
 * on HTTP (header x-chat-guest) and on the socket. A token counts only
 * while its guest is open: the cleanup closes a guest idle for 30 days.
 */
import type { Config } from '../config.ts';
import { perDatabase, type Db, type Queryable } from '../db/client.ts';
import { groupCommit } from '../db/group-commit.ts';
import { CHAT_GUEST_TOKEN_LIFETIME_MS } from '../policy.ts';
import { insertGuest, openGuestsAmong, touchOpenGuest } from '../repositories/chat.ts';
import type { GuestCaller } from '../auth/callers.ts';
import { newGuestId, readGuestToken, signGuestToken } from './guest-token.ts';

type Secret = Pick<Config, 'chatGuestSecret'>;

export interface IssuedGuest {
  guestId: string;
  guestToken: string;
}

function issue(config: Secret, guestId: string, now: Date): IssuedGuest {
  return { guestId, guestToken: signGuestToken(config.chatGuestSecret, guestId, new Date(now.getTime() + CHAT_GUEST_TOKEN_LIFETIME_MS)) };
}

/** Whether a guest is open; the checks of requests arriving together share one query. */
const isOpenGuest = perDatabase((db) =>
  groupCommit(async (ids: readonly string[]) => {
    const open = await openGuestsAmong(db, ids);
    return ids.map((id) => ({ ok: true, value: open.has(id) }) as const);
  }),
);

/**
 * The guest a token proves, or null: missing, malformed, forged, expired,
 * or its guest unknown or closed. The socket server authenticates guests
 * with this too.
 */
export async function guestFromToken(config: Secret, db: Db, token: string | null | undefined, now: Date): Promise<GuestCaller | null> {
  const guestId = readGuestToken(config.chatGuestSecret, token, now);
  if (guestId === null || !(await isOpenGuest(db)(guestId))) return null;
  return { kind: 'guest', guestId };
}

/** A new guest: a row (so the id can be closed later) and its token. */
export async function createGuest(config: Secret, db: Queryable, now: Date): Promise<IssuedGuest> {
  const guestId = newGuestId();
  await insertGuest(db, guestId, now);
  return issue(config, guestId, now);
}

/**
 * A fresh token for a live one's guest (the lifetime slides with each
 * visit), or null when the token no longer counts.
 */
export async function renewGuest(config: Secret, db: Queryable, token: string, now: Date): Promise<IssuedGuest | null> {
  const guestId = readGuestToken(config.chatGuestSecret, token, now);
  if (guestId === null || !(await touchOpenGuest(db, guestId, now))) return null;
  return issue(config, guestId, now);
}
