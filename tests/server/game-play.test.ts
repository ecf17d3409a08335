/**
 * Playing the reference provider's games: the paytables' expected return,
 * the game pages under the CSP, and rounds on the ledger (bet and win
 * transfers, replayed round ids, rollbacks, refusals, concurrent spins that
 * never overdraw). Every test ends with a sound ledger.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, SPECIAL_MESSAGES } from '../../src/contract/errors.ts';
import { resultRows } from '../../src/server/db/client.ts';
import { auditLog, gameRounds, games } from '../../src/server/db/schema.ts';
import { expectedReturn, parsePick, playRound, slotMultiplier, type Random } from '../../src/server/games/paytable.ts';
import { balanceOf, findAccount, gameAccountCode, houseCode } from '../../src/server/ledger/accounts.ts';
import { checkLedger } from '../../src/server/ledger/check.ts';
import type { TestApp } from './helpers/app.ts';
import { login, signedInMember } from './helpers/members.ts';
import { OPERATOR, operatorIdOf, userIdOf } from './helpers/money.ts';
import { JsonText, nestedJson } from './helpers/nested-json.ts';
import { activate, buildGamesApp, credentialsOf, enterGame, fundGame, gameApi, spin } from './helpers/reference-games.ts';
import { call } from './helpers/http.ts';
import { endpoints } from '../../src/contract/endpoints.ts';
import { losingReels, scriptedRandom } from '../support/scripted-random.ts';

const catalogue = new Set<string>([...ERROR_CODES, ...SPECIAL_MESSAGES]);
let rounds = 0;
const newRoundId = () => `round-${process.pid}-${(rounds += 1)}-${Math.random().toString(36).slice(2, 10)}`;

async function ledgerIsSound(t: TestApp): Promise<void> {
  expect(await checkLedger(t.db)).toEqual([]);
}

/** A member with `major` units of money in the game, on its page: the session cookie. */
async function playerAt(t: TestApp, code: string, major: number) {
  const member = await signedInMember(t);
  const userId = await userIdOf(t.db, member.phone);
  await activate(t, member.token, code);
  if (major > 0) await fundGame(t, userId, code, major);
  return { ...member, userId, cookie: await enterGame(t, member.token, code) };
}

async function balance(t: TestApp, code: string): Promise<bigint> {
  const account = await findAccount(t.db, code);
  return account ? balanceOf(account) : 0n;
}

async function transfersOf(t: TestApp, roundId: string) {
  return resultRows<{ kind: string; amount: string; idempotency_key: string; debit: string; credit: string }>(
    await t.db.execute(sql`
      select t.kind, t.amount::text, t.idempotency_key, d.code as debit, c.code as credit
      from ledger_transfers t join ledger_accounts d on d.id = t.debit_account_id join ledger_accounts c on c.id = t.credit_account_id
      where t.reference = ${`round:${roundId}`} order by t.id`),
  );
}

async function transferCount(t: TestApp): Promise<number> {
  const [row] = resultRows<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from ledger_transfers`));
  return row!.n;
}

describe('paytables', () => {
  it('return about 95 % of bets in every category, computed exactly from the tables', () => {
    for (const category of ['slot', 'sport', 'lotto'] as const) {
      expect(expectedReturn(category), category).toBeGreaterThan(0.94);
      expect(expectedReturn(category), category).toBeLessThan(0.96);
    }
    expect(expectedReturn('slot')).toBeCloseTo(0.95, 3);
  });

  it('pays three alike and the first two alike; anything else loses', () => {
    expect(slotMultiplier(['seven', 'seven', 'seven'])).toBe(200);
    expect(slotMultiplier(['cherry', 'cherry', 'seven'])).toBe(2);
    expect(slotMultiplier(['seven', 'seven', 'cherry'])).toBe(0);
    expect(slotMultiplier(['cherry', 'seven', 'cherry'])).toBe(0);
  });

  it('takes only the picks a category knows', () => {
    expect([parsePick('slot', undefined), parsePick('slot', 'home')]).toEqual([null, undefined]);
    expect([parsePick('sport', 'away'), parsePick('sport', 'draw'), parsePick('sport', undefined)]).toEqual(['away', undefined, undefined]);
    expect([parsePick('lotto', '07'), parsePick('lotto', '7'), parsePick('lotto', '100'), parsePick('lotto', 7)]).toEqual(['07', undefined, undefined, undefined]);
  });

  it('draws a sport score that fits the winner', () => {
    const random: Random = scriptedRandom([960, 2]);
    expect(playRound('sport', 'home', random)).toEqual({ outcome: ['draw', '2', '2'], multiplier: 0 });
    expect(playRound('sport', 'away', scriptedRandom([500, 2, 1]))).toEqual({ outcome: ['away', '1', '3'], multiplier: 2 });
  });
});

describe('game pages', () => {
  it('serve the game in the asked language with its script as a file, under the CSP', async () => {
    const t = await buildGamesApp();
    const page = await t.app.inject({ method: 'GET', url: '/games/lotus' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).toContain('<html lang="th">');
    expect(page.body).toContain('Golden Lotus');
    expect(page.body).toContain('หมุน');
    // No script the CSP would block: each one is a file or a JSON data block.
    for (const tag of page.body.match(/<script[^>]*>/g) ?? []) expect(tag).toMatch(/ src="\/games\/assets\/play\.js"| type="application\/json"/);

    const lao = await t.app.inject({ method: 'GET', url: '/games/luckylotto?lang=lo' });
    expect(lao.body).toContain('<html lang="lo">');
    expect(lao.body).toContain('ເລືອກເລກ');
    expect((await t.app.inject({ method: 'GET', url: '/games/muaythai?lang=la' })).body).toContain('ເລືອກຝ່າຍ');
    expect((await t.app.inject({ method: 'GET', url: '/games/muaythai?lang=en' })).body).toContain('Pick a side');

    for (const [file, type] of [
      ['play.js', 'text/javascript; charset=utf-8'],
      ['play.css', 'text/css; charset=utf-8'],
      ['noto-sans-thai-thai-400.woff2', 'font/woff2'],
      ['noto-sans-lao-lao-700.woff2', 'font/woff2'],
    ]) {
      const asset = await t.app.inject({ method: 'GET', url: `/games/assets/${file}` });
      expect([file, asset.statusCode, asset.headers['content-type']]).toEqual([file, 200, type]);
    }
    expect((await t.app.inject({ method: 'GET', url: '/games/assets/secret.txt' })).statusCode).toBe(404);
    await ledgerIsSound(t);
  });

  it('say so for an unknown or closed game', async () => {
    const t = await buildGamesApp();
    await t.db.update(games).set({ active: false }).where(eq(games.code, 'tuktuk'));
    const unknown = await t.app.inject({ method: 'GET', url: '/games/nosuchgame?lang=en' });
    expect([unknown.statusCode, unknown.body.includes('Game not found.')]).toEqual([404, true]);
    const closed = await t.app.inject({ method: 'GET', url: '/games/tuktuk?lang=en' });
    expect([closed.statusCode, closed.body.includes('This game is closed.')]).toEqual([404, true]);
    await ledgerIsSound(t);
  });

  it('are not swallowed by the SPA’s history fallback', async () => {
    const distDir = mkdtempSync(path.join(tmpdir(), 'games-dist-'));
    writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><div id="spa-root"></div>');
    const t = await buildGamesApp(undefined, { distDir });
    const game = await t.app.inject({ method: 'GET', url: '/games/lotus' });
    expect(game.body).toContain('Golden Lotus');
    const deeper = await t.app.inject({ method: 'GET', url: '/games/lotus/anything' });
    expect([deeper.statusCode, deeper.json()]).toEqual([404, { message: 'NO_DATA' }]);
    // Everything else is still the SPA's.
    expect((await t.app.inject({ method: 'GET', url: '/user/home' })).body).toContain('<div id="spa-root"></div>');
    await ledgerIsSound(t);
  });

  it('stop with the service', async () => {
    const t = await buildGamesApp(undefined, { serviceStatus: 'terminated' });
    expect((await t.app.inject({ method: 'GET', url: '/games/lotus?lang=en' })).statusCode).toBe(410);
    const spun = await spin(t, 'rg_lotus=x', { game: 'lotus', roundId: newRoundId(), bet: 1 });
    expect([spun.statusCode, spun.json()]).toEqual([410, { message: 'gone' }]);
    await ledgerIsSound(t);
  });
});

describe('rounds', () => {
  it('a winning spin moves the bet to the house and the win back, in one round', async () => {
    const t = await buildGamesApp(scriptedRandom([0, 0, 0]));
    const player = await playerAt(t, 'lotus', 100);
    const roundId = newRoundId();

    const response = await spin(t, player.cookie, { game: 'lotus', roundId, bet: 10 });
    expect(response.json()).toEqual({ roundId, pick: null, outcome: ['seven', 'seven', 'seven'], bet: 10, win: 2000, credits: 2090, replayed: false });
    expect(await transfersOf(t, roundId)).toEqual([
      { kind: 'bet', amount: '1000', idempotency_key: `round:${roundId}:bet`, debit: gameAccountCode(player.userId, 'lotus'), credit: houseCode('reference', 'BAHT') },
      { kind: 'win', amount: '200000', idempotency_key: `round:${roundId}:win`, debit: houseCode('reference', 'BAHT'), credit: gameAccountCode(player.userId, 'lotus') },
    ]);
    expect(await balance(t, gameAccountCode(player.userId, 'lotus'))).toBe(209_000n);
    expect(await balance(t, houseCode('reference', 'BAHT'))).toBe(-199_000n);
    const [round] = await t.db.select().from(gameRounds).where(eq(gameRounds.roundId, roundId));
    expect(round).toMatchObject({ bet: 1000n, win: 200_000n, pick: null, outcome: ['seven', 'seven', 'seven'], rolledBackAt: null });
    await ledgerIsSound(t);
  });

  it('a losing spin moves only the bet', async () => {
    const t = await buildGamesApp(losingReels());
    const player = await playerAt(t, 'lotus', 100);
    const roundId = newRoundId();
    const response = await spin(t, player.cookie, { game: 'lotus', roundId, bet: 20 });
    expect(response.json()).toMatchObject({ outcome: ['seven', 'cherry', 'seven'], bet: 20, win: 0, credits: 80 });
    expect((await transfersOf(t, roundId)).map((transfer) => transfer.kind)).toEqual(['bet']);
    const state = await gameApi(t, 'GET', '/games/api/state?game=lotus', { cookie: player.cookie });
    expect(state.json().credits).toBe(80);
    await ledgerIsSound(t);
  });

  it('counts credits with the game’s conversion factor', async () => {
    const t = await buildGamesApp(losingReels());
    const player = await playerAt(t, 'tuktuk', 12.34);
    expect((await gameApi(t, 'GET', '/games/api/state?game=tuktuk', { cookie: player.cookie })).json()).toMatchObject({
      credits: 1234,
      betSteps: [100, 500, 1000, 2000, 5000, 10000],
    });
    const response = await spin(t, player.cookie, { game: 'tuktuk', roundId: newRoundId(), bet: 100 });
    expect(response.json()).toMatchObject({ bet: 100, win: 0, credits: 1134 });
    expect(await balance(t, gameAccountCode(player.userId, 'tuktuk'))).toBe(1_134n); // 11.34 baht, in satang
    await ledgerIsSound(t);
  });

  it('sport pays a right side and lotto a right number', async () => {
    const t = await buildGamesApp(scriptedRandom([100, 1, 0, 42]));
    const fan = await playerAt(t, 'muaythai', 10);
    const sport = await spin(t, fan.cookie, { game: 'muaythai', roundId: newRoundId(), bet: 5, pick: 'home' });
    expect(sport.json()).toMatchObject({ pick: 'home', outcome: ['home', '2', '0'], win: 10, credits: 15 });
    const player = await playerAt(t, 'luckylotto', 10);
    const lotto = await spin(t, player.cookie, { game: 'luckylotto', roundId: newRoundId(), bet: 1, pick: '42' });
    expect(lotto.json()).toMatchObject({ pick: '42', outcome: ['42'], win: 95, credits: 104 });
    await ledgerIsSound(t);
  });

  it('a replayed round id answers the same round and moves nothing', async () => {
    const t = await buildGamesApp(scriptedRandom([0, 0, 0]));
    const player = await playerAt(t, 'lotus', 100);
    const roundId = newRoundId();
    const first = (await spin(t, player.cookie, { game: 'lotus', roundId, bet: 10 })).json();
    const transfers = await transferCount(t);

    const again = await spin(t, player.cookie, { game: 'lotus', roundId, bet: 10 });
    expect(again.json()).toEqual({ ...first, replayed: true });
    expect(await transferCount(t)).toBe(transfers);

    // The same id for another bet, or by another player, is not this round.
    const otherBet = await spin(t, player.cookie, { game: 'lotus', roundId, bet: 5 });
    expect([otherBet.statusCode, otherBet.json()]).toEqual([409, { message: 'KEY_INVALID' }]);
    const other = await playerAt(t, 'lotus', 100);
    const otherPlayer = await spin(t, other.cookie, { game: 'lotus', roundId, bet: 10 });
    expect([otherPlayer.statusCode, otherPlayer.json()]).toEqual([409, { message: 'KEY_INVALID' }]);
    expect(await transferCount(t)).toBe(transfers + 2); // only the second player's funding
    await ledgerIsSound(t);
  });

  it('refuses a bet above the balance with MONEY_NOT_ENOUGH and keeps no round', async () => {
    const t = await buildGamesApp(losingReels());
    const player = await playerAt(t, 'lotus', 5);
    const transfers = await transferCount(t);
    const response = await spin(t, player.cookie, { game: 'lotus', roundId: newRoundId(), bet: 10 });
    expect([response.statusCode, response.json()]).toEqual([400, { message: 'MONEY_NOT_ENOUGH' }]);
    expect(await t.db.select().from(gameRounds)).toEqual([]);
    expect(await transferCount(t)).toBe(transfers);
    await ledgerIsSound(t);
  });

  it('plays only with the page’s session, for an open game, with an offered bet', async () => {
    const t = await buildGamesApp(losingReels());
    const player = await playerAt(t, 'lotus', 100);
    const body = { game: 'lotus', roundId: newRoundId(), bet: 10 };

    const noSession = await spin(t, '', body);
    expect([noSession.statusCode, noSession.json()]).toEqual([401, { message: 'invalid-token' }]);
    // The member's wallet token is not the game's session.
    const bearer = await gameApi(t, 'POST', '/games/api/spin', { token: player.token, body });
    expect(bearer.json()).toEqual({ message: 'invalid-token' });
    const noMarker = await t.app.inject({ method: 'POST', url: '/games/api/spin', headers: { cookie: player.cookie, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
    expect([noMarker.statusCode, noMarker.json()]).toEqual([403, { message: 'UNAUTHORIZED' }]);
    const form = await t.app.inject({ method: 'POST', url: '/games/api/spin', headers: { cookie: player.cookie, 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/x-www-form-urlencoded' }, payload: 'game=lotus&bet=10' });
    expect(form.statusCode).toBe(400);
    for (const bet of [3, 1000, 0, -10]) {
      expect((await spin(t, player.cookie, { ...body, bet })).json(), String(bet)).toEqual({ message: 'KEY_INVALID' });
    }
    expect((await spin(t, player.cookie, { ...body, pick: 'home' })).json()).toEqual({ message: 'KEY_INVALID' });

    await t.db.update(games).set({ active: false }).where(eq(games.code, 'lotus'));
    const closed = await spin(t, player.cookie, body);
    expect([closed.statusCode, closed.json()]).toEqual([404, { message: 'NO_GAME' }]);
    expect(await t.db.select().from(gameRounds)).toEqual([]);
    await ledgerIsSound(t);
  });
});

describe('a member’s password change', () => {
  it('ends their game pages and gives each game account a new password', async () => {
    const t = await buildGamesApp(losingReels());
    const player = await playerAt(t, 'lotus', 100);
    await activate(t, player.token, 'muaythai');
    const before = { lotus: await credentialsOf(t, player.token, 'lotus'), muaythai: await credentialsOf(t, player.token, 'muaythai') };
    expect((await spin(t, player.cookie, { game: 'lotus', roundId: newRoundId(), bet: 10 })).statusCode).toBe(200);

    const changed = await call(t.app, endpoints.changePassword, { oldPassword: player.password, newPassword: 'a-new-pass-4821' }, { token: player.token });
    expect(changed.statusCode, changed.body).toBe(200);

    const stale = await spin(t, player.cookie, { game: 'lotus', roundId: newRoundId(), bet: 10 });
    expect([stale.statusCode, stale.json()]).toEqual([401, { message: 'invalid-token' }]);
    const after = { lotus: await credentialsOf(t, player.token, 'lotus'), muaythai: await credentialsOf(t, player.token, 'muaythai') };
    expect(after.lotus.username).toBe(before.lotus.username);
    expect(after.lotus.password).not.toBe(before.lotus.password);
    expect(after.muaythai.password).not.toBe(before.muaythai.password);
    // The member enters again with the new password: a new page plays.
    expect((await spin(t, await enterGame(t, player.token, 'lotus'), { game: 'lotus', roundId: newRoundId(), bet: 10 })).statusCode).toBe(200);
    expect(await t.db.select().from(gameRounds)).toHaveLength(2);
    await ledgerIsSound(t);
  });
});

describe('rollback', () => {
  async function rollback(t: TestApp, roundId: string, token?: string) {
    return gameApi(t, 'POST', `/games/api/rounds/${roundId}/rollback`, token === undefined ? {} : { token });
  }

  it('returns the bet of a lost round once, for the operator, and the audit records it once', async () => {
    const t = await buildGamesApp(losingReels(), { operator: OPERATOR });
    const operatorToken = await login(t, OPERATOR.phone, OPERATOR.password);
    const player = await playerAt(t, 'lotus', 100);
    const roundId = newRoundId();
    await spin(t, player.cookie, { game: 'lotus', roundId, bet: 50 });

    expect([(await rollback(t, roundId)).statusCode, (await rollback(t, roundId, player.token)).statusCode]).toEqual([401, 403]);
    const first = await rollback(t, roundId, operatorToken);
    expect(first.json()).toEqual({ roundId, bet: 50, credits: 100, replayed: false });
    const again = await rollback(t, roundId, operatorToken);
    expect(again.json()).toEqual({ roundId, bet: 50, credits: 100, replayed: true });
    expect((await transfersOf(t, roundId)).map((transfer) => [transfer.kind, transfer.idempotency_key])).toEqual([
      ['bet', `round:${roundId}:bet`],
      ['rollback', `round:${roundId}:rollback`],
    ]);
    const [round] = await t.db.select().from(gameRounds).where(eq(gameRounds.roundId, roundId));
    expect(round?.rolledBackAt).toEqual(t.clock());
    const audit = await t.db.select({ operatorId: auditLog.operatorId, action: auditLog.action, subject: auditLog.subject, userId: auditLog.userId, after: auditLog.after }).from(auditLog);
    expect(audit).toEqual([
      { operatorId: await operatorIdOf(t.db, OPERATOR.phone), action: 'round.rollback', subject: roundId, userId: player.userId, after: { amount: 50, currency: 'BAHT', game: 'lotus' } },
    ]);
    await ledgerIsSound(t);
  });

  it('refuses a won round and an unknown one', async () => {
    const t = await buildGamesApp(scriptedRandom([0, 0, 0]), { operator: OPERATOR });
    const operatorToken = await login(t, OPERATOR.phone, OPERATOR.password);
    const player = await playerAt(t, 'lotus', 100);
    const roundId = newRoundId();
    await spin(t, player.cookie, { game: 'lotus', roundId, bet: 1 });
    const won = await rollback(t, roundId, operatorToken);
    expect([won.statusCode, won.json()]).toEqual([409, { message: 'KEY_INVALID' }]);
    const unknown = await rollback(t, newRoundId(), operatorToken);
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { message: 'NO_DATA' }]);
    const malformed = await rollback(t, 'x', operatorToken);
    expect([malformed.statusCode, malformed.json()]).toEqual([400, { message: 'KEY_INVALID' }]);
    await ledgerIsSound(t);
  });
});

describe('concurrency', () => {
  it('parallel spins never spend more than the balance', async () => {
    const t = await buildGamesApp(losingReels());
    const player = await playerAt(t, 'lotus', 50);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => spin(t, player.cookie, { game: 'lotus', roundId: newRoundId(), bet: 10 })),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(answers.filter((answer) => answer.statusCode === 400).map((answer) => answer.json())).toEqual(
      Array.from({ length: 15 }, () => ({ message: 'MONEY_NOT_ENOUGH' })),
    );
    expect(await balance(t, gameAccountCode(player.userId, 'lotus'))).toBe(0n);
    expect(await t.db.select().from(gameRounds)).toHaveLength(5);
    await ledgerIsSound(t);
  });

  it('one round id sent many times at once plays one round', async () => {
    const t = await buildGamesApp(losingReels());
    const player = await playerAt(t, 'lotus', 100);
    const roundId = newRoundId();
    const answers = await Promise.all(Array.from({ length: 6 }, () => spin(t, player.cookie, { game: 'lotus', roundId, bet: 10 })));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(6).fill(200));
    expect(answers.filter((answer) => answer.json().replayed === false)).toHaveLength(1);
    expect(new Set(answers.map((answer) => JSON.stringify(answer.json().outcome))).size).toBe(1);
    expect(await balance(t, gameAccountCode(player.userId, 'lotus'))).toBe(9_000n);
    expect((await transfersOf(t, roundId)).map((transfer) => transfer.kind)).toEqual(['bet']);
    await ledgerIsSound(t);
  });
});

describe('hostile input to the game pages', () => {
  it('answers 4xx, with a catalogue code from the calls, never a 500', async () => {
    const t = await buildGamesApp(losingReels());
    const player = await playerAt(t, 'lotus', 100);
    const headers = { cookie: player.cookie, 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' };
    const bodies: unknown[] = [
      {},
      [],
      'spin',
      null,
      { game: 'lotus', roundId: newRoundId(), bet: '10' },
      { game: 'lotus', roundId: newRoundId(), bet: 1e308 },
      { game: 'lotus', roundId: newRoundId(), bet: 10.5 },
      { game: 'lotus', roundId: 'short', bet: 10 },
      { game: 'lotus', roundId: 'x'.repeat(65), bet: 10 },
      { game: 'lotus', roundId: 'รอบที่หนึ่งของวัน', bet: 10 },
      { game: 'lotus', roundId: 'round\u0000id\u0000000', bet: 10 },
      { game: '../lotus', roundId: newRoundId(), bet: 10 },
      { game: 'lotus', roundId: newRoundId(), bet: 10, pick: 7 },
      { game: 'lotus', roundId: newRoundId(), bet: 10, pick: 'x'.repeat(5000) },
      { game: 'lotus', roundId: { $gt: '' }, bet: 10 },
    ];
    for (const body of bodies) {
      const response = await t.app.inject({ method: 'POST', url: '/games/api/spin', headers, payload: JSON.stringify(body) });
      expect(response.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, JSON.stringify(body)).toBeLessThan(500);
      expect(catalogue.has(response.json().message), response.body).toBe(true);
    }
    const raw = await t.app.inject({ method: 'POST', url: '/games/api/spin', headers, payload: '{"game":' });
    expect([raw.statusCode, raw.json()]).toEqual([400, { message: 'KEY_INVALID' }]);
    // 60 KB of nesting once answered 500: the body walk recursed (docs/decisions/0083-body-walk-caps.md).
    for (const shape of ['object', 'array'] as const) {
      const nested = JsonText.withField({ game: 'lotus', roundId: newRoundId() }, 'bet', nestedJson(shape, 60_000));
      const response = await t.app.inject({ method: 'POST', url: '/games/api/spin', headers, payload: nested.text });
      expect([shape, response.statusCode, response.json()]).toEqual([shape, 400, { message: 'KEY_INVALID' }]);
    }

    const calls = [
      '/games/api/state',
      '/games/api/state?game=%00',
      '/games/api/state?game[]=lotus',
      '/games/api/state?game=lotus&game=tuktuk',
      `/games/api/state?game=${'a'.repeat(500)}`,
    ];
    for (const url of calls) {
      const response = await t.app.inject({ method: 'GET', url, headers });
      expect([url, response.statusCode < 500, catalogue.has(response.json().message)]).toEqual([url, true, true]);
    }
    const badCookie = await t.app.inject({ method: 'GET', url: '/games/api/state?game=lotus', headers: { ...headers, cookie: 'rg_lotus=%00; rg_lotus=' + 'x'.repeat(5000) } });
    expect(badCookie.json()).toEqual({ message: 'invalid-token' });

    const pages = [
      '/games/%00',
      '/games/%E0%A4%A',
      `/games/${'a'.repeat(300)}`,
      '/games/lotus?token=%00',
      '/games/lotus?token=a&token=b',
      '/games/lotus?token[]=a',
      '/games/lotus?username=%00&password=%00',
      `/games/lotus?username=${'u'.repeat(5000)}&password=x`,
      '/games/lotus?username=rf1lotus',
      '/games/lotus?lang=%3Cscript%3E',
    ];
    for (const url of pages) {
      const response = await t.app.inject({ method: 'GET', url });
      expect([url, response.statusCode < 500]).toEqual([url, true]);
      expect(response.body).not.toContain('<script>');
    }
    for (const payload of ['', 'username=%00&password=x&action=login&game=lotus', 'action=login&game=%00', 'a=1&'.repeat(2000), '%%%']) {
      const response = await t.app.inject({ method: 'POST', url: '/games/login', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload });
      expect([payload.slice(0, 40), response.statusCode >= 400 && response.statusCode < 500]).toEqual([payload.slice(0, 40), true]);
    }
    const textLogin = await t.app.inject({ method: 'POST', url: '/games/login', headers: { 'content-type': 'text/plain' }, payload: 'x' });
    expect(textLogin.statusCode).toBe(415);
    expect(await t.db.select().from(gameRounds)).toEqual([]);
    await ledgerIsSound(t);
  });
});
