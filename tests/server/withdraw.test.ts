/**
 * Withdrawals (spec 5, 7): limits, the bank account, holding the money
 * until an operator pays or rejects, withdrawAll's sweep of the games, and
 * races on one wallet.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { endpoints } from '../../src/contract/endpoints.ts';
import { bankAccounts, ledgerTransfers, withdrawals } from '../../src/server/db/schema.ts';
import { putSetting } from '../../src/server/repositories/settings.ts';
import { addOffer, placeBet, takeBonus } from './helpers/bonuses.ts';
import { call } from './helpers/http.ts';
import { buildMoneyApp, checkLedgerAfterEach, ledgerSnapshot, memberWithMoney, walletOf } from './helpers/money.ts';

checkLedgerAfterEach();

describe('POST /api/wallet/withdraw', () => {
  it('holds the amount for a payout to the registered bank account', async () => {
    const m = await buildMoneyApp();
    const member = await memberWithMoney(m, { wallet: 1_000 });
    const response = await call(m.app, endpoints.withdraw, { amount: 400.5 }, { token: member.token });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    expect(answer).toEqual({ message: 'SUCCESS', amount: 400.5, wallet: { amount: 599.5 }, transferId: expect.stringMatching(/^\d+$/) });

    const [withdrawal] = await m.db.select().from(withdrawals).where(eq(withdrawals.userId, member.userId));
    expect(withdrawal).toMatchObject({
      pendingTransferId: Number(answer.transferId),
      resolvingTransferId: null,
      bankCode: member.body.bankCode,
      accountName: member.body.bankAccountName,
      accountNo: member.body.bankAccountNo,
      createdAt: m.clock(),
      resolvedAt: null,
    });
    const [held] = await m.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.id, Number(answer.transferId)));
    expect(held).toMatchObject({ phase: 'pending', kind: 'withdraw', amount: 40_050n });
    expect((await walletOf(m, member.token)).wallet).toBe(599.5);
  });

  it('takes amounts from withdrawMin to withdrawMax, refuses others with the limit\'s code, and what is no amount with KEY_INVALID', async () => {
    const m = await buildMoneyApp();
    const member = await memberWithMoney(m, { wallet: 100_000 });
    await putSetting(m.db, 'withdrawMin', 150);
    await putSetting(m.db, 'withdrawMax', 20_000);
    const before = await ledgerSnapshot(m.db);
    const refusals: [number, string][] = [
      [149.99, 'WITHDRAW_MINIMUM'],
      [20_000.01, 'WITHDRAW_MAXIMUM'],
      [0, 'KEY_INVALID'],
      [-150, 'KEY_INVALID'],
      [0.001, 'KEY_INVALID'],
    ];
    for (const [amount, code] of refusals) {
      const response = await call(m.app, endpoints.withdraw, { amount }, { token: member.token });
      expect([amount, response.statusCode, response.json()]).toEqual([amount, 400, { message: code }]);
    }
    expect(await ledgerSnapshot(m.db)).toEqual(before);
    for (const amount of [150, 20_000]) {
      expect((await call(m.app, endpoints.withdraw, { amount }, { token: member.token })).statusCode).toBe(200);
    }
  });

  it('refuses more than the available balance with MONEY_NOT_ENOUGH, counting money already held', async () => {
    const m = await buildMoneyApp();
    const member = await memberWithMoney(m, { wallet: 200, inGames: { TEST_SLOT: 300 } });
    // Game money is not in the wallet: 200 available.
    expect((await call(m.app, endpoints.withdraw, { amount: 200.01 }, { token: member.token })).json()).toEqual({ message: 'MONEY_NOT_ENOUGH' });
    expect((await call(m.app, endpoints.withdraw, { amount: 150 }, { token: member.token })).statusCode).toBe(200);
    const response = await call(m.app, endpoints.withdraw, { amount: 100 }, { token: member.token });
    expect([response.statusCode, response.json()]).toEqual([400, { message: 'MONEY_NOT_ENOUGH' }]);
  });

  it('refuses a member without a bank account with NO_BANK', async () => {
    const m = await buildMoneyApp();
    const member = await memberWithMoney(m, { wallet: 500 });
    await m.db.delete(bankAccounts).where(eq(bankAccounts.userId, member.userId));
    for (const endpoint of [endpoints.withdraw, endpoints.withdrawAll]) {
      const response = await call(m.app, endpoint, { amount: 200 }, { token: member.token });
      expect([response.statusCode, response.json()]).toEqual([400, { message: 'NO_BANK' }]);
    }
  });

  it('asks a member holding a bonus for the full amount (BONUS_REMAINING), withdrawAll counting the games', async () => {
    const m = await buildMoneyApp();
    await addOffer(m.db, m.clock(), { code: 'TEST' });
    const member = await memberWithMoney(m, { wallet: 400, opened: ['TEST_SLOT'] });
    await takeBonus(m, member.token, 'TEST');
    expect((await call(m.app, endpoints.transfer, { from: 'WALLET', to: 'TEST_SLOT', amount: 250 }, { token: member.token })).statusCode).toBe(200);
    // Its turnover (1 × the bonus of 100) is met by bets in the game.
    await placeBet(m, member.userId, 'TEST_SLOT', 100);
    const before = await ledgerSnapshot(m.db);
    for (const [endpoint, amount] of [
      [endpoints.withdraw, 399.99],
      [endpoints.withdrawAll, 399],
    ] as const) {
      const response = await call(m.app, endpoint, { amount }, { token: member.token });
      expect([amount, response.statusCode, response.json()]).toEqual([amount, 400, { message: 'BONUS_REMAINING' }]);
    }
    // Money left in a game counts too: a plain withdraw of the whole wallet is not the full amount.
    const walletOnly = await call(m.app, endpoints.withdraw, { amount: 250 }, { token: member.token });
    expect([walletOnly.statusCode, walletOnly.json()]).toEqual([400, { message: 'BONUS_REMAINING' }]);
    expect(await ledgerSnapshot(m.db)).toEqual(before);
    const whole = await call(m.app, endpoints.withdrawAll, { amount: 400 }, { token: member.token });
    expect([whole.statusCode, whole.json()]).toMatchObject([200, { amount: 400, wallet: { amount: 0 } }]);
  });

  it('says whether a bonus is held (GET /api/bonus/check/active), and holds any amount again once it has ended', async () => {
    const m = await buildMoneyApp();
    await addOffer(m.db, m.clock(), { code: 'WEEKLY', type: 'week', percentFail: 10 });
    const member = await memberWithMoney(m, { wallet: 500 });
    expect((await call(m.app, endpoints.bonusCheckActive, undefined, { token: member.token })).json()).toEqual({ status: false, type: null });
    await takeBonus(m, member.token, 'WEEKLY');
    expect((await call(m.app, endpoints.bonusCheckActive, undefined, { token: member.token })).json()).toMatchObject({ status: true, type: 'week' });
    const partial = await call(m.app, endpoints.withdraw, { amount: 200 }, { token: member.token });
    expect([partial.statusCode, partial.json()]).toEqual([400, { message: 'BONUS_REMAINING' }]);
    expect((await call(m.app, endpoints.bonusClear, undefined, { token: member.token })).json()).toMatchObject({ message: 'BONUS_CLEAR' });
    expect((await call(m.app, endpoints.withdraw, { amount: 200 }, { token: member.token })).statusCode).toBe(200);
  });

  it('replays a key without holding twice, and races with one key hold once', async () => {
    const m = await buildMoneyApp();
    const member = await memberWithMoney(m, { wallet: 1_000 });
    const options = { token: member.token, idempotencyKey: 'withdraw-once-001' };
    const answers = await Promise.all([1, 2, 3].map(() => call(m.app, endpoints.withdraw, { amount: 300 }, options)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(answers.map((a) => a.json())).toEqual(Array(3).fill(answers[0]!.json()));
    const replay = await call(m.app, endpoints.withdraw, { amount: 300 }, options);
    expect(replay.json()).toEqual(answers[0]!.json());
    expect(await m.db.select().from(withdrawals).where(eq(withdrawals.userId, member.userId))).toHaveLength(1);
    expect((await walletOf(m, member.token)).wallet).toBe(700);
  });

  it('never overdraws: 50 parallel withdrawals of 100 from 1,000 hold ten', async () => {
    const m = await buildMoneyApp();
    const member = await memberWithMoney(m, { wallet: 1_000 });
    const answers = await Promise.all(Array.from({ length: 50 }, () => call(m.app, endpoints.withdraw, { amount: 100 }, { token: member.token })));
    const outcomes = answers.map((a) => (a.statusCode === 200 ? 'held' : `${a.statusCode} ${a.json().message}`));
    expect(outcomes.filter((o) => o === 'held')).toHaveLength(10);
    expect(outcomes.filter((o) => o !== 'held')).toEqual(Array(40).fill('400 MONEY_NOT_ENOUGH'));
    expect(await m.db.select().from(withdrawals).where(eq(withdrawals.userId, member.userId))).toHaveLength(10);
    expect((await walletOf(m, member.token)).wallet).toBe(0);
  });
});

describe('POST /api/wallet/withdrawAll', () => {
  it('brings every game balance back through its provider, then holds the amount', async () => {
    const m = await buildMoneyApp();
    const member = await memberWithMoney(m, { wallet: 100, opened: ['TEST_LOTTO'], inGames: { TEST_SLOT: 300, TEST_SPORT: 200.5 } });
    const calls = m.provider.calls.length;
    const response = await call(m.app, endpoints.withdrawAll, { amount: 500 }, { token: member.token });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ message: 'SUCCESS', amount: 500, wallet: { amount: 100.5 } });
    expect(await walletOf(m, member.token)).toMatchObject({ wallet: 100.5, slots: { TEST_SLOT: 0, TEST_SPORT: 0, TEST_LOTTO: 0 } });
    // Games with nothing in them are not asked.
    expect(m.provider.calls.slice(calls).map(({ hook, gameCode, amount }) => [hook, gameCode, amount])).toEqual([
      ['withdraw', 'TEST_SLOT', 30_000n],
      ['withdraw', 'TEST_SPORT', 20_050n],
    ]);
    const [withdrawal] = await m.db.select().from(withdrawals).where(eq(withdrawals.userId, member.userId));
    expect(withdrawal?.pendingTransferId).toBe(Number(response.json().transferId));
  });

  it('moves nothing at all when a provider fails (502 TRANSFER_FAIL) or the total is short (MONEY_NOT_ENOUGH)', async () => {
    const m = await buildMoneyApp();
    const member = await memberWithMoney(m, { wallet: 100, inGames: { TEST_SLOT: 300, TEST_SPORT: 200 } });
    const before = await ledgerSnapshot(m.db);

    const short = await call(m.app, endpoints.withdrawAll, { amount: 600.01 }, { token: member.token });
    expect([short.statusCode, short.json()]).toEqual([400, { message: 'MONEY_NOT_ENOUGH' }]);
    expect(await ledgerSnapshot(m.db)).toEqual(before);

    m.provider.failing = true;
    const failed = await call(m.app, endpoints.withdrawAll, { amount: 100 }, { token: member.token });
    expect([failed.statusCode, failed.json()]).toEqual([502, { message: 'TRANSFER_FAIL' }]);
    expect(await ledgerSnapshot(m.db)).toEqual(before);
    expect(await walletOf(m, member.token)).toMatchObject({ wallet: 100, slots: { TEST_SLOT: 300, TEST_SPORT: 200 } });
  });

  it('checks the limits before touching the games', async () => {
    const m = await buildMoneyApp();
    const member = await memberWithMoney(m, { inGames: { TEST_SLOT: 60_000 } });
    const before = await ledgerSnapshot(m.db);
    const calls = m.provider.calls.length;
    for (const [amount, code] of [
      [99.99, 'WITHDRAW_MINIMUM'],
      [50_000.01, 'WITHDRAW_MAXIMUM'],
    ] as const) {
      expect((await call(m.app, endpoints.withdrawAll, { amount }, { token: member.token })).json()).toEqual({ message: code });
    }
    expect(await ledgerSnapshot(m.db)).toEqual(before);
    expect(m.provider.calls).toHaveLength(calls);
  });

  it('sweeps each game once when withdrawAll races transfers into the games', async () => {
    const m = await buildMoneyApp();
    const member = await memberWithMoney(m, { wallet: 1_000, inGames: { TEST_SLOT: 500, TEST_SPORT: 500 } });
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        i % 3 === 0
          ? call(m.app, endpoints.withdrawAll, { amount: 100 }, { token: member.token })
          : call(m.app, endpoints.transfer, { from: 'WALLET', to: i % 3 === 1 ? 'TEST_SLOT' : 'TEST_SPORT', amount: 40 }, { token: member.token }),
      ),
    );
    const unexpected = answers.filter((a) => a.statusCode !== 200 && a.json().message !== 'MONEY_NOT_ENOUGH');
    expect(unexpected.map((a) => `${a.statusCode} ${a.body}`)).toEqual([]);
    const held = answers.filter((a, i) => i % 3 === 0 && a.statusCode === 200).length;
    const { wallet, slots } = await walletOf(m, member.token);
    expect(wallet + slots.TEST_SLOT! + slots.TEST_SPORT! + held * 100).toBe(2_000);
  });
});
