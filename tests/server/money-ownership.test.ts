/**
 * A member reaches only their own money: every money route is keyed by the
 * session's user, never by anything in the body; Idempotency-Keys are per
 * member; the operator's routes are closed to members.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { endpoints } from '../../src/contract/endpoints.ts';
import { withdrawals } from '../../src/server/db/schema.ts';
import { call } from './helpers/http.ts';
import { buildMoneyApp, checkLedgerAfterEach, ledgerSnapshot, memberWithMoney, walletOf, withdrawalIdOf, type MoneyApp } from './helpers/money.ts';

checkLedgerAfterEach();

/** Two funded members: Ann has opened only TEST_SLOT; Bob has money in TEST_SPORT. */
async function annAndBob(m: MoneyApp) {
  const ann = await memberWithMoney(m, { wallet: 1_000, opened: ['TEST_SLOT'] });
  const bob = await memberWithMoney(m, { wallet: 2_000, inGames: { TEST_SPORT: 500 } });
  return { ann, bob };
}

describe('a member’s money', () => {
  it('is all the wallet and statement show: nothing of another member', async () => {
    const m = await buildMoneyApp();
    const { ann, bob } = await annAndBob(m);
    const annWallet = await walletOf(m, ann.token);
    expect(annWallet.wallet).toBe(1_000);
    expect(annWallet.slots.TEST_SPORT).toBe(0);
    expect(annWallet.answer.profile.username).toBe(ann.phone);

    const annStatement = (await call(m.app, endpoints.statement, { page: 1, limit: 100 }, { token: ann.token })).json();
    const bobStatement = (await call(m.app, endpoints.statement, { page: 1, limit: 100 }, { token: bob.token })).json();
    expect(annStatement.total).toBe(1);
    const annIds = new Set(annStatement.statements.map((s: { _id: string }) => s._id));
    expect(bobStatement.statements.some((s: { _id: string }) => annIds.has(s._id))).toBe(false);
  });

  it('cannot be moved out of another member’s game or wallet, whatever the body names', async () => {
    const m = await buildMoneyApp();
    const { ann, bob } = await annAndBob(m);
    const before = await ledgerSnapshot(m.db);
    // Bob's game, which Ann never opened.
    const fromBobsGame = await call(m.app, endpoints.transfer, { from: 'TEST_SPORT', to: 'WALLET', amount: 100 }, { token: ann.token });
    expect(fromBobsGame.json()).toEqual({ message: 'SLOT_NO_ACCOUNT' });
    // Fields naming Bob are not part of the contract and are dropped.
    const named = { userId: bob.userId, username: bob.phone, wallet: `wallet:${bob.userId}`, account: bob.phone };
    expect((await call(m.app, endpoints.withdraw, { amount: 1_500, ...named }, { token: ann.token })).json()).toEqual({ message: 'MONEY_NOT_ENOUGH' });
    expect(await ledgerSnapshot(m.db)).toEqual(before);

    const moved = await call(m.app, endpoints.transfer, { from: 'WALLET', to: 'TEST_SLOT', amount: 100, ...named }, { token: ann.token });
    expect(moved.statusCode).toBe(200);
    expect(await walletOf(m, ann.token)).toMatchObject({ wallet: 900, slots: { TEST_SLOT: 100 } });
    expect(await walletOf(m, bob.token)).toMatchObject({ wallet: 2_000, slots: { TEST_SPORT: 500 } });

    const held = await call(m.app, endpoints.withdrawAll, { amount: 200, ...named }, { token: ann.token });
    expect(held.statusCode).toBe(200);
    const [withdrawal] = await m.db.select().from(withdrawals).where(eq(withdrawals.pendingTransferId, Number(held.json().transferId)));
    expect(withdrawal).toMatchObject({ userId: ann.userId, accountNo: ann.body.bankAccountNo });
    expect(await walletOf(m, bob.token)).toMatchObject({ wallet: 2_000, slots: { TEST_SPORT: 500 } });
  });

  it('has its own Idempotency-Keys: the same key from two members is two requests', async () => {
    const m = await buildMoneyApp();
    const { ann, bob } = await annAndBob(m);
    const key = 'shared-key-12345';
    const annAnswer = await call(m.app, endpoints.withdraw, { amount: 100 }, { token: ann.token, idempotencyKey: key });
    const bobAnswer = await call(m.app, endpoints.withdraw, { amount: 100 }, { token: bob.token, idempotencyKey: key });
    expect([annAnswer.statusCode, bobAnswer.statusCode]).toEqual([200, 200]);
    expect(bobAnswer.headers['idempotent-replayed']).toBeUndefined();
    expect(bobAnswer.json().transferId).not.toBe(annAnswer.json().transferId);
    expect((await walletOf(m, ann.token)).wallet).toBe(900);
    expect((await walletOf(m, bob.token)).wallet).toBe(1_900);
  });

  it('cannot pay, reject or list withdrawals, or deposit, through the operator’s routes', async () => {
    const m = await buildMoneyApp();
    const { ann, bob } = await annAndBob(m);
    const bobsWithdrawal = await withdrawalIdOf(m.db, (await call(m.app, endpoints.withdraw, { amount: 300 }, { token: bob.token })).json().transferId);
    const before = await ledgerSnapshot(m.db);
    for (const response of [
      await call(m.app, endpoints.opsWithdrawals, undefined, { token: ann.token }),
      await call(m.app, endpoints.opsWithdrawalRejected, undefined, { token: ann.token, params: { id: bobsWithdrawal } }),
      await call(m.app, endpoints.opsWithdrawalPaid, undefined, { token: bob.token, params: { id: bobsWithdrawal } }),
      await call(m.app, endpoints.opsDeposit, { username: ann.phone, amount: 5_000, reference: 'ANN-SELF' }, { token: ann.token }),
    ]) {
      expect([response.statusCode, response.json()]).toEqual([403, { message: 'UNAUTHORIZED' }]);
    }
    expect(await ledgerSnapshot(m.db)).toEqual(before);
    const [row] = await m.db.select().from(withdrawals).where(eq(withdrawals.id, Number(bobsWithdrawal)));
    expect(row?.resolvingTransferId).toBeNull();
  });
});
