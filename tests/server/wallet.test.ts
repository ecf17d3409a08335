/**
 * The wallet (spec 7): the balances the home shows, and transfers between
 * the wallet and game accounts with their rules (spec 5, spec 8 codes), the
 * provider's part in them, Idempotency-Key replays, and races on one wallet.
 */
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { endpoints } from '../../src/contract/endpoints.ts';
import { games, ledgerTransfers, settings } from '../../src/server/db/schema.ts';
import { putSetting } from '../../src/server/repositories/settings.ts';
import { call } from './helpers/http.ts';
import { signedInMember } from './helpers/members.ts';
import { buildMoneyApp, checkLedgerAfterEach, deposit, ledgerSnapshot, memberWithMoney, walletOf } from './helpers/money.ts';

checkLedgerAfterEach();


describe('GET /api/lookup/withdraw', () => {
  it('answers the withdraw limits from the settings, without a login', async () => {
    const m = await buildMoneyApp();
    expect((await call(m.app, endpoints.lookupWithdraw)).json()).toEqual({ withdrawMin: 100, withdrawMax: 50_000 });
    await putSetting(m.db, 'withdrawMin', 300);
    expect((await call(m.app, endpoints.lookupWithdraw)).json()).toEqual({ withdrawMin: 300, withdrawMax: 50_000 });
  });
});

describe('GET /api/wallet', () => {
  it('shows a new member an empty wallet, their profile, and every active game in display order', async () => {
    const m = await buildMoneyApp();
    const member = await signedInMember(m);
    const response = await call(m.app, endpoints.wallet, undefined, { token: member.token });
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    const profile = (await call(m.app, endpoints.profileGet, undefined, { token: member.token })).json();
    expect(answer).toMatchObject({ ...profile, wallet: { amount: 0 }, invite: { amount: 0, success: 0, fail: 0 }, updatedAt: m.clock().toISOString() });

    const ours = answer.slots.filter((slot: { code: string }) => slot.code.startsWith('TEST_'));
    expect(ours.map((slot: { code: string }) => slot.code)).toEqual(['TEST_SPORT', 'TEST_LOTTO', 'TEST_SLOT', 'TEST_ORPHAN']);
    expect(ours[2]).toEqual({
      code: 'TEST_SLOT',
      name: 'Test Slot',
      category: 'slot',
      isActive: false,
      amount: 0,
      ftWalletSlot: 1,
      logo: '/images/games/test_slot.png',
      background: '/images/games/test_slot-bg.png',
      web: 'https://slot.example/play',
      android: null,
      ios: null,
    });
    expect(ours[1]).toMatchObject({ code: 'TEST_LOTTO', ftWalletSlot: 10 });
  });

  it('shows the available wallet balance and each opened game with its balance', async () => {
    const m = await buildMoneyApp();
    const member = await memberWithMoney(m, { wallet: 1_000, opened: ['TEST_LOTTO'], inGames: { TEST_SLOT: 250.5 } });
    await call(m.app, endpoints.withdraw, { amount: 300 }, { token: member.token });

    const { wallet, answer } = await walletOf(m, member.token);
    // 1,250.50 deposited, 250.50 in the slot game, 300 held for the withdrawal.
    expect(wallet).toBe(700);
    const slot = (code: string) => answer.slots.find((s: { code: string }) => s.code === code);
    expect(slot('TEST_SLOT')).toMatchObject({ isActive: true, amount: 250.5 });
    expect(slot('TEST_LOTTO')).toMatchObject({ isActive: true, amount: 0 });
    expect(slot('TEST_SPORT')).toMatchObject({ isActive: false, amount: 0 });
  });

  it('answers the same from /api/wallet/refresh/slot', async () => {
    const m = await buildMoneyApp();
    const member = await memberWithMoney(m, { wallet: 10, inGames: { TEST_SPORT: 5 } });
    const wallet = await call(m.app, endpoints.wallet, undefined, { token: member.token });
    const refreshed = await call(m.app, endpoints.walletRefreshGames, undefined, { token: member.token });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json()).toEqual(wallet.json());
  });

  it('needs a login', async () => {
    const m = await buildMoneyApp();
    for (const endpoint of [endpoints.wallet, endpoints.walletRefreshGames]) {
      const response = await call(m.app, endpoint);
      expect([response.statusCode, response.json()]).toEqual([401, { message: 'invalid-token' }]);
    }
  });
});

describe('POST /api/wallet/transfer', () => {
  it('moves money from the wallet to a game and tells the provider', async () => {
    const m = await buildMoneyApp();
    const member = await memberWithMoney(m, { wallet: 500, opened: ['TEST_SLOT'] });
    const response = await call(m.app, endpoints.transfer, { from: 'WALLET', to: 'TEST_SLOT', amount: 120.25 }, { token: member.token });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: 'SUCCESS', amount: 120.25, wallet: { amount: 379.75 }, transferId: expect.stringMatching(/^\d+$/) });
    expect(await walletOf(m, member.token)).toMatchObject({ wallet: 379.75, slots: { TEST_SLOT: 120.25 } });
    expect(m.provider.calls).toEqual([
      { hook: 'deposit', userId: member.userId, gameCode: 'TEST_SLOT', amount: 12_025n, idempotencyKey: expect.stringMatching(/^transfer:/) },
    ]);
  });

  it('moves money from a game back to the wallet through the provider', async () => {
    const m = await buildMoneyApp();
    const member = await memberWithMoney(m, { inGames: { TEST_SPORT: 300 } });
    const response = await call(m.app, endpoints.transfer, { from: 'TEST_SPORT', to: 'WALLET', amount: 100 }, { token: member.token });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ amount: 100, wallet: { amount: 100 } });
    expect(await walletOf(m, member.token)).toMatchObject({ wallet: 100, slots: { TEST_SPORT: 200 } });
    expect(m.provider.calls.at(-1)).toMatchObject({ hook: 'withdraw', gameCode: 'TEST_SPORT', amount: 10_000n });
  });

  it('refuses what the rules refuse, with their codes, and moves nothing', async () => {
    const m = await buildMoneyApp();
    const member = await memberWithMoney(m, { wallet: 100, opened: ['TEST_SLOT', 'TEST_RETIRED'], inGames: { TEST_SPORT: 50 } });
    await putSetting(m.db, 'transferMin', 5);
    const before = await ledgerSnapshot(m.db);
    const cases: [body: unknown, status: number, message: string][] = [
      [{ from: 'WALLET', to: 'WALLET', amount: 10 }, 400, 'SAME_ACCOUNT'],
      [{ from: 'TEST_SLOT', to: 'TEST_SLOT', amount: 10 }, 400, 'SAME_ACCOUNT'],
      [{ from: 'TEST_SPORT', to: 'TEST_SLOT', amount: 10 }, 400, 'ACCOUNT_INCORRECT'],
      [{ from: 'WALLET', to: 'NO_SUCH_GAME', amount: 10 }, 404, 'NO_GAME'],
      [{ from: 'NO_SUCH_GAME', to: 'WALLET', amount: 10 }, 404, 'NO_GAME'],
      [{ from: 'WALLET', to: 'TEST_RETIRED', amount: 10 }, 404, 'NO_GAME'],
      [{ from: 'WALLET', to: 'TEST_LOTTO', amount: 10 }, 404, 'SLOT_NO_ACCOUNT'],
      [{ from: 'TEST_LOTTO', to: 'WALLET', amount: 10 }, 404, 'SLOT_NO_ACCOUNT'],
      [{ from: 'WALLET', to: 'TEST_SLOT', amount: 4.99 }, 400, 'TRANSFER_MINIMUM'],
      [{ from: 'WALLET', to: 'TEST_SLOT', amount: 0 }, 400, 'TRANSFER_MINIMUM'],
      [{ from: 'WALLET', to: 'TEST_SLOT', amount: -10 }, 400, 'TRANSFER_MINIMUM'],
      // The minimum is checked before the game, whether it exists or is opened.
      [{ from: 'WALLET', to: 'NO_SUCH_GAME', amount: 1 }, 400, 'TRANSFER_MINIMUM'],
      [{ from: 'WALLET', to: 'TEST_LOTTO', amount: 1 }, 400, 'TRANSFER_MINIMUM'],
      [{ from: 'WALLET', to: 'TEST_SLOT', amount: 100.01 }, 400, 'MONEY_NOT_ENOUGH'],
      [{ from: 'TEST_SPORT', to: 'WALLET', amount: 50.01 }, 400, 'MONEY_NOT_ENOUGH'],
      [{ from: 'WALLET', to: 'TEST_SLOT' }, 400, 'KEY_MISSING'],
    ];
    for (const [body, status, message] of cases) {
      const response = await call(m.app, endpoints.transfer, body, { token: member.token });
      expect([JSON.stringify(body), response.statusCode, response.json()]).toEqual([JSON.stringify(body), status, { message }]);
    }
    expect(await ledgerSnapshot(m.db)).toEqual(before);
    // Exactly the minimum and exactly everything are fine.
    expect((await call(m.app, endpoints.transfer, { from: 'WALLET', to: 'TEST_SLOT', amount: 5 }, { token: member.token })).statusCode).toBe(200);
    expect((await call(m.app, endpoints.transfer, { from: 'WALLET', to: 'TEST_SLOT', amount: 95 }, { token: member.token })).statusCode).toBe(200);
  });

  it('takes money out of a retired game but puts none in', async () => {
    const m = await buildMoneyApp();
    const member = await memberWithMoney(m, { wallet: 100, opened: ['TEST_RETIRED'] });
    await m.db.update(games).set({ active: true }).where(eq(games.code, 'TEST_RETIRED'));
    expect((await call(m.app, endpoints.transfer, { from: 'WALLET', to: 'TEST_RETIRED', amount: 60 }, { token: member.token })).statusCode).toBe(200);
    await m.db.update(games).set({ active: false }).where(eq(games.code, 'TEST_RETIRED'));

    // The home still shows the money there (games.ts), and it can come back.
    expect((await walletOf(m, member.token)).slots.TEST_RETIRED).toBe(60);
    const into = await call(m.app, endpoints.transfer, { from: 'WALLET', to: 'TEST_RETIRED', amount: 10 }, { token: member.token });
    expect([into.statusCode, into.json()]).toEqual([404, { message: 'NO_GAME' }]);
    const out = await call(m.app, endpoints.transfer, { from: 'TEST_RETIRED', to: 'WALLET', amount: 60 }, { token: member.token });
    expect(out.statusCode, out.body).toBe(200);
    expect((await walletOf(m, member.token)).wallet).toBe(100);
  });

  it('cannot move money a withdrawal holds', async () => {
    const m = await buildMoneyApp();
    const member = await memberWithMoney(m, { wallet: 500, opened: ['TEST_SLOT'] });
    expect((await call(m.app, endpoints.withdraw, { amount: 450 }, { token: member.token })).statusCode).toBe(200);
    const response = await call(m.app, endpoints.transfer, { from: 'WALLET', to: 'TEST_SLOT', amount: 51 }, { token: member.token });
    expect(response.json()).toEqual({ message: 'MONEY_NOT_ENOUGH' });
  });

  it('answers 502 TRANSFER_FAIL when the provider refuses, and the money stays where it was', async () => {
    const m = await buildMoneyApp();
    const member = await memberWithMoney(m, { wallet: 200, inGames: { TEST_SLOT: 100 } });
    const before = await ledgerSnapshot(m.db);
    m.provider.failing = true;
    for (const body of [
      { from: 'WALLET', to: 'TEST_SLOT', amount: 50 },
      { from: 'TEST_SLOT', to: 'WALLET', amount: 50 },
    ]) {
      const response = await call(m.app, endpoints.transfer, body, { token: member.token });
      expect([response.statusCode, response.json()]).toEqual([502, { message: 'TRANSFER_FAIL' }]);
    }
    expect(await ledgerSnapshot(m.db)).toEqual(before);
    expect(await walletOf(m, member.token)).toMatchObject({ wallet: 200, slots: { TEST_SLOT: 100 } });
    expect(m.provider.calls.filter((c) => c.userId === member.userId && c.amount === 5_000n)).toEqual([]);
  });

  it('answers 404 NO_GAME when the provider says the game takes no new money, as the transfer’s own check does', async () => {
    const m = await buildMoneyApp();
    const member = await memberWithMoney(m, { wallet: 200, opened: ['TEST_SLOT'] });
    const before = await ledgerSnapshot(m.db);
    m.provider.failing = true;
    m.provider.refusal = 'NO_GAME';
    const refused = await call(m.app, endpoints.transfer, { from: 'WALLET', to: 'TEST_SLOT', amount: 50 }, { token: member.token });
    expect([refused.statusCode, refused.json()]).toEqual([404, { message: 'NO_GAME' }]);
    expect(await ledgerSnapshot(m.db)).toEqual(before);
    // The same answer as a game the transfer itself finds retired.
    const retired = await call(m.app, endpoints.transfer, { from: 'WALLET', to: 'TEST_RETIRED', amount: 50 }, { token: member.token });
    expect([retired.statusCode, retired.json()]).toEqual([404, { message: 'NO_GAME' }]);
  });

  it("checks the default minimum (1) when the transferMin setting's row is missing", async () => {
    const m = await buildMoneyApp();
    const member = await memberWithMoney(m, { wallet: 100, opened: ['TEST_SLOT'] });
    await m.db.delete(settings).where(eq(settings.key, 'transferMin'));
    const below = await call(m.app, endpoints.transfer, { from: 'WALLET', to: 'TEST_SLOT', amount: 0.99 }, { token: member.token });
    expect([below.statusCode, below.json()]).toEqual([400, { message: 'TRANSFER_MINIMUM' }]);
    const atMinimum = await call(m.app, endpoints.transfer, { from: 'WALLET', to: 'TEST_SLOT', amount: 1 }, { token: member.token });
    expect(atMinimum.statusCode, atMinimum.body).toBe(200);
  });

  it('lets a request that failed at the provider run again with the same Idempotency-Key', async () => {
    const m = await buildMoneyApp();
    const member = await memberWithMoney(m, { wallet: 200, opened: ['TEST_SLOT'] });
    const options = { token: member.token, idempotencyKey: 'retry-after-provider-failure' };
    const body = { from: 'WALLET', to: 'TEST_SLOT', amount: 80 };
    m.provider.failing = true;
    expect((await call(m.app, endpoints.transfer, body, options)).statusCode).toBe(502);
    m.provider.failing = false;
    const retried = await call(m.app, endpoints.transfer, body, options);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(await walletOf(m, member.token)).toMatchObject({ wallet: 120, slots: { TEST_SLOT: 80 } });
  });

  it('answers TRANSFER_FAIL for a game whose provider does not run here', async () => {
    const m = await buildMoneyApp();
    const member = await memberWithMoney(m, { wallet: 100, opened: ['TEST_ORPHAN'] });
    const response = await call(m.app, endpoints.transfer, { from: 'WALLET', to: 'TEST_ORPHAN', amount: 10 }, { token: member.token });
    expect([response.statusCode, response.json()]).toEqual([502, { message: 'TRANSFER_FAIL' }]);
    expect((await walletOf(m, member.token)).wallet).toBe(100);
  });
});

describe('POST /api/wallet/transferAll', () => {
  it('moves the whole available balance to the game', async () => {
    const m = await buildMoneyApp();
    const member = await memberWithMoney(m, { wallet: 700.4, inGames: { TEST_SLOT: 10 } });
    await call(m.app, endpoints.withdraw, { amount: 200 }, { token: member.token });
    const response = await call(m.app, endpoints.transferAll, { to: 'TEST_SLOT' }, { token: member.token });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ message: 'SUCCESS', amount: 500.4, wallet: { amount: 0 } });
    expect(await walletOf(m, member.token)).toMatchObject({ wallet: 0, slots: { TEST_SLOT: 510.4 } });
  });

  it('refuses an empty wallet, an unopened game and the wallet itself', async () => {
    const m = await buildMoneyApp();
    const member = await memberWithMoney(m, { wallet: 0.5, opened: ['TEST_SLOT'] });
    const cases: [body: unknown, status: number, message: string][] = [
      // 0.50 is below the 1 baht minimum; nothing at all is too.
      [{ to: 'TEST_SLOT' }, 400, 'TRANSFER_MINIMUM'],
      [{ to: 'TEST_SPORT' }, 404, 'SLOT_NO_ACCOUNT'],
      [{ to: 'NOPE' }, 404, 'NO_GAME'],
      [{ to: 'WALLET' }, 400, 'ACCOUNT_INCORRECT'],
      [{}, 400, 'KEY_MISSING'],
    ];
    for (const [body, status, message] of cases) {
      const response = await call(m.app, endpoints.transferAll, body, { token: member.token });
      expect([JSON.stringify(body), response.statusCode, response.json()]).toEqual([JSON.stringify(body), status, { message }]);
    }
    const empty = await memberWithMoney(m, { opened: ['TEST_SLOT'] });
    const response = await call(m.app, endpoints.transferAll, { to: 'TEST_SLOT' }, { token: empty.token });
    expect(response.json()).toEqual({ message: 'TRANSFER_MINIMUM' });
  });
});

describe('Idempotency-Key on wallet movements', () => {
  it('checks the token before the key: a malformed key is 401 without a session, 400 KEY_INVALID with one', async () => {
    const m = await buildMoneyApp();
    const member = await memberWithMoney(m, { wallet: 300, opened: ['TEST_SLOT'] });
    const body = { from: 'WALLET', to: 'TEST_SLOT', amount: 100 };
    const anonymous = await call(m.app, endpoints.transfer, body, { token: 'not-a-token', idempotencyKey: 'bad key!' });
    expect([anonymous.statusCode, anonymous.json()]).toEqual([401, { message: 'invalid-token' }]);
    const signedIn = await call(m.app, endpoints.transfer, body, { token: member.token, idempotencyKey: 'bad key!' });
    expect([signedIn.statusCode, signedIn.json()]).toEqual([400, { message: 'KEY_INVALID' }]);
    expect((await walletOf(m, member.token)).wallet).toBe(300);
  });

  it('answers a replayed key with the first answer and moves nothing', async () => {
    const m = await buildMoneyApp();
    const member = await memberWithMoney(m, { wallet: 300, opened: ['TEST_SLOT'] });
    const options = { token: member.token, idempotencyKey: 'transfer-once-0001' };
    const body = { from: 'WALLET', to: 'TEST_SLOT', amount: 100 };
    const first = await call(m.app, endpoints.transfer, body, options);
    const snapshot = await ledgerSnapshot(m.db);
    const replay = await call(m.app, endpoints.transfer, body, options);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await ledgerSnapshot(m.db)).toEqual(snapshot);
    expect((await walletOf(m, member.token)).wallet).toBe(200);
  });

  it('refuses the same key with another body (409 KEY_INVALID)', async () => {
    const m = await buildMoneyApp();
    const member = await memberWithMoney(m, { wallet: 300, opened: ['TEST_SLOT'] });
    const options = { token: member.token, idempotencyKey: 'transfer-once-0002' };
    await call(m.app, endpoints.transfer, { from: 'WALLET', to: 'TEST_SLOT', amount: 100 }, options);
    const other = await call(m.app, endpoints.transfer, { from: 'WALLET', to: 'TEST_SLOT', amount: 101 }, options);
    expect([other.statusCode, other.json()]).toEqual([409, { message: 'KEY_INVALID' }]);
    const elsewhere = await call(m.app, endpoints.transferAll, { to: 'TEST_SLOT' }, options);
    expect([elsewhere.statusCode, elsewhere.json()]).toEqual([409, { message: 'KEY_INVALID' }]);
    expect((await walletOf(m, member.token)).wallet).toBe(200);
  });

  it('keeps a refusal: the same key answers the same refusal after the wallet was topped up', async () => {
    const m = await buildMoneyApp();
    const member = await memberWithMoney(m, { wallet: 50, opened: ['TEST_SLOT'] });
    const options = { token: member.token, idempotencyKey: 'transfer-refused-01' };
    const body = { from: 'WALLET', to: 'TEST_SLOT', amount: 100 };
    expect((await call(m.app, endpoints.transfer, body, options)).json()).toEqual({ message: 'MONEY_NOT_ENOUGH' });
    await deposit(m, member.phone, 100);
    const replay = await call(m.app, endpoints.transfer, body, options);
    expect([replay.statusCode, replay.json()]).toEqual([400, { message: 'MONEY_NOT_ENOUGH' }]);
    expect((await walletOf(m, member.token)).wallet).toBe(150);
  });

  it('moves once when two requests with one key arrive together', async () => {
    const m = await buildMoneyApp();
    const member = await memberWithMoney(m, { wallet: 300, opened: ['TEST_SLOT'] });
    const options = { token: member.token, idempotencyKey: 'transfer-race-0001' };
    const body = { from: 'WALLET', to: 'TEST_SLOT', amount: 100 };
    const answers = await Promise.all([1, 2, 3].map(() => call(m.app, endpoints.transfer, body, options)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(answers.map((a) => a.json())).toEqual(Array(3).fill(answers[0]!.json()));
    expect(await walletOf(m, member.token)).toMatchObject({ wallet: 200, slots: { TEST_SLOT: 100 } });
    const [moved] = await m.db.select({ n: count() }).from(ledgerTransfers).where(eq(ledgerTransfers.kind, 'transfer'));
    expect(moved?.n).toBe(1);
  });

  it('moves once for transferAll raced under one key', async () => {
    const m = await buildMoneyApp();
    const member = await memberWithMoney(m, { wallet: 300, opened: ['TEST_SLOT'] });
    const options = { token: member.token, idempotencyKey: 'transfer-all-race-1' };
    const answers = await Promise.all([1, 2, 3].map(() => call(m.app, endpoints.transferAll, { to: 'TEST_SLOT' }, options)));
    expect(answers.map((a) => [a.statusCode, a.json().amount])).toEqual([
      [200, 300],
      [200, 300],
      [200, 300],
    ]);
    expect(await walletOf(m, member.token)).toMatchObject({ wallet: 0, slots: { TEST_SLOT: 300 } });
  });
});

describe('races on one wallet', () => {
  it('never overdraws it: 50 parallel transfers of 30 from 1,000 move 33 of them', async () => {
    const m = await buildMoneyApp();
    const member = await memberWithMoney(m, { wallet: 1_000, opened: ['TEST_SLOT', 'TEST_SPORT'] });
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call(m.app, endpoints.transfer, { from: 'WALLET', to: i % 2 ? 'TEST_SLOT' : 'TEST_SPORT', amount: 30 }, { token: member.token }),
      ),
    );
    const outcomes = answers.map((a) => (a.statusCode === 200 ? 'moved' : a.json().message));
    expect(outcomes.filter((o) => o === 'moved')).toHaveLength(33);
    expect(outcomes.filter((o) => o !== 'moved')).toEqual(Array(17).fill('MONEY_NOT_ENOUGH'));
    const { wallet, slots } = await walletOf(m, member.token);
    expect(wallet).toBe(10);
    expect(slots.TEST_SLOT! + slots.TEST_SPORT!).toBe(990);
  });

  it('moves each game balance once when transfers in and out race', async () => {
    const m = await buildMoneyApp();
    const member = await memberWithMoney(m, { wallet: 500, inGames: { TEST_SLOT: 500 } });
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        call(
          m.app,
          i % 2 ? endpoints.transfer : endpoints.transferAll,
          i % 2 ? { from: 'TEST_SLOT', to: 'WALLET', amount: 50 } : { to: 'TEST_SLOT' },
          { token: member.token },
        ),
      ),
    );
    const unexpected = answers.filter((a) => a.statusCode !== 200 && !['MONEY_NOT_ENOUGH', 'TRANSFER_MINIMUM'].includes(a.json().message));
    expect(unexpected.map((a) => `${a.statusCode} ${a.body}`)).toEqual([]);
    const { wallet, slots } = await walletOf(m, member.token);
    expect(wallet + slots.TEST_SLOT!).toBe(1_000);
  });
});

