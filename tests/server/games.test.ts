/**
 * Game accounts through the API (spec 2 game account modal, 3, 4, 7):
 * activation, credentials, password reset, /api/autoLogin for the caller's
 * own accounts only, every entry kind of the reference provider (one-time
 * tokens only; none opens from another site's page), the seeded
 * games and their artwork, and hostile parameters (a 4xx catalogue code,
 * never a 500). Every test ends with a sound ledger.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, SPECIAL_MESSAGES } from '../../src/contract/errors.ts';
import { endpoints } from '../../src/contract/endpoints.ts';
import { resultRows } from '../../src/server/db/client.ts';
import { gameAccounts, games } from '../../src/server/db/schema.ts';
import { SEED_GAMES } from '../../src/server/db/seed-data.ts';
import { ProviderError, type GameProvider } from '../../src/server/games/provider.ts';
import { PAGE_TEXTS } from '../../src/server/games/page/texts.ts';
import { referenceProvider } from '../../src/server/games/reference.ts';
import { urlWithoutSecrets } from '../../src/server/games/redact.ts';
import { checkLedger } from '../../src/server/ledger/check.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { call } from './helpers/http.ts';
import { signedInMember } from './helpers/members.ts';
import { userIdOf } from './helpers/money.ts';
import {
  activate,
  autoLogin,
  buildGamesApp,
  credentialsOf,
  entryOf,
  gameApi,
  openEntry,
  OWN_ORIGIN,
  pathOf,
  sessionCookieOf,
} from './helpers/reference-games.ts';

const catalogue = new Set<string>([...ERROR_CODES, ...SPECIAL_MESSAGES]);

async function ledgerIsSound(t: TestApp): Promise<void> {
  expect(await checkLedger(t.db)).toEqual([]);
}

/** The reference provider, except that activation and reset fail. */
function failingProvider(): GameProvider {
  const reference = referenceProvider();
  return {
    ...reference,
    activate: async () => {
      throw new ProviderError('SLOT_ACTIVATE_FAIL', 'provider down');
    },
    resetPassword: async () => {
      throw new ProviderError('SLOT_RESET_PASSWORD_FAIL', 'provider down');
    },
  };
}

describe('activation', () => {
  it('opens an account once: inactive → active with a zero balance, then SLOT_ALREADY_ACTIVE', async () => {
    const t = await buildGamesApp();
    const member = await signedInMember(t);

    const slot = await activate(t, member.token, 'lotus');
    expect(slot).toEqual({
      code: 'lotus',
      name: 'Golden Lotus',
      category: 'slot',
      isActive: true,
      amount: 0,
      ftWalletSlot: 1,
      logo: '/games/lotus-logo.webp',
      background: '/games/lotus-bg.webp',
      web: '/games/lotus',
      android: null,
      ios: null,
    });
    const again = await call(t.app, endpoints.gameAccountActivate, undefined, { token: member.token, params: { gameCode: 'lotus' } });
    expect([again.statusCode, again.json()]).toEqual([409, { message: 'SLOT_ALREADY_ACTIVE' }]);
    // The ledger account exists from activation on: the game's balance is 0, not missing.
    const ledger = resultRows<{ code: string }>(await t.db.execute(sql`select code from ledger_accounts where kind = 'game'`));
    expect(ledger.map((row) => row.code)).toEqual([`game:${await userIdOf(t.db, member.phone)}:lotus`]);
    await ledgerIsSound(t);
  });

  it('answers NO_GAME for an unknown or closed game', async () => {
    const t = await buildGamesApp();
    const member = await signedInMember(t);
    await t.db.update(games).set({ active: false }).where(eq(games.code, 'tuktuk'));
    for (const gameCode of ['nosuchgame', 'tuktuk']) {
      const response = await call(t.app, endpoints.gameAccountActivate, undefined, { token: member.token, params: { gameCode } });
      expect([gameCode, response.statusCode, response.json()]).toEqual([gameCode, 404, { message: 'NO_GAME' }]);
    }
    await ledgerIsSound(t);
  });

  it('answers SLOT_ACTIVATE_FAIL when the provider fails, and writes nothing', async () => {
    const t = await buildTestApp({}, { games: new Map([['reference', failingProvider()]]) });
    const member = await signedInMember(t);
    const response = await call(t.app, endpoints.gameAccountActivate, undefined, { token: member.token, params: { gameCode: 'lotus' } });
    expect([response.statusCode, response.json()]).toEqual([502, { message: 'SLOT_ACTIVATE_FAIL' }]);
    expect(await t.db.select().from(gameAccounts)).toEqual([]);
    const account = await call(t.app, endpoints.gameAccountCredentials, undefined, { token: member.token, params: { gameCode: 'lotus' } });
    expect(account.json()).toEqual({ message: 'SLOT_NO_ACCOUNT' });
    await ledgerIsSound(t);
  });

  it('lets one of two simultaneous activations through', async () => {
    const t = await buildGamesApp();
    const member = await signedInMember(t);
    const responses = await Promise.all(
      [1, 2, 3].map(() => call(t.app, endpoints.gameAccountActivate, undefined, { token: member.token, params: { gameCode: 'lotus' } })),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await t.db.select().from(gameAccounts)).toHaveLength(1);
    await ledgerIsSound(t);
  });

  it('needs a signed-in member', async () => {
    const t = await buildGamesApp();
    const response = await call(t.app, endpoints.gameAccountActivate, undefined, { params: { gameCode: 'lotus' } });
    expect([response.statusCode, response.json()]).toEqual([401, { message: 'invalid-token' }]);
    await ledgerIsSound(t);
  });
});

describe('credentials and password reset', () => {
  it('shows the account: a username from the member and the game, a random password, no event', async () => {
    const t = await buildGamesApp();
    const member = await signedInMember(t);
    const before = await call(t.app, endpoints.gameAccountCredentials, undefined, { token: member.token, params: { gameCode: 'lotus' } });
    expect([before.statusCode, before.json()]).toEqual([404, { message: 'SLOT_NO_ACCOUNT' }]);

    await activate(t, member.token, 'lotus');
    const credentials = await credentialsOf(t, member.token, 'lotus');
    expect(credentials).toEqual({
      code: 'lotus',
      provider: 'reference',
      username: `rf${await userIdOf(t.db, member.phone)}lotus`,
      password: expect.stringMatching(/^[A-HJ-NP-Za-km-z2-9]{12}$/),
      event: null,
    });
    await ledgerIsSound(t);
  });

  it('gives the login-form game its form-state event', async () => {
    const t = await buildGamesApp();
    const member = await signedInMember(t);
    await activate(t, member.token, 'naga');
    expect((await credentialsOf(t, member.token, 'naga')).event).toEqual({ action: 'login', game: 'naga' });
    await ledgerIsSound(t);
  });

  it('resets the password: a new one, the same username; the old one no longer opens the game', async () => {
    const t = await buildGamesApp();
    const member = await signedInMember(t);
    await activate(t, member.token, 'songkran');
    const old = await credentialsOf(t, member.token, 'songkran');
    const cookie = sessionCookieOf(await openEntry(t, await entryOf(t, member.token, 'songkran')));

    const reset = await call(t.app, endpoints.gameAccountResetPassword, undefined, { token: member.token, params: { gameCode: 'songkran' } });
    expect(reset.statusCode, reset.body).toBe(200);
    const renewed = reset.json();
    expect(renewed).toEqual({ ...old, password: expect.any(String) });
    expect(renewed.password).not.toBe(old.password);
    expect(await credentialsOf(t, member.token, 'songkran')).toEqual(renewed);

    // The page opened with the old password is closed, and the old password is refused.
    const state = await gameApi(t, 'GET', '/games/api/state?game=songkran', { cookie });
    expect([state.statusCode, state.json()]).toEqual([401, { message: 'invalid-token' }]);
    const withOld = await autoLogin(t, member.token, old.username, old.password);
    expect([withOld.statusCode, withOld.json()]).toEqual([403, { message: 'WRONG_PASSWORD' }]);
    const typed = await t.app.inject({
      method: 'POST',
      url: '/games/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin', origin: OWN_ORIGIN },
      payload: new URLSearchParams({ username: old.username, password: old.password, action: 'login', game: 'songkran' }).toString(),
    });
    expect([typed.statusCode, typed.headers['set-cookie']]).toEqual([401, undefined]);
    await ledgerIsSound(t);
  });

  it('answers SLOT_NO_ACCOUNT, NO_GAME and SLOT_RESET_PASSWORD_FAIL', async () => {
    const t = await buildTestApp({}, { games: new Map([['reference', failingProvider()]]) });
    const member = await signedInMember(t);
    const reset = (gameCode: string) => call(t.app, endpoints.gameAccountResetPassword, undefined, { token: member.token, params: { gameCode } });
    expect((await reset('lotus')).json()).toEqual({ message: 'SLOT_NO_ACCOUNT' });
    expect((await reset('nosuchgame')).json()).toEqual({ message: 'NO_GAME' });

    const userId = await userIdOf(t.db, member.phone);
    const now = t.clock();
    await t.db.insert(gameAccounts).values({ userId, gameCode: 'lotus', username: `rf${userId}lotus`, password: 'old-password', createdAt: now, passwordChangedAt: now });
    const failed = await reset('lotus');
    expect([failed.statusCode, failed.json()]).toEqual([502, { message: 'SLOT_RESET_PASSWORD_FAIL' }]);
    expect((await credentialsOf(t, member.token, 'lotus')).password).toBe('old-password');
    await ledgerIsSound(t);
  });
});

describe('autoLogin', () => {
  it('gives the entry of the caller’s own account only', async () => {
    const t = await buildGamesApp();
    const alice = await signedInMember(t);
    const bob = await signedInMember(t);
    await activate(t, alice.token, 'lotus');
    await activate(t, bob.token, 'lotus');
    const aliceAccount = await credentialsOf(t, alice.token, 'lotus');

    expect((await autoLogin(t, alice.token, aliceAccount.username)).statusCode).toBe(200);
    expect((await autoLogin(t, alice.token, aliceAccount.username, aliceAccount.password)).statusCode).toBe(200);
    // Bob, with Alice's username and even her password, gets no link: as if the account did not exist.
    for (const password of [undefined, aliceAccount.password]) {
      const response = await autoLogin(t, bob.token, aliceAccount.username, password);
      expect([response.statusCode, response.json()]).toEqual([404, { message: 'SLOT_NO_ACCOUNT' }]);
    }
    const otherProvider = await call(t.app, endpoints.autoLogin, undefined, { token: alice.token, params: { provider: 'pg', username: aliceAccount.username } });
    expect([otherProvider.statusCode, otherProvider.json()]).toEqual([404, { message: 'SLOT_NO_ACCOUNT' }]);
    const wrong = await autoLogin(t, alice.token, aliceAccount.username, 'not-the-password');
    expect([wrong.statusCode, wrong.json()]).toEqual([403, { message: 'WRONG_PASSWORD' }]);
    const anonymous = await call(t.app, endpoints.autoLogin, undefined, { params: { provider: 'reference', username: aliceAccount.username } });
    expect(anonymous.statusCode).toBe(401);
    await ledgerIsSound(t);
  });

  it('refuses a closed game', async () => {
    const t = await buildGamesApp();
    const member = await signedInMember(t);
    await activate(t, member.token, 'lotus');
    const { username } = await credentialsOf(t, member.token, 'lotus');
    await t.db.update(games).set({ active: false }).where(eq(games.code, 'lotus'));
    const response = await autoLogin(t, member.token, username);
    expect([response.statusCode, response.json()]).toEqual([404, { message: 'NO_GAME' }]);
    await ledgerIsSound(t);
  });

  it('keeps game passwords and entry tokens out of the request log', async () => {
    const t = await buildGamesApp(undefined, { logLevel: 'info' });
    const member = await signedInMember(t);
    await activate(t, member.token, 'lotus');
    const { username, password } = await credentialsOf(t, member.token, 'lotus');
    expect((await autoLogin(t, member.token, username, password)).statusCode).toBe(200);
    const entry = await entryOf(t, member.token, 'lotus');
    if (entry.kind !== 'link') throw new Error('lotus enters by link');
    await openEntry(t, entry);
    const token = new URL(entry.url).searchParams.get('token')!;

    const logs = t.logs.join('\n');
    expect(logs).toContain(`/api/autoLogin/reference/${username}/REDACTED`);
    expect(logs).toContain('/games/lotus?token=REDACTED');
    expect(logs).not.toContain(password);
    expect(logs).not.toContain(token);
    expect(urlWithoutSecrets('/games/x?username=u&password=p&lang=th')).toBe('/games/x?username=u&password=REDACTED&lang=th');
    await ledgerIsSound(t);
  });
});

describe('entry kinds', () => {
  it('link with a one-time token: opens the game once, not after it expired', async () => {
    const t = await buildGamesApp();
    const member = await signedInMember(t);
    await activate(t, member.token, 'lotus');
    const entry = await entryOf(t, member.token, 'lotus');
    expect(entry).toEqual({ kind: 'link', url: expect.stringMatching(/^http:\/\/localhost(:80)?\/games\/lotus\?token=[\w-]{43}&lang=th$/) });
    if (entry.kind !== 'link') throw new Error('unreachable');

    const opened = await openEntry(t, entry);
    expect(opened.headers.location).toBe('/games/lotus?lang=th');
    expect(opened.headers['set-cookie']).toMatch(/^rg_lotus=[\w-]{43}; Path=\/games; HttpOnly; SameSite=Strict; Max-Age=14400$/);
    const cookie = sessionCookieOf(opened);
    const state = await gameApi(t, 'GET', '/games/api/state?game=lotus', { cookie });
    expect(state.json()).toEqual({
      game: { code: 'lotus', name: 'Golden Lotus', category: 'slot', logo: '/games/lotus-logo.webp' },
      username: `rf${await userIdOf(t.db, member.phone)}lotus`,
      credits: 0,
      betSteps: [1, 5, 10, 20, 50, 100],
    });

    const reused = await openEntry(t, entry);
    expect(reused.statusCode).toBe(401);
    expect(reused.headers['set-cookie']).toBeUndefined();

    const late = await entryOf(t, member.token, 'lotus');
    t.clock.advance(2 * 60_000 + 1);
    expect((await openEntry(t, late)).statusCode).toBe(401);
    await ledgerIsSound(t);
  });

  it('app links: Android and iOS links to the game page with one shared token', async () => {
    const t = await buildGamesApp();
    const member = await signedInMember(t, {});
    await activate(t, member.token, 'elephant');
    const entry = await entryOf(t, member.token, 'elephant');
    if (entry.kind !== 'apps') throw new Error(`elephant enters by app links, got ${entry.kind}`);
    const android = new URL(entry.android!);
    const ios = new URL(entry.ios!);
    expect([android.pathname, android.searchParams.get('app'), ios.pathname, ios.searchParams.get('app')]).toEqual([
      '/games/elephant',
      'android',
      '/games/elephant',
      'ios',
    ]);
    expect(android.searchParams.get('token')).toBe(ios.searchParams.get('token'));

    const opened = await openEntry(t, entry);
    expect(opened.headers.location).toBe('/games/elephant?lang=th&app=android');
    const state = await gameApi(t, 'GET', '/games/api/state?game=elephant', { cookie: sessionCookieOf(opened) });
    expect(state.json().betSteps).toEqual([100, 500, 1000, 2000, 5000, 10000]);
    // The other link's token was the same one: used.
    expect((await t.app.inject({ method: 'GET', url: pathOf(entry.ios!) })).statusCode).toBe(401);
    await ledgerIsSound(t);
  });

  it('login form: posted to the game with a one-time token, the username and the event fields, never the password', async () => {
    const t = await buildGamesApp();
    const member = await signedInMember(t);
    await activate(t, member.token, 'naga');
    const { username, password } = await credentialsOf(t, member.token, 'naga');
    const entry = await call(t.app, endpoints.autoLogin, undefined, { token: member.token, params: { provider: 'reference', username }, language: 'lo' });
    expect(entry.json()).toEqual({
      entry: {
        kind: 'form',
        action: expect.stringMatching(/\/games\/login$/),
        fields: { username, token: expect.stringMatching(/^[\w-]{43}$/), action: 'login', game: 'naga', lang: 'lo' },
      },
    });
    expect(entry.body).not.toContain(password);

    const opened = await openEntry(t, entry.json().entry);
    expect(opened.headers.location).toBe('/games/naga?lang=lo');
    const state = await gameApi(t, 'GET', '/games/api/state?game=naga', { cookie: sessionCookieOf(opened) });
    expect(state.statusCode).toBe(200);
    // One time only.
    const again = await openEntry(t, entry.json().entry);
    expect([again.statusCode, again.headers['set-cookie']]).toEqual([401, undefined]);
    expect(again.body).toContain('Naga Treasure');
    await ledgerIsSound(t);
  });

  it('login form: a typed username and password open the game only from a page of this server', async () => {
    const t = await buildGamesApp();
    const member = await signedInMember(t);
    await activate(t, member.token, 'naga');
    const { username, password } = await credentialsOf(t, member.token, 'naga');
    const typed = (fields: Record<string, string>, headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/games/login?lang=en',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        payload: new URLSearchParams({ action: 'login', game: 'naga', lang: 'en', ...fields }).toString(),
      });

    // Browsers always send Origin on a POST: without it (curl, a script) or from elsewhere, no session.
    const notOwnPage: Record<string, string>[] = [{}, { 'sec-fetch-site': 'same-origin' }, { origin: 'https://other.example' }, { 'sec-fetch-site': 'cross-site', origin: OWN_ORIGIN }];
    for (const headers of notOwnPage) {
      const refused = await typed({ username, password }, headers);
      expect([JSON.stringify(headers), refused.statusCode, refused.headers['set-cookie']]).toEqual([JSON.stringify(headers), 403, undefined]);
      expect(refused.body).toContain(PAGE_TEXTS.en.openedElsewhere);
    }
    const wrong = await typed({ username, password: 'wrong-password' }, { 'sec-fetch-site': 'same-origin', origin: OWN_ORIGIN });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain('Naga Treasure');
    const opened = await typed({ username, password }, { 'sec-fetch-site': 'same-origin', origin: OWN_ORIGIN });
    expect((await gameApi(t, 'GET', '/games/api/state?game=naga', { cookie: sessionCookieOf(opened) })).statusCode).toBe(200);
    await ledgerIsSound(t);
  });

  it('link with the credentials: the username and a one-time token in its query, never the password', async () => {
    const t = await buildGamesApp();
    const member = await signedInMember(t);
    await activate(t, member.token, 'songkran');
    await activate(t, member.token, 'riverfc');
    const { username, password } = await credentialsOf(t, member.token, 'songkran');
    const entry = await entryOf(t, member.token, 'songkran');
    if (entry.kind !== 'link') throw new Error('songkran enters by link');
    const url = new URL(entry.url);
    expect([url.pathname, [...url.searchParams.keys()]]).toEqual(['/games/songkran', ['username', 'token', 'lang']]);
    expect([url.searchParams.get('username'), url.searchParams.get('token')]).toEqual([username, expect.stringMatching(/^[\w-]{43}$/)]);
    expect(entry.url).not.toContain(password);

    // The token is the account's: with another username it opens nothing (and stays usable).
    const { username: otherUsername } = await credentialsOf(t, member.token, 'riverfc');
    const mismatched = await t.app.inject({ method: 'GET', url: `/games/songkran?username=${otherUsername}&token=${url.searchParams.get('token')}` });
    expect([mismatched.statusCode, mismatched.headers['set-cookie']]).toEqual([401, undefined]);

    const opened = await openEntry(t, entry);
    expect(opened.headers.location).toBe('/games/songkran?lang=th');
    expect((await gameApi(t, 'GET', '/games/api/state?game=songkran', { cookie: sessionCookieOf(opened) })).statusCode).toBe(200);
    // A link with the password, as links were before, opens nothing.
    for (const game of ['songkran', 'lotus']) {
      const withPassword = await t.app.inject({ method: 'GET', url: `/games/${game}?username=${username}&password=${password}`, headers: { 'sec-fetch-site': 'same-origin' } });
      expect([game, withPassword.statusCode, withPassword.headers['set-cookie']]).toEqual([game, 401, undefined]);
    }
    await ledgerIsSound(t);
  });

  it('a session is for its own game only', async () => {
    const t = await buildGamesApp();
    const member = await signedInMember(t);
    await activate(t, member.token, 'lotus');
    await activate(t, member.token, 'tuktuk');
    const cookie = sessionCookieOf(await openEntry(t, await entryOf(t, member.token, 'lotus')));
    const tokenValue = cookie.split('=')[1];
    const other = await gameApi(t, 'GET', '/games/api/state?game=tuktuk', { cookie: `rg_tuktuk=${tokenValue}` });
    expect([other.statusCode, other.json()]).toEqual([401, { message: 'invalid-token' }]);
    // An entry token of one game does not open another either.
    const entry = await entryOf(t, member.token, 'lotus');
    if (entry.kind !== 'link') throw new Error('lotus enters by link');
    const token = new URL(entry.url).searchParams.get('token');
    expect((await t.app.inject({ method: 'GET', url: `/games/tuktuk?token=${token}` })).statusCode).toBe(401);
    await ledgerIsSound(t);
  });
});

describe('entering from another site (login CSRF: docs/decisions/0084-game-entry-from-this-server-only.md)', () => {
  /** Requests a page of another site could make a browser send, and what old browsers and scripts send. */
  const ELSEWHERE: Record<string, string>[] = [
    { 'sec-fetch-site': 'cross-site' },
    { 'sec-fetch-site': 'cross-site', origin: 'https://other.example' },
    { 'sec-fetch-site': 'same-site', origin: 'http://games.localhost' },
    { 'sec-fetch-site': 'same-site' },
    { origin: 'https://other.example' },
    { origin: 'null' },
    { origin: 'http://localhost:8080' },
  ];
  const KINDS = ['lotus', 'elephant', 'naga', 'songkran'];

  it('refuses every entry kind with a 403 page in the game’s language, starts no session and leaves the token usable', async () => {
    const t = await buildGamesApp();
    const member = await signedInMember(t, {});
    for (const code of KINDS) await activate(t, member.token, code);

    for (const code of KINDS) {
      const entry = await call(t.app, endpoints.autoLogin, undefined, {
        token: member.token,
        params: { provider: 'reference', username: (await credentialsOf(t, member.token, code)).username },
        language: 'en',
      });
      for (const headers of ELSEWHERE) {
        const refused = await openEntry(t, entry.json().entry, headers);
        const what = `${code} ${JSON.stringify(headers)}`;
        expect([what, refused.statusCode, refused.headers['set-cookie']]).toEqual([what, 403, undefined]);
        expect(refused.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(refused.body, what).toContain(PAGE_TEXTS.en.openedElsewhere);
      }
      // The member's own tap still gets in with the same token.
      expect((await openEntry(t, entry.json().entry)).statusCode, code).toBe(303);
    }
    const started = resultRows<{ sessions: number }>(await t.db.execute(sql`select count(*)::int as sessions from game_sessions where session_token_hash is not null`));
    expect(started).toEqual([{ sessions: KINDS.length }]);
    await ledgerIsSound(t);
  });

  it('lets in a link the member opened outside any page (an app, the address bar) and a request without either header', async () => {
    const t = await buildGamesApp();
    const member = await signedInMember(t);
    await activate(t, member.token, 'elephant');
    await activate(t, member.token, 'naga');

    const fromApp = await openEntry(t, await entryOf(t, member.token, 'elephant'), { 'sec-fetch-site': 'none' });
    expect(fromApp.statusCode).toBe(303);
    const bare = await openEntry(t, await entryOf(t, member.token, 'elephant'), {});
    expect(bare.statusCode).toBe(303);
    // A one-time token posted without Origin (an old browser): the token decides.
    const form = await openEntry(t, await entryOf(t, member.token, 'naga'), {});
    expect(form.statusCode).toBe(303);
    await ledgerIsSound(t);
  });

  it('speaks Thai and Lao too', async () => {
    const t = await buildGamesApp();
    const member = await signedInMember(t);
    await activate(t, member.token, 'lotus');
    for (const [language, lang] of [['th', 'th'], ['lo', 'lo']] as const) {
      const entry = await call(t.app, endpoints.autoLogin, undefined, {
        token: member.token,
        params: { provider: 'reference', username: (await credentialsOf(t, member.token, 'lotus')).username },
        language,
      });
      const refused = await openEntry(t, entry.json().entry, { 'sec-fetch-site': 'cross-site' });
      expect([refused.statusCode, refused.body.includes(PAGE_TEXTS[lang].openedElsewhere), refused.body.includes(`<html lang="${lang}">`)]).toEqual([403, true, true]);
    }
    await ledgerIsSound(t);
  });
});

describe('seeded games', () => {
  it('offers at least 4 slot, 3 sport and 3 lotto games using every entry style, one with a login form', () => {
    const count = (category: string) => SEED_GAMES.filter((game) => game.category === category).length;
    expect(count('slot')).toBeGreaterThanOrEqual(4);
    expect(count('sport')).toBeGreaterThanOrEqual(3);
    expect(count('lotto')).toBeGreaterThanOrEqual(3);
    expect(new Set(SEED_GAMES.map((game) => game.entry))).toEqual(new Set(['token_link', 'app_links', 'login_form', 'credentials_link']));
    expect(SEED_GAMES.filter((game) => game.entry === 'login_form')).toHaveLength(1);
    expect(new Set(SEED_GAMES.map((game) => game.ftWalletSlot))).toEqual(new Set([1, 10, 100]));
  });

  it('has original artwork for every game: a logo and a 300×211 background, drawn from SVG sources', () => {
    // The pictures themselves: tests/unit/game-art.test.ts (docs/decisions/0154-reference-game-art-in-webp.md).
    const source = (image: string | null | undefined) => path.join(import.meta.dirname, '../../public', String(image).replace(/\.webp$/, '.svg'));
    for (const game of SEED_GAMES) {
      for (const image of [game.logo, game.background]) {
        expect(existsSync(source(image)), source(image)).toBe(true);
        expect(readFileSync(source(image), 'utf8')).toContain(game.name);
      }
      expect(readFileSync(source(game.background), 'utf8')).toMatch(/viewBox="0 0 300 211"/);
    }
  });

  it('are in the database after seeding, and activation works for each', async () => {
    const t = await buildGamesApp();
    const member = await signedInMember(t);
    const seeded = await t.db.select({ code: games.code }).from(games).orderBy(games.sortOrder);
    expect(seeded.map((row) => row.code)).toEqual(SEED_GAMES.map((game) => game.code));
    for (const { code } of SEED_GAMES) {
      await activate(t, member.token, code);
      const entry = await entryOf(t, member.token, code);
      expect((await openEntry(t, entry)).statusCode, code).toBe(303);
    }
    await ledgerIsSound(t);
  });
});

describe('hostile parameters', () => {
  it('answers a catalogue code with a 4xx, never a 500', async () => {
    const t = await buildGamesApp();
    const member = await signedInMember(t);
    await activate(t, member.token, 'lotus');
    const { username } = await credentialsOf(t, member.token, 'lotus');
    const hostile = ['..', '%00', '%2e%2e%2f', 'a'.repeat(300), 'lotus%0A', "lotus'--", '%F0%9F%8E%B0', '%E0%B8%81', 'LOTUS', '%20lotus'];

    const urls = [
      ...hostile.flatMap((value) => [
        `/api/wallet/activate/${value}`,
        `/api/wallet/account/${value}`,
        `/api/wallet/resetpassword/${value}`,
        `/api/autoLogin/${value}/${username}`,
        `/api/autoLogin/reference/${value}`,
        `/api/autoLogin/reference/${username}/${value}`,
        `/api/autoLogin/reference/${value}/${value}`,
      ]),
    ];
    for (const url of urls) {
      const response = await t.app.inject({ method: 'GET', url, headers: { 'x-requested-with': 'XMLHttpRequest', authorization: `Bearer ${member.token}` } });
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, url).toBeLessThan(500);
      expect(catalogue.has(response.json().message), `${url}: ${response.body}`).toBe(true);
    }
    await ledgerIsSound(t);
  });
});
