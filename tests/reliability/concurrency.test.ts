/**
 * The money core's concurrency proof: 200 members and 10,000 mixed operations
 * (transfers both ways, transfer-all, withdrawals, game rounds, operator
 * payouts and rejections, the same Idempotency-Key twice at once, bonuses
 * and a promotion received and cancelled, wheel spins, coupons claimed twice
 * at once, loss refunds and invite bonuses) fired through the HTTP API with
 * 50 in flight, in two halves: between them the test's clock moves a day on,
 * so the first half's losses have a closed day to be refunded in the second.
 * Afterwards the ledger checks out,
 * no member balance is negative, and each member owns exactly what the
 * test's own model says (deposits − payouts ± game results).
 *
 * LOAD_SEED=n replays a run's choice of operations.
 */
import type { AddressInfo } from 'node:net';
import { eq, isNotNull } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { endpoints } from '../../src/contract/endpoints.ts';
import { toMinor } from '../../src/contract/money.ts';
import { availableOf, balanceOf, memberAccounts } from '../../src/server/ledger/accounts.ts';
import { coupons, invites, memberBonuses, refunds, wheelSpins } from '../../src/server/db/schema.ts';
import { checkLedger } from '../../src/server/ledger/check.ts';
import { loadConfig } from '../../src/server/config.ts';
import { putSetting } from '../../src/server/repositories/settings.ts';
import { buildTestApp } from '../server/helpers/app.ts';
import { addLoadOffers, addLoadRewards, Expected, operations, referenceGames, renewGameSessions, runLoad, send, seededRandom, setUpMembers, type LoadResult } from './support/load.ts';

const MEMBERS = 200;
const OPERATIONS = 10_000;
const OPERATOR = { phone: '0800000009', password: 'operator-pass-9' };
const seed = Number(process.env.LOAD_SEED ?? Date.now() % 1_000_000);

it(`keeps every member's money right under ${OPERATIONS} concurrent operations (seed ${seed})`, async () => {
  // 200 members register from one address: per-address limits off, as LIMITS_PER_IP=off does for load tests.
  const t = await buildTestApp({ registerOtp: false, smsProvider: 'none', operator: OPERATOR, limits: loadConfig({ LIMITS_PER_IP: 'off' }).limits });
  // One operator funds 200 members and pays their withdrawals: more than one operator may move alone in a day by default.
  await putSetting(t.db, 'operatorDailyAlone', { BAHT: 100_000_000, LAK: 20_000_000_000 });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const random = seededRandom(seed);
  const expected = new Expected();

  await addLoadRewards(base, OPERATOR);
  const setup = await setUpMembers(base, OPERATOR, MEMBERS, random, expected, { invites: true });
  await addLoadOffers(base, setup.operatorToken);
  const wallet = await send(base, endpoints.wallet, undefined, { token: setup.members[0]!.token });
  const factors = new Map((wallet.body.slots as { code: string; ftWalletSlot: number }[]).map((slot) => [slot.code, slot.ftWalletSlot]));
  const half = async () => runLoad(setup, operations(OPERATIONS / 2, setup.members, random, { rewards: true }), referenceGames(factors), expected, { concurrency: 50 });
  const first = await half();
  t.clock.advance(24 * 60 * 60 * 1000);
  // An operator's session and a game's last hours, not a day: the operator signs in and the members enter
  // their games again (members' own sessions last a week).
  const operatorLogin = await send(base, endpoints.login, { username: OPERATOR.phone, password: OPERATOR.password });
  setup.operatorToken = String(operatorLogin.body.token);
  await renewGameSessions(setup);
  const second = await half();
  const result: LoadResult = {
    confirmed: first.confirmed + second.confirmed,
    refused: first.refused + second.refused,
    unanswered: first.unanswered + second.unanswered,
    transferIds: [...first.transferIds, ...second.transferIds],
  };

  // The load really moved money and really was refused sometimes.
  expect(result.confirmed).toBeGreaterThan(OPERATIONS / 2);
  expect(result.refused).toBeGreaterThan(0);
  expect(await checkLedger(t.db)).toEqual([]);
  // Bonuses were received (and some cancelled) in the load, and their money is in the members' totals below.
  expect((await t.db.select({ id: memberBonuses.id }).from(memberBonuses)).length).toBeGreaterThan(0);
  // So were the rewards: spins, claimed coupons, received refunds, collected invites.
  expect((await t.db.select({ id: wheelSpins.id }).from(wheelSpins)).length).toBeGreaterThan(0);
  expect((await t.db.select({ id: coupons.id }).from(coupons).where(isNotNull(coupons.transferId))).length).toBeGreaterThan(0);
  expect((await t.db.select({ id: refunds.id }).from(refunds).where(isNotNull(refunds.transferId))).length).toBeGreaterThan(0);
  expect((await t.db.select({ id: invites.id }).from(invites).where(eq(invites.status, 'collected'))).length).toBeGreaterThan(0);

  for (const member of setup.members) {
    const accounts = await memberAccounts(t.db, member.userId);
    for (const account of accounts) expect(availableOf(account), account.code).toBeGreaterThanOrEqual(0n);
    const owned = accounts.reduce((sum, account) => sum + balanceOf(account), 0n);
    const held = accounts.reduce((sum, account) => sum + account.debitsPending, 0n);
    expect(owned, `member ${member.phone} owns`).toBe(expected.owned.get(member.userId) ?? 0n);
    expect(held, `member ${member.phone} has held`).toBe(expected.held.get(member.userId) ?? 0n);

    // What the member sees agrees: available wallet + games + held = owned.
    const seen = await send(base, endpoints.wallet, undefined, { token: member.token });
    const slots = seen.body.slots as { amount: number }[];
    const shown = toMinor((seen.body.wallet as { amount: number }).amount) + slots.reduce((sum, slot) => sum + toMinor(slot.amount), 0n);
    expect(shown + held).toBe(owned);
  }
});
