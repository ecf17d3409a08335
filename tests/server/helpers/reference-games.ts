/**
 * The built-in reference provider's games, as members use them: activate
 * through the API, enter through /api/autoLogin, and play through the game
 * page's own calls with its session cookie. Money reaches a game account
 * through the ledger directly (deposits → wallet → game), so these tests do
 * not depend on the wallet routes.
 */
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { GameEntry } from '../../../src/contract/api.ts';
import { endpoints } from '../../../src/contract/endpoints.ts';
import { toMinor } from '../../../src/contract/money.ts';
import type { Config } from '../../../src/server/config.ts';
import type { Random } from '../../../src/server/games/paytable.ts';
import { referenceProvider } from '../../../src/server/games/reference.ts';
import { ensureGameAccount, ensureSystemAccount, ensureWalletAccount } from '../../../src/server/ledger/accounts.ts';
import { postTransfer } from '../../../src/server/ledger/transfers.ts';
import { buildTestApp, type TestApp } from './app.ts';
import { call } from './http.ts';

/** An app whose reference provider draws from `random`. */
export function buildGamesApp(random?: Random, overrides: Partial<Config> = {}): Promise<TestApp> {
  return buildTestApp(overrides, random ? { games: new Map([['reference', referenceProvider({ random })]]) } : {});
}

export async function activate(t: TestApp, token: string, code: string) {
  const response = await call(t.app, endpoints.gameAccountActivate, undefined, { token, params: { gameCode: code } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().slot;
}

export async function credentialsOf(t: TestApp, token: string, code: string) {
  const response = await call(t.app, endpoints.gameAccountCredentials, undefined, { token, params: { gameCode: code } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { code: string; provider: string; username: string; password: string; event: Record<string, string> | null };
}

let fundings = 0;

/** Puts `major` units of money into the member's game account: a deposit to the wallet, then wallet → game. */
export async function fundGame(t: TestApp, userId: number, code: string, major: number): Promise<void> {
  const now = t.clock();
  const amount = toMinor(major);
  const deposits = await ensureSystemAccount(t.db, 'deposits', 'BAHT', now);
  const wallet = await ensureWalletAccount(t.db, userId, 'BAHT', now);
  const game = await ensureGameAccount(t.db, userId, code, 'BAHT', now);
  const key = `test-fund:${(fundings += 1)}:${userId}`;
  await postTransfer(t.db, { debitAccountId: deposits.id, creditAccountId: wallet.id, amount, kind: 'deposit', idempotencyKey: `${key}:deposit` }, now);
  await postTransfer(t.db, { debitAccountId: wallet.id, creditAccountId: game.id, amount, kind: 'transfer', idempotencyKey: `${key}:transfer` }, now);
}

export async function autoLogin(t: TestApp, token: string, username: string, password?: string): Promise<LightMyRequestResponse> {
  const params = { provider: 'reference', username, ...(password !== undefined && { password }) };
  return call(t.app, password === undefined ? endpoints.autoLogin : endpoints.autoLoginWithPassword, undefined, { token, params });
}

export async function entryOf(t: TestApp, token: string, code: string): Promise<GameEntry> {
  const { username } = await credentialsOf(t, token, code);
  const response = await autoLogin(t, token, username);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().entry;
}

/** A link's path and query, as the browser would request it from this server. */
export function pathOf(url: string): string {
  const parsed = new URL(url, 'http://localhost');
  return `${parsed.pathname}${parsed.search}`;
}

/** This server's origin as inject reaches it (Host `localhost:80`), the way a browser writes it in `Origin`. */
export const OWN_ORIGIN = 'http://localhost';

/**
 * Opens an entry as a browser would (the link, the Android link, or the
 * posted form) from the wallet's page: Sec-Fetch-Site same-origin, and the
 * form with its Origin. `headers` replace those, e.g. to come from another site.
 */
export function openEntry(t: TestApp, entry: GameEntry, headers?: Record<string, string>): Promise<LightMyRequestResponse> {
  if (entry.kind === 'form') {
    return t.app.inject({
      method: 'POST',
      url: pathOf(entry.action),
      payload: new URLSearchParams(entry.fields).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(headers ?? { 'sec-fetch-site': 'same-origin', origin: OWN_ORIGIN }) },
    });
  }
  return t.app.inject({ method: 'GET', url: pathOf(entry.kind === 'link' ? entry.url : entry.android!), headers: headers ?? { 'sec-fetch-site': 'same-origin' } });
}

/** The `name=value` of the session cookie an entry set. */
export function sessionCookieOf(response: LightMyRequestResponse): string {
  expect(response.statusCode, response.body).toBe(303);
  const header = response.headers['set-cookie'];
  const cookie = (Array.isArray(header) ? header[0] : header) ?? '';
  return cookie.split(';')[0]!;
}

/** Activates the game, enters it through its entry and returns the game page's session cookie. */
export async function enterGame(t: TestApp, token: string, code: string): Promise<string> {
  return sessionCookieOf(await openEntry(t, await entryOf(t, token, code)));
}

/** A call of the game page to its provider (/games/api), with the session cookie. */
export function gameApi(t: TestApp, method: 'GET' | 'POST', url: string, options: { cookie?: string; body?: unknown; token?: string } = {}) {
  return t.app.inject({
    method,
    url,
    headers: {
      'x-requested-with': 'XMLHttpRequest',
      ...(options.cookie !== undefined && { cookie: options.cookie }),
      ...(options.token !== undefined && { authorization: `Bearer ${options.token}` }),
      ...(options.body !== undefined && { 'content-type': 'application/json' }),
    },
    ...(options.body !== undefined && { payload: JSON.stringify(options.body) }),
  });
}

export function spin(t: TestApp, cookie: string, body: { game: string; roundId: string; bet: number; pick?: string | null }) {
  return gameApi(t, 'POST', '/games/api/spin', { cookie, body });
}

