/**
 * The Wallet API we serve for Hub88, played from Hub88's side with signed
 * calls: balances in Hub88's unit (baht × 100,000), bets, wins and
 * rollbacks as ledger transfers keyed by transaction_uuid, repeats answered
 * with the first answer, a rollback before its bet, wins and rollbacks
 * after the token expired, and each refusal's documented status. Every
 * test ends with a sound ledger.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { Endpoint } from '../../src/contract/endpoints.ts';
import { resultRows, type Db } from '../../src/server/db/client.ts';
import { games, users } from '../../src/server/db/schema.ts';
import { balanceOf, findAccount, gameAccountCode } from '../../src/server/ledger/accounts.ts';
import { checkLedger } from '../../src/server/ledger/check.ts';
import { GAME_SESSION_LIFETIME_MS } from '../../src/server/policy.ts';
import { putSetting } from '../../src/server/repositories/settings.ts';
import { DEMO_AGGREGATOR_PRIVATE_KEY } from '../../src/server/games/hub88/demo-keys.ts';
import { rsaPrivateKey, signBody } from '../../src/server/games/hub88/signature.ts';
import { betBody, buildHub88App, HUB88_GAME, hub88Player, rollbackBody, units, walletCall, winBody, type Hub88App, type Hub88Player } from './helpers/hub88.ts';
import { call } from './helpers/http.ts';

let current: Db | undefined;
afterEach(async () => {
  const db = current;
  current = undefined;
  if (db) expect(await checkLedger(db)).toEqual([]);
});

async function app(): Promise<Hub88App> {
  const t = await buildHub88App();
  current = t.db;
  return t;
}

async function gameBalance(t: Hub88App, player: Hub88Player, code = HUB88_GAME): Promise<bigint> {
  const account = await findAccount(t.db, gameAccountCode(player.userId, code));
  return account ? balanceOf(account) : 0n;
}

async function transfersKeyed(t: Hub88App, uuid: string) {
  return resultRows<{ kind: string; amount: string; debit: string; credit: string }>(
    await t.db.execute(sql`
      select t.kind, t.amount::text, d.code as debit, c.code as credit
      from ledger_transfers t join ledger_accounts d on d.id = t.debit_account_id join ledger_accounts c on c.id = t.credit_account_id
      where t.idempotency_key = ${`hub88:${uuid}`}`),
  );
}

async function transferCount(t: Hub88App): Promise<number> {
  const [row] = resultRows<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from ledger_transfers`));
  return row!.n;
}

describe('user/info and user/balance', () => {
  it('answers the member and the game account’s balance in Hub88’s unit, with the request_uuid', async () => {
    const t = await app();
    const player = await hub88Player(t, 100);
    const requestUuid = randomUUID();

    expect(await walletCall(t, '/user/balance', { user: player.user, token: player.token, request_uuid: requestUuid, game_code: HUB88_GAME })).toEqual({
      user: player.user,
      status: 'RS_OK',
      request_uuid: requestUuid,
      currency: 'THB',
      balance: 10_000_000,
    });
    const info = await walletCall(t, '/user/info', { user: player.user, request_uuid: requestUuid });
    expect(info).toMatchObject({ user: player.user, status: 'RS_OK', request_uuid: requestUuid, country: 'TH' });
    // No personal data: the phone appears nowhere in what Hub88 learns.
    expect(JSON.stringify(info)).not.toContain(player.phone);
    expect(t.fake.urlRequests.at(-1)).toMatchObject({ user: player.user, currency: 'THB', country: 'TH', game_code: HUB88_GAME, platform: 'GPL_DESKTOP' });
  });

  it('refuses an unknown token, another member’s token and an expired one', async () => {
    const t = await app();
    const player = await hub88Player(t, 10);
    const other = await hub88Player(t, 10);
    const ask = (token: string, user = player.user) => walletCall(t, '/user/balance', { user, token, request_uuid: randomUUID(), game_code: HUB88_GAME });

    expect((await ask('not-a-token-we-issued')).status).toBe('RS_ERROR_INVALID_TOKEN');
    expect((await ask(other.token)).status).toBe('RS_ERROR_INVALID_TOKEN');
    t.clock.advance(GAME_SESSION_LIFETIME_MS + 1000);
    expect((await ask(player.token)).status).toBe('RS_ERROR_TOKEN_EXPIRED');
  });
});

describe('a round: bet, then win', () => {
  it('moves the bet game → house and the win house → game, one transfer each keyed by transaction_uuid', async () => {
    const t = await app();
    await putSetting(t.db, 'wheelCoins', { BAHT: 100, LAK: 20_000 });
    const player = await hub88Player(t, 100);
    const bet = betBody(player, 25);

    const betAnswer = await walletCall(t, '/transaction/bet', bet);
    expect(betAnswer).toEqual({ user: player.user, status: 'RS_OK', request_uuid: bet.request_uuid, currency: 'THB', balance: units(75) });
    const win = winBody(player, bet, 60.5);
    const winAnswer = await walletCall(t, '/transaction/win', win);
    expect(winAnswer).toEqual({ user: player.user, status: 'RS_OK', request_uuid: win.request_uuid, currency: 'THB', balance: units(135.5) });

    expect(await gameBalance(t, player)).toBe(13_550n);
    const house = `system:house:hub88:BAHT`;
    expect(await transfersKeyed(t, bet.transaction_uuid)).toEqual([{ kind: 'bet', amount: '2500', debit: gameAccountCode(player.userId, HUB88_GAME), credit: house }]);
    expect(await transfersKeyed(t, win.transaction_uuid)).toEqual([{ kind: 'win', amount: '6050', debit: house, credit: gameAccountCode(player.userId, HUB88_GAME) }]);
    // The bet earns wheel coins as a reference game's does: none yet for 25 of 100 baht, its progress kept.
    const [member] = await t.db.select({ coin: users.coin, progress: users.coinProgress }).from(users).where(eq(users.id, player.userId));
    expect(member).toEqual({ coin: 0, progress: 2500n });
  });

  it('closes a lost round with a win of 0 and takes a free bet from no one', async () => {
    const t = await app();
    const player = await hub88Player(t, 10);
    const before = await transferCount(t);
    const bet = betBody(player, 5, { is_free: true });
    expect(await walletCall(t, '/transaction/bet', bet)).toMatchObject({ status: 'RS_OK', balance: units(10) });
    expect(await walletCall(t, '/transaction/win', winBody(player, bet, 0))).toMatchObject({ status: 'RS_OK', balance: units(10) });
    expect(await transferCount(t)).toBe(before);
  });

  it('answers not enough money with the balance, and moves nothing', async () => {
    const t = await app();
    const player = await hub88Player(t, 10);
    const before = await transferCount(t);
    const bet = betBody(player, 10.01);
    expect(await walletCall(t, '/transaction/bet', bet)).toEqual({ status: 'RS_ERROR_NOT_ENOUGH_MONEY', request_uuid: bet.request_uuid, user: player.user, currency: 'THB', balance: units(10) });
    expect(await transferCount(t)).toBe(before);
  });
});

describe('repeats', () => {
  it('answers a repeated request_uuid and a repeated transaction_uuid with the first answer, moving once', async () => {
    const t = await app();
    const player = await hub88Player(t, 100);
    const bet = betBody(player, 10);
    const first = await walletCall(t, '/transaction/bet', bet);
    const count = await transferCount(t);

    expect(await walletCall(t, '/transaction/bet', bet)).toEqual(first);
    const retry = { ...bet, request_uuid: randomUUID() };
    expect(await walletCall(t, '/transaction/bet', retry)).toEqual({ ...first, request_uuid: retry.request_uuid });
    // Played on: the repeat still answers what the bet left, not today's balance.
    await walletCall(t, '/transaction/bet', betBody(player, 5));
    expect(await walletCall(t, '/transaction/bet', bet)).toEqual(first);
    expect(await transferCount(t)).toBe(count + 1);
    expect(await gameBalance(t, player)).toBe(8_500n);
  });

  it('refuses a transaction_uuid used for another amount or kind as a duplicate', async () => {
    const t = await app();
    const player = await hub88Player(t, 100);
    const bet = betBody(player, 10);
    await walletCall(t, '/transaction/bet', bet);
    expect((await walletCall(t, '/transaction/bet', { ...bet, request_uuid: randomUUID(), amount: units(11) })).status).toBe('RS_ERROR_DUPLICATE_TRANSACTION');
    expect((await walletCall(t, '/transaction/win', winBody(player, bet, 1, { transaction_uuid: bet.transaction_uuid }))).status).toBe('RS_ERROR_DUPLICATE_TRANSACTION');
    expect(await gameBalance(t, player)).toBe(9_000n);
  });

  it('pays a repeated win once', async () => {
    const t = await app();
    const player = await hub88Player(t, 10);
    const bet = betBody(player, 1);
    await walletCall(t, '/transaction/bet', bet);
    const win = winBody(player, bet, 3);
    const answers = await Promise.all([walletCall(t, '/transaction/win', win), walletCall(t, '/transaction/win', { ...win, request_uuid: randomUUID() })]);
    expect(answers.map((answer) => answer.status)).toEqual(['RS_OK', 'RS_OK']);
    expect(await gameBalance(t, player)).toBe(1_200n);
  });
});

describe('rollbacks', () => {
  it('returns the bet once, also after the token expired', async () => {
    const t = await app();
    const player = await hub88Player(t, 50);
    const bet = betBody(player, 20);
    await walletCall(t, '/transaction/bet', bet);
    t.clock.advance(GAME_SESSION_LIFETIME_MS + 60_000);

    const rollback = rollbackBody(player, bet);
    expect(await walletCall(t, '/transaction/rollback', rollback)).toEqual({ user: player.user, status: 'RS_OK', request_uuid: rollback.request_uuid, currency: 'THB', balance: units(50) });
    expect(await walletCall(t, '/transaction/rollback', { ...rollback, request_uuid: randomUUID() })).toMatchObject({ status: 'RS_OK', balance: units(50) });
    expect(await transfersKeyed(t, rollback.transaction_uuid)).toEqual([expect.objectContaining({ kind: 'rollback', amount: '2000' })]);
    expect(await gameBalance(t, player)).toBe(5_000n);
    // A win on a rolled-back bet pays nothing.
    expect((await walletCall(t, '/transaction/win', winBody(player, bet, 40))).status).toBe('RS_ERROR_TRANSACTION_ROLLED_BACK');
  });

  it('records a rollback that comes before its bet, and refuses the late bet', async () => {
    const t = await app();
    const player = await hub88Player(t, 30);
    const bet = betBody(player, 10);
    expect(await walletCall(t, '/transaction/rollback', rollbackBody(player, bet))).toMatchObject({ status: 'RS_OK', balance: units(30) });
    expect(await walletCall(t, '/transaction/bet', bet)).toMatchObject({ status: 'RS_ERROR_TRANSACTION_ROLLED_BACK', request_uuid: bet.request_uuid, balance: units(30) });
    expect(await gameBalance(t, player)).toBe(3_000n);
  });

  it('refuses to roll back alone a bet whose round a win settled, moving nothing', async () => {
    const t = await app();
    const player = await hub88Player(t, 500);
    const bet = betBody(player, 10);
    await walletCall(t, '/transaction/bet', bet);
    expect(await walletCall(t, '/transaction/win', winBody(player, bet, 20))).toMatchObject({ status: 'RS_OK', balance: units(510) });
    const before = await transferCount(t);

    const rollback = rollbackBody(player, bet);
    expect(await walletCall(t, '/transaction/rollback', rollback)).toEqual({ user: player.user, status: 'RS_ERROR_UNKNOWN', request_uuid: rollback.request_uuid, currency: 'THB', balance: units(510) });
    // A refusal is not stored: the same rollback again, or another one, is refused again.
    expect((await walletCall(t, '/transaction/rollback', rollback)).status).toBe('RS_ERROR_UNKNOWN');
    expect((await walletCall(t, '/transaction/rollback', rollbackBody(player, bet))).status).toBe('RS_ERROR_UNKNOWN');
    expect(await transferCount(t)).toBe(before);
    expect(await transfersKeyed(t, rollback.transaction_uuid)).toEqual([]);
    expect(await gameBalance(t, player)).toBe(51_000n);
  });

  it('refuses it for another bet of the round a win settled, and after a lost round’s win of 0', async () => {
    const t = await app();
    const player = await hub88Player(t, 100);
    const first = betBody(player, 10);
    const second = betBody(player, 5, { round: first.round });
    await walletCall(t, '/transaction/bet', first);
    await walletCall(t, '/transaction/bet', second);
    await walletCall(t, '/transaction/win', winBody(player, second, 30));
    expect((await walletCall(t, '/transaction/rollback', rollbackBody(player, first))).status).toBe('RS_ERROR_UNKNOWN');

    const lost = betBody(player, 7);
    await walletCall(t, '/transaction/bet', lost);
    await walletCall(t, '/transaction/win', winBody(player, lost, 0));
    expect((await walletCall(t, '/transaction/rollback', rollbackBody(player, lost))).status).toBe('RS_ERROR_UNKNOWN');
    expect(await gameBalance(t, player)).toBe(10_800n);
  });

  it('still rolls back a bet placed in a round after its win, which that win did not settle', async () => {
    const t = await app();
    const player = await hub88Player(t, 100);
    const first = betBody(player, 10);
    await walletCall(t, '/transaction/bet', first);
    await walletCall(t, '/transaction/win', winBody(player, first, 15));
    const later = betBody(player, 20, { round: first.round });
    await walletCall(t, '/transaction/bet', later);
    expect(await walletCall(t, '/transaction/rollback', rollbackBody(player, later))).toMatchObject({ status: 'RS_OK', balance: units(105) });
  });

  it('refuses a win on a bet whose rollback came first, as rolled back', async () => {
    const t = await app();
    const player = await hub88Player(t, 30);
    const bet = betBody(player, 10);
    await walletCall(t, '/transaction/rollback', rollbackBody(player, bet));
    expect((await walletCall(t, '/transaction/bet', bet)).status).toBe('RS_ERROR_TRANSACTION_ROLLED_BACK');
    const win = winBody(player, bet, 25);
    expect(await walletCall(t, '/transaction/win', win)).toEqual({ user: player.user, status: 'RS_ERROR_TRANSACTION_ROLLED_BACK', request_uuid: win.request_uuid, currency: 'THB', balance: units(30) });
    expect(await gameBalance(t, player)).toBe(3_000n);
  });

  it('never both returns a bet and pays its win when they race', async () => {
    const t = await app();
    const player = await hub88Player(t, 50);
    const bet = betBody(player, 10);
    await walletCall(t, '/transaction/bet', bet);
    const [win, rollback] = await Promise.all([walletCall(t, '/transaction/win', winBody(player, bet, 20)), walletCall(t, '/transaction/rollback', rollbackBody(player, bet))]);
    // One of them settled the bet; the other was refused.
    expect([win.status, rollback.status].filter((status) => status === 'RS_OK')).toHaveLength(1);
    expect([6_000n, 5_000n]).toContain(await gameBalance(t, player));
  });

  it('never keeps a bet that races its rollback', async () => {
    const t = await app();
    const player = await hub88Player(t, 30);
    const bet = betBody(player, 10);
    await Promise.all([walletCall(t, '/transaction/bet', bet), walletCall(t, '/transaction/rollback', rollbackBody(player, bet))]);
    expect(await gameBalance(t, player)).toBe(3_000n);
  });
});

describe('wins after the token expired, and refusals', () => {
  it('pays a win after the token expired and refuses a bet then', async () => {
    const t = await app();
    const player = await hub88Player(t, 10);
    const bet = betBody(player, 2);
    await walletCall(t, '/transaction/bet', bet);
    t.clock.advance(GAME_SESSION_LIFETIME_MS + 1);
    expect(await walletCall(t, '/transaction/win', winBody(player, bet, 5))).toMatchObject({ status: 'RS_OK', balance: units(13) });
    expect((await walletCall(t, '/transaction/bet', betBody(player, 1))).status).toBe('RS_ERROR_TOKEN_EXPIRED');
  });

  it('refuses a win for a bet it never saw', async () => {
    const t = await app();
    const player = await hub88Player(t, 10);
    expect((await walletCall(t, '/transaction/win', winBody(player, { transaction_uuid: randomUUID(), round: 'r' }, 5))).status).toBe('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
    expect(await gameBalance(t, player)).toBe(1_000n);
  });

  it('refuses a suspended member’s bets but pays their wins', async () => {
    const t = await app();
    const player = await hub88Player(t, 10);
    const bet = betBody(player, 2);
    await walletCall(t, '/transaction/bet', bet);
    await t.db.update(users).set({ status: 'suspended' }).where(eq(users.id, player.userId));
    expect((await walletCall(t, '/transaction/bet', betBody(player, 1))).status).toBe('RS_ERROR_USER_DISABLED');
    expect((await walletCall(t, '/user/balance', { user: player.user, token: player.token, request_uuid: randomUUID() })).status).toBe('RS_ERROR_USER_DISABLED');
    expect(await walletCall(t, '/transaction/win', winBody(player, bet, 4))).toMatchObject({ status: 'RS_OK', balance: units(12) });
  });

  it('refuses a wrong currency, a game switched off, and amounts finer than a satang', async () => {
    const t = await app();
    const player = await hub88Player(t, 10);
    expect((await walletCall(t, '/transaction/bet', betBody(player, 1, { currency: 'EUR' }))).status).toBe('RS_ERROR_WRONG_CURRENCY');
    expect((await walletCall(t, '/transaction/bet', betBody(player, 1, { amount: 100_001 }))).status).toBe('RS_ERROR_WRONG_TYPES');
    expect((await walletCall(t, '/transaction/bet', betBody(player, 1, { game_code: 'no_such_game' }))).status).toBe('RS_ERROR_INVALID_GAME');
    await t.db.update(games).set({ active: false, operatorOff: true }).where(eq(games.code, HUB88_GAME));
    expect((await walletCall(t, '/transaction/bet', betBody(player, 1))).status).toBe('RS_ERROR_INVALID_GAME');
    expect(await gameBalance(t, player)).toBe(1_000n);
  });

  it('refuses a bad or missing signature before reading the body, and malformed bodies by their status', async () => {
    const t = await app();
    const player = await hub88Player(t, 10);
    const bet = betBody(player, 1);
    const before = await transferCount(t);
    expect(await walletCall(t, '/transaction/bet', bet, { signature: Buffer.from('forged').toString('base64') })).toEqual({ status: 'RS_ERROR_INVALID_SIGNATURE', request_uuid: bet.request_uuid });
    // Signed, then changed on the way: the bytes no longer match.
    const signedOther = signBody(rsaPrivateKey(DEMO_AGGREGATOR_PRIVATE_KEY), JSON.stringify({ ...bet, amount: 1 }));
    expect((await walletCall(t, '/transaction/bet', bet, { signature: signedOther })).status).toBe('RS_ERROR_INVALID_SIGNATURE');
    expect((await walletCall(t, '/transaction/bet', null, { raw: '{"user": ' })).status).toBe('RS_ERROR_WRONG_SYNTAX');
    const { amount: _, ...noAmount } = bet;
    expect((await walletCall(t, '/transaction/bet', noAmount)).status).toBe('RS_ERROR_WRONG_SYNTAX');
    expect((await walletCall(t, '/transaction/bet', { ...bet, amount: '100000' })).status).toBe('RS_ERROR_WRONG_TYPES');
    expect(await transferCount(t)).toBe(before);
  });

  it('needs neither a member token nor X-Requested-With, and is no member route', async () => {
    const t = await app();
    const player = await hub88Player(t, 10);
    // The member's own token opens nothing here: only Hub88's signature does.
    const response = await call(t.app, { method: 'POST', path: '/api/providers/hub88/user/balance' } as Endpoint, { user: player.user, token: player.token, request_uuid: 'r' }, { token: player.memberToken });
    expect(response.json()).toEqual({ status: 'RS_ERROR_INVALID_SIGNATURE', request_uuid: 'r' });
  });
});
