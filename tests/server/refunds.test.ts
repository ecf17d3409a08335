/**
 * The loss refund (docs/decisions/0099-loss-refund.md):
 * a share of each closed week's or day's net game loss, in Asia/Bangkok,
 * computed once per member and period from the ledger and received into
 * the wallet once; its refusals (REFUND_INACTIVE, REFUND_CONDITION,
 * NO_REFUND, REFUND_MINIMUM) move nothing; receives and accruals racing
 * write one transfer and one row. Every money test ends with the ledger
 * sound (checkLedgerAfterEach).
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { endpoints } from '../../src/contract/endpoints.ts';
import { closedPeriods } from '../../src/contract/rules/refund-periods.ts';
import { refundFor } from '../../src/contract/rules/refunds.ts';
import { resultRows } from '../../src/server/db/client.ts';
import { bonuses, refunds } from '../../src/server/db/schema.ts';
import { checkLedger } from '../../src/server/ledger/check.ts';
import { accrueLastPeriod } from '../../src/server/rewards/refunds.ts';
import { addOffer, placeBet, placeWin, takeBonus } from './helpers/bonuses.ts';
import { call } from './helpers/http.ts';
import { login, signedInMember } from './helpers/members.ts';
import { buildMoneyApp, checkLedgerAfterEach, ledgerSnapshot, memberWithMoney, OPERATOR, userIdOf, walletOf, type MoneyApp } from './helpers/money.ts';
import {
  answered,
  moveClockTo,
  placeRollback,
  receive,
  refundCheckOf,
  refundLogOf,
  refundRowsOf,
  refundTransfers,
  setRefund,
} from './helpers/refunds.ts';
import { activate, buildGamesApp, enterGame, fundGame, gameApi, spin } from './helpers/reference-games.ts';
import { losingReels } from '../support/scripted-random.ts';

checkLedgerAfterEach();

const BANGKOK = 'Asia/Bangkok';
const DAY = 24 * 60 * 60 * 1000;
const WEEK = 7 * DAY;
/** The test clock starts on Monday 2 March 2026, 10:00 in Bangkok (UTC+7): inside this week. */
const WEEK_1_START = '2026-03-01T17:00:00.000Z';
/** Monday 9 March 00:00 in Bangkok: week 1 closes, week 2 starts. */
const WEEK_1_END = '2026-03-08T17:00:00.000Z';
/** Sunday 8 March 23:59:59 in Bangkok: the last second of week 1. */
const WEEK_1_LAST_SECOND = '2026-03-08T16:59:59.000Z';
const WEEK_2_END = '2026-03-15T17:00:00.000Z';
const at = (iso: string, plusMs = 0) => new Date(new Date(iso).getTime() + plusMs).toISOString();

/** A money app with the weekly 10 % refund on and no offers (the demo's are removed). */
async function refundApp(): Promise<MoneyApp> {
  const m = await buildMoneyApp();
  await m.db.delete(bonuses);
  await setRefund(m);
  return m;
}

describe('the periods and the share (contract/rules/refund-periods.ts, refunds.ts)', () => {
  it('closes a Bangkok week at Monday 00:00, not at Sunday 23:59:59, and counts days in the zone', () => {
    expect(closedPeriods('week', new Date(WEEK_1_LAST_SECOND), BANGKOK, 1)).toEqual([
      { start: new Date(at(WEEK_1_START, -WEEK)), end: new Date(WEEK_1_START) },
    ]);
    expect(closedPeriods('week', new Date(WEEK_1_END), BANGKOK, 2)).toEqual([
      { start: new Date(WEEK_1_START), end: new Date(WEEK_1_END) },
      { start: new Date(at(WEEK_1_START, -WEEK)), end: new Date(WEEK_1_START) },
    ]);
    // 16:59:59 UTC on 3 March is 23:59:59 in Vientiane (UTC+7): 3 March is still open, 2 March closed.
    expect(closedPeriods('day', new Date('2026-03-03T16:59:59.000Z'), 'Asia/Vientiane', 1)).toEqual([
      { start: new Date('2026-03-01T17:00:00.000Z'), end: new Date('2026-03-02T17:00:00.000Z') },
    ]);
  });

  it('rounds the share down to a whole satang and gives nothing for a win or a 0 %', () => {
    expect(refundFor(12_345n, 7)).toBe(864n); // 864.15
    expect(refundFor(40_000n, 10)).toBe(4_000n);
    expect([refundFor(0n, 10), refundFor(-20_000n, 10), refundFor(10_000n, 0)]).toEqual([0n, 0n, 0n]);
  });
});

describe('a member who lost at the reference game', () => {
  it('sees the refund once the week closes and receives it into the wallet once (bets − wins − rollbacks)', async () => {
    const t = await buildGamesApp(losingReels(), { operator: OPERATOR });
    await setRefund(t);
    const operatorToken = await login(t, OPERATOR.phone, OPERATOR.password);
    const member = await signedInMember(t);
    const userId = await userIdOf(t.db, member.phone);
    await activate(t, member.token, 'lotus');
    await fundGame(t, userId, 'lotus', 100);
    const cookie = await enterGame(t, member.token, 'lotus');
    const rounds = ['refund-round-1', 'refund-round-2', 'refund-round-3'];
    for (const roundId of rounds) expect((await spin(t, cookie, { game: 'lotus', roundId, bet: 20 })).json()).toMatchObject({ win: 0 });
    // The operator returns one bet: 60 bet, 20 back, a loss of 40.
    expect((await gameApi(t, 'POST', `/games/api/rounds/${rounds[0]}/rollback`, { token: operatorToken })).statusCode).toBe(200);

    // The week is still open: nothing yet.
    expect(await refundCheckOf(t, member.token, 'en')).toEqual({
      result: true, bonus: false, info: '<p>10 % back every week</p>', refundAmount: 0, refundSuccess: 0, refundFail: 0, percent: 10, period: 'week', minimum: 0,
    });
    expect(await answered(receive(t, member.token))).toEqual([400, { message: 'NO_REFUND' }]);

    await moveClockTo(t, WEEK_1_END, member);
    expect(await refundCheckOf(t, member.token)).toMatchObject({ refundAmount: 4, refundSuccess: 1, refundFail: 0, info: '[th] <p>10 % back every week</p>' });
    expect((await refundCheckOf(t, member.token, 'lo')).info).toBe('[la] <p>10 % back every week</p>');
    expect(await answered(receive(t, member.token))).toEqual([200, { message: 'REFUND_SUCCESS', amount: 4 }]);
    expect(await answered(receive(t, member.token, 'addWallet'))).toEqual([400, { message: 'NO_REFUND' }]);

    const wallet = await call(t.app, endpoints.wallet, undefined, { token: member.token });
    expect(wallet.json().wallet.amount).toBe(4);
    expect(await refundCheckOf(t, member.token)).toMatchObject({ refundAmount: 0, refundSuccess: 1 });
    const log = await refundLogOf(t, member.token);
    expect(log).toEqual({ refunds: [{ _id: expect.any(String), refundAmount: 4, loss: 40, periodStart: WEEK_1_START, received: true, createdAt: WEEK_1_END }], total: 1 });
    const [transfer] = await refundTransfers(t.db);
    expect(transfer).toMatchObject({ amount: 400n, idempotencyKey: `refund:${userId}:${log.refunds[0]!._id}` });
    const statement = await call(t.app, endpoints.statement, { page: 1, limit: 10 }, { token: member.token, language: 'en' });
    expect(statement.json().statements[0]).toMatchObject({ amount: 4, from: 'REFUND', to: 'WALLET', refund: { description: expect.any(String) } });
    expect(await checkLedger(t.db)).toEqual([]);
  });
});

describe('GET /api/refund/check and POST /api/refund', () => {
  it('earns nothing for a week the member won (refundFail) and keeps each week\'s percent as it was computed', async () => {
    const m = await refundApp();
    const member = await memberWithMoney(m, { inGames: { TEST_SLOT: 500 } });
    await placeBet(m, member.userId, 'TEST_SLOT', 100);
    await placeWin(m, member.userId, 'TEST_SLOT', 300);
    await moveClockTo(m, at(WEEK_1_END, DAY), member);
    await placeBet(m, member.userId, 'TEST_SLOT', 250);
    await placeWin(m, member.userId, 'TEST_SLOT', 50);

    await moveClockTo(m, WEEK_2_END, member);
    expect(await refundCheckOf(m, member.token)).toMatchObject({ refundAmount: 20, refundSuccess: 1, refundFail: 1 });
    await setRefund(m, { percent: 25 });
    expect(await refundCheckOf(m, member.token)).toMatchObject({ refundAmount: 20, percent: 25 });
    const log = await refundLogOf(m, member.token);
    expect(log.total).toBe(2);
    expect(log.refunds.map((item) => [item.periodStart, item.loss, item.refundAmount, item.received])).toEqual([
      [WEEK_1_END, 200, 20, false],
      [WEEK_1_START, -200, 0, false],
    ]);
    expect((await refundRowsOf(m.db, member.userId)).map((row) => row.percent)).toEqual([10, 10]);
    expect(await answered(receive(m, member.token))).toEqual([200, { message: 'REFUND_SUCCESS', amount: 20 }]);
  });

  it('gives a week of only a rollback its row (a negative loss, nothing earned) and leaves the refund of the bet\'s week as it was', async () => {
    const m = await refundApp();
    const member = await memberWithMoney(m, { inGames: { TEST_SLOT: 500 } });
    await placeBet(m, member.userId, 'TEST_SLOT', 100);
    await moveClockTo(m, at(WEEK_1_END, DAY), member);
    expect(await refundCheckOf(m, member.token)).toMatchObject({ refundAmount: 10, refundSuccess: 1, refundFail: 0 });
    // The operator returns week 1's bet in week 2; the member bets nothing in week 2.
    await placeRollback(m, member.userId, 'TEST_SLOT', 100);

    await moveClockTo(m, WEEK_2_END, member);
    // A rollback counts in its own week (0099): week 1's refund stands, week 2 lost -100 and earns nothing.
    expect(await refundCheckOf(m, member.token)).toMatchObject({ refundAmount: 10, refundSuccess: 1, refundFail: 1 });
    expect((await refundRowsOf(m.db, member.userId)).map((row) => [row.periodStart.toISOString(), row.periodEnd.toISOString(), row.loss, row.amount])).toEqual([
      [WEEK_1_START, WEEK_1_END, 10_000n, 1_000n],
      [WEEK_1_END, WEEK_2_END, -10_000n, 0n],
    ]);
    expect((await refundLogOf(m, member.token)).refunds.map((item) => [item.periodStart, item.loss, item.refundAmount])).toEqual([
      [WEEK_1_END, -100, 0],
      [WEEK_1_START, 100, 10],
    ]);
    expect(await answered(receive(m, member.token))).toEqual([200, { message: 'REFUND_SUCCESS', amount: 10 }]);
  });

  it('puts a bet at Sunday 23:59:59 in Bangkok in the week that ends, and one at Monday 00:00:00 in the next', async () => {
    const m = await refundApp();
    const member = await memberWithMoney(m, { inGames: { TEST_SLOT: 500 } });
    await moveClockTo(m, WEEK_1_LAST_SECOND, member);
    await placeBet(m, member.userId, 'TEST_SLOT', 100);
    expect(await refundCheckOf(m, member.token)).toMatchObject({ refundAmount: 0, refundSuccess: 0 });
    expect(await refundRowsOf(m.db, member.userId)).toEqual([]);

    m.clock.advance(1_000);
    await placeBet(m, member.userId, 'TEST_SLOT', 50);
    expect(await refundCheckOf(m, member.token)).toMatchObject({ refundAmount: 10, refundSuccess: 1 });
    expect((await refundRowsOf(m.db, member.userId)).map((row) => [row.periodStart.toISOString(), row.periodEnd.toISOString(), row.loss])).toEqual([
      [WEEK_1_START, WEEK_1_END, 10_000n],
    ]);

    await moveClockTo(m, WEEK_2_END, member);
    expect(await refundCheckOf(m, member.token)).toMatchObject({ refundAmount: 15, refundSuccess: 2 });
  });

  it('counts nothing twice when the operator changes weeks to days: days start after the last week computed', async () => {
    const m = await refundApp();
    const member = await memberWithMoney(m, { inGames: { TEST_SLOT: 500 } });
    await placeBet(m, member.userId, 'TEST_SLOT', 100);
    await moveClockTo(m, at(WEEK_1_END, 3 * 60 * 60 * 1000), member);
    await placeBet(m, member.userId, 'TEST_SLOT', 30);
    expect((await refundCheckOf(m, member.token)).refundAmount).toBe(10);

    await setRefund(m, { period: 'day' });
    await moveClockTo(m, at(WEEK_1_END, DAY + 60_000), member);
    expect((await refundCheckOf(m, member.token)).refundAmount).toBe(13);
    expect((await refundRowsOf(m.db, member.userId)).map((row) => [row.periodStart.toISOString(), row.periodEnd.toISOString(), row.loss])).toEqual([
      [WEEK_1_START, WEEK_1_END, 10_000n],
      [WEEK_1_END, at(WEEK_1_END, DAY), 3_000n],
    ]);
  });

  it('computes the last 8 closed weeks when the member looks, no older one', async () => {
    const m = await refundApp();
    const member = await memberWithMoney(m, { inGames: { TEST_SLOT: 500 } });
    await placeBet(m, member.userId, 'TEST_SLOT', 100);
    await moveClockTo(m, at(WEEK_1_END, 8 * WEEK), member);
    expect((await refundCheckOf(m, member.token)).refundAmount).toBe(0);
    // A week earlier, week 1 is the 8th closed week.
    await moveClockTo(m, at(WEEK_1_END, 7 * WEEK), member);
    expect((await refundCheckOf(m, member.token)).refundAmount).toBe(10);
  });

  it('shows each member their own refunds, 10 a page, newest first', async () => {
    const m = await refundApp();
    await setRefund(m, { period: 'day' });
    const player = await memberWithMoney(m, { inGames: { TEST_SLOT: 500 } });
    const other = await memberWithMoney(m, { inGames: { TEST_SLOT: 100 } });
    for (let day = 1; day <= 12; day += 1) {
      await placeBet(m, player.userId, 'TEST_SLOT', day);
      m.clock.advance(DAY);
    }
    await moveClockTo(m, m.clock().toISOString(), player, other);
    const first = await refundLogOf(m, player.token);
    expect([first.total, first.refunds.length, first.refunds[0]!.loss, first.refunds[9]!.loss]).toEqual([12, 10, 12, 3]);
    const second = await refundLogOf(m, player.token, 2);
    expect(second.refunds.map((item) => item.loss)).toEqual([2, 1]);
    expect((await refundCheckOf(m, player.token)).refundAmount).toBe(7.8);

    expect(await refundLogOf(m, other.token)).toEqual({ refunds: [], total: 0 });
    expect(await refundCheckOf(m, other.token)).toMatchObject({ refundAmount: 0, refundSuccess: 0, refundFail: 0 });
    const before = await ledgerSnapshot(m.db);
    expect(await answered(receive(m, other.token))).toEqual([400, { message: 'NO_REFUND' }]);
    expect(await ledgerSnapshot(m.db)).toEqual(before);
    expect((await refundCheckOf(m, player.token)).refundAmount).toBe(7.8);
    expect((await call(m.app, endpoints.refunds, { page: 0, limit: 10 }, { token: player.token })).statusCode).toBe(400);
    expect((await call(m.app, endpoints.refundCheck)).statusCode).toBe(401);
  });
});

describe('GET /api/refund/receive and /api/refund/addWallet', () => {
  it('refuses while the refund is off (REFUND_INACTIVE) and computes nothing; switched on, the closed weeks of the window count', async () => {
    const m = await refundApp();
    await setRefund(m, { active: false });
    const member = await memberWithMoney(m, { inGames: { TEST_SLOT: 500 } });
    await placeBet(m, member.userId, 'TEST_SLOT', 100);
    await moveClockTo(m, WEEK_1_END, member);
    expect(await refundCheckOf(m, member.token)).toMatchObject({ result: false, refundAmount: 0 });
    const before = await ledgerSnapshot(m.db);
    expect(await answered(receive(m, member.token))).toEqual([400, { message: 'REFUND_INACTIVE' }]);
    expect(await answered(receive(m, member.token, 'addWallet'))).toEqual([400, { message: 'REFUND_INACTIVE' }]);
    expect(await ledgerSnapshot(m.db)).toEqual(before);
    expect(await m.db.select().from(refunds)).toEqual([]);

    await setRefund(m);
    expect(await refundCheckOf(m, member.token)).toMatchObject({ result: true, refundAmount: 10 });
  });

  it('refuses while a bonus is held (REFUND_CONDITION) and receives once it ended', async () => {
    const m = await refundApp();
    await addOffer(m.db, m.clock(), { code: 'HELD', grant: { fixed: 50 } });
    const member = await memberWithMoney(m, { inGames: { TEST_SLOT: 100 } });
    await placeBet(m, member.userId, 'TEST_SLOT', 100);
    await moveClockTo(m, WEEK_1_END, member);
    await takeBonus(m, member.token, 'HELD');
    expect(await refundCheckOf(m, member.token)).toMatchObject({ bonus: true, refundAmount: 10 });
    const before = await ledgerSnapshot(m.db);
    expect(await answered(receive(m, member.token))).toEqual([400, { message: 'REFUND_CONDITION' }]);
    expect(await ledgerSnapshot(m.db)).toEqual(before);

    expect((await call(m.app, endpoints.bonusClear, undefined, { token: member.token })).statusCode).toBe(200);
    expect(await refundCheckOf(m, member.token)).toMatchObject({ bonus: false, refundAmount: 10 });
    expect(await answered(receive(m, member.token, 'addWallet'))).toEqual([200, { message: 'REFUND_SUCCESS', amount: 10 }]);
  });

  it('refuses an amount not above the minimum (REFUND_MINIMUM), and nothing accrued (NO_REFUND)', async () => {
    const m = await refundApp();
    await setRefund(m, { minimum: 40 });
    const member = await memberWithMoney(m, { inGames: { TEST_SLOT: 500 } });
    const idle = await memberWithMoney(m);
    await placeBet(m, member.userId, 'TEST_SLOT', 400);
    await placeRollback(m, member.userId, 'TEST_SLOT', 0.1);
    await moveClockTo(m, WEEK_1_END, member, idle);
    // 399.90 lost: 39.99 accrued, not above 40.
    const before = await ledgerSnapshot(m.db);
    expect(await answered(receive(m, member.token))).toEqual([400, { message: 'REFUND_MINIMUM' }]);
    await setRefund(m, { minimum: 39.99 });
    expect(await answered(receive(m, member.token))).toEqual([400, { message: 'REFUND_MINIMUM' }]);
    expect(await answered(receive(m, idle.token))).toEqual([400, { message: 'NO_REFUND' }]);
    expect(await ledgerSnapshot(m.db)).toEqual(before);

    await setRefund(m, { minimum: 39.98 });
    expect(await answered(receive(m, member.token))).toEqual([200, { message: 'REFUND_SUCCESS', amount: 39.99 }]);
    expect((await walletOf(m, member.token)).wallet).toBe(39.99);
  });

  it('carries several weeks in one transfer and credits once when raced 10 times', async () => {
    const m = await refundApp();
    const member = await memberWithMoney(m, { inGames: { TEST_SLOT: 500 } });
    await placeBet(m, member.userId, 'TEST_SLOT', 100);
    await moveClockTo(m, at(WEEK_1_END, DAY), member);
    await placeBet(m, member.userId, 'TEST_SLOT', 200);
    await moveClockTo(m, WEEK_2_END, member);

    const raced = await Promise.all(Array.from({ length: 10 }, (_, index) => receive(m, member.token, index % 2 === 0 ? 'receive' : 'addWallet')));
    const answers = raced.map((response) => [response.statusCode, response.json()]);
    expect(answers.filter(([status]) => status === 200)).toEqual([[200, { message: 'REFUND_SUCCESS', amount: 30 }]]);
    expect(new Set(answers.filter(([status]) => status !== 200).map(([, body]) => JSON.stringify(body)))).toEqual(new Set([JSON.stringify({ message: 'NO_REFUND' })]));
    const transfers = await refundTransfers(m.db);
    expect(transfers.map((transfer) => transfer.amount)).toEqual([3_000n]);
    expect((await refundRowsOf(m.db, member.userId)).map((row) => [row.amount, row.transferId])).toEqual([
      [1_000n, transfers[0]!.id],
      [2_000n, transfers[0]!.id],
    ]);
    expect((await walletOf(m, member.token)).wallet).toBe(30);
  });
});

describe('accruing for every member (the scheduler\'s batch)', () => {
  it('writes one row per member and period when run twice at once, beside members looking at the same time', async () => {
    const m = await refundApp();
    const loser = await memberWithMoney(m, { inGames: { TEST_SLOT: 500 } });
    const winner = await memberWithMoney(m, { inGames: { TEST_SLOT: 500 } });
    const idle = await memberWithMoney(m, { wallet: 10 });
    await placeBet(m, loser.userId, 'TEST_SLOT', 300);
    await placeBet(m, winner.userId, 'TEST_SLOT', 10);
    await placeWin(m, winner.userId, 'TEST_SLOT', 40);
    await moveClockTo(m, at(WEEK_1_END, 60_000), loser, winner);
    // Not closed yet when the batch runs before its end: nothing to write.
    expect(await accrueLastPeriod(m.db, new Date(WEEK_1_LAST_SECOND), BANGKOK)).toBe(0);

    const [first, second] = await Promise.all([
      accrueLastPeriod(m.db, m.clock(), BANGKOK),
      accrueLastPeriod(m.db, m.clock(), BANGKOK),
      refundCheckOf(m, loser.token),
      refundCheckOf(m, winner.token),
    ]);
    expect((first as number) + (second as number)).toBeLessThanOrEqual(2);
    const rows = resultRows<{ user_id: number; n: number }>(await m.db.execute(sql`select user_id, count(*)::int as n from refunds group by user_id order by user_id`));
    expect(rows).toEqual([
      { user_id: loser.userId, n: 1 },
      { user_id: winner.userId, n: 1 },
    ]);
    expect(await accrueLastPeriod(m.db, m.clock(), BANGKOK)).toBe(0);
    expect(await refundCheckOf(m, loser.token)).toMatchObject({ refundAmount: 30, refundSuccess: 1 });
    expect(await refundCheckOf(m, winner.token)).toMatchObject({ refundAmount: 0, refundFail: 1 });
    expect(await m.db.select().from(refunds).where(eq(refunds.userId, idle.userId))).toEqual([]);
    expect(await answered(receive(m, loser.token))).toEqual([200, { message: 'REFUND_SUCCESS', amount: 30 }]);
  });

  it('does nothing while the refund is off', async () => {
    const m = await refundApp();
    await setRefund(m, { active: false });
    const member = await memberWithMoney(m, { inGames: { TEST_SLOT: 500 } });
    await placeBet(m, member.userId, 'TEST_SLOT', 100);
    await moveClockTo(m, WEEK_1_END, member);
    expect(await accrueLastPeriod(m.db, m.clock(), BANGKOK)).toBe(0);
    expect(await m.db.select().from(refunds)).toEqual([]);
  });
});
