/**
 * How a member gets into a reference game page and stays there: the
 * one-time token of an entry (a link, app links, a posted form, a link with
 * the username), or the game's own login (a typed username and password),
 * starts a session whose token lives in a cookie for that one game. The game page's calls (/games/api) are authorised by that
 * cookie, never by the member's wallet token: the game is the provider's.
 *
 * The cookie is HttpOnly, SameSite=Strict and scoped to /games; the calls
 * that move money also need a JSON body and X-Requested-With, which a
 * cross-site form cannot send.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { hashToken, newToken, sameSecret } from '../auth/tokens.ts';
import type { Queryable } from '../db/client.ts';
import { GAME_ENTRY_TOKEN_LIFETIME_MS, GAME_SESSION_LIFETIME_MS } from '../policy.ts';
import { findLiveGameSession, insertEntryToken, insertSession, startSessionFromEntry } from '../repositories/game-sessions.ts';
import { findGameAccountForLogin, type GameAccountWithGame } from '../repositories/games.ts';
import { cookieValue } from '../cookies.ts';

/** The shape newToken() makes: 32 bytes in base64url. Anything else is not worth a query. */
const TOKEN_SHAPE = /^[\w-]{43}$/;
const COOKIE_PATH = '/games';

/** One cookie per game, so two games open in two tabs keep their own sessions. */
export function sessionCookieName(gameCode: string): string {
  return `rg_${gameCode}`;
}

/** A new entry token for the account; every kind of entry carries one, never the game password. */
export async function issueEntryToken(db: Queryable, gameAccountId: number, now: Date): Promise<string> {
  const token = newToken();
  await insertEntryToken(db, gameAccountId, hashToken(token), new Date(now.getTime() + GAME_ENTRY_TOKEN_LIFETIME_MS), now);
  return token;
}

function newSession(now: Date) {
  const token = newToken();
  return { token, row: { sessionTokenHash: hashToken(token), expiresAt: new Date(now.getTime() + GAME_SESSION_LIFETIME_MS) } };
}

/**
 * Uses an entry token; the new session's token, or null when the token does
 * not open this game now. An entry that names the account (the form, the
 * link with the username) must name the token's own.
 */
export async function startWithEntryToken(db: Queryable, gameCode: string, entryToken: string, username: string | null, now: Date): Promise<string | null> {
  if (!TOKEN_SHAPE.test(entryToken)) return null;
  const session = newSession(now);
  const started = await startSessionFromEntry(db, { gameCode, entryTokenHash: hashToken(entryToken), username }, session.row, now);
  return started ? session.token : null;
}

/** The game's own login; the new session's token, or null when the username or password is wrong. */
export async function startWithCredentials(db: Queryable, gameCode: string, username: string, password: string, now: Date): Promise<string | null> {
  const found = await findGameAccountForLogin(db, gameCode, username);
  // Compare against something even for an unknown username, so timing does not tell which exist.
  const matches = sameSecret(password, found?.account.password ?? newToken());
  if (!found || !matches) return null;
  const session = newSession(now);
  await insertSession(db, found.account.id, session.row, now);
  return session.token;
}

/** The account and game of the request's live session at this game. */
export async function sessionOf(request: FastifyRequest, gameCode: string, now: Date): Promise<GameAccountWithGame | undefined> {
  const token = cookieValue(request.headers.cookie, sessionCookieName(gameCode));
  if (token === null || !TOKEN_SHAPE.test(token)) return undefined;
  return findLiveGameSession(request.server.db, gameCode, hashToken(token), now);
}

/** Sets the game's session cookie; Secure when the request came over https. */
export function setSessionCookie(reply: FastifyReply, gameCode: string, sessionToken: string): void {
  const attributes = [`Path=${COOKIE_PATH}`, 'HttpOnly', 'SameSite=Strict', `Max-Age=${GAME_SESSION_LIFETIME_MS / 1000}`];
  if (reply.request.protocol === 'https') attributes.push('Secure');
  reply.header('set-cookie', [`${sessionCookieName(gameCode)}=${sessionToken}`, ...attributes].join('; '));
}
