/**
 * Coupons (spec 8 coupon codes; docs/decisions/
 * 0100-prize-wheel.md): a prize becomes a coupon, listed with its state by
 * the clock, and a credit coupon is claimed into the wallet exactly once,
 * also when claimed 20 times at once; hostile claims (another member's
 * coupon, an expired one, an item, a malformed id) are refused with their
 * code and move nothing. Every test ends with the ledger sound.
 */
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { endpoints } from '../../src/contract/endpoints.ts';
import { bonuses, coupons, ledgerTransfers, wheelSpins } from '../../src/server/db/schema.ts';
import { addOffer, takeBonus } from './helpers/bonuses.ts';
import { call } from './helpers/http.ts';
import { buildMoneyApp, checkLedgerAfterEach, ledgerSnapshot, memberWithMoney, walletOf, type MoneyApp, type MoneyMember } from './helpers/money.ts';
import { giveCoins, setWheel, slice, spinOnce } from './helpers/wheel.ts';
import { COUPONS_LIST_MAX } from '../../src/server/policy.ts';

checkLedgerAfterEach();

const DAY = 24 * 60 * 60 * 1000;

/** A wheel that always lands on a credit prize of 10 baht (or 2,000 kip), coupons valid 3 days. */
const CASH_WHEEL = [slice('CASH10', 1, { type: 'credit', amount: { BAHT: 10, LAK: 2_000 }, expiryDays: 3 }), slice('NOTHING', 0)];
/** A wheel that always lands on an item. */
const ITEM_WHEEL = [slice('NOTHING', 0), slice('SHIRT', 1, { type: 'item', name: 'T-shirt', expiryDays: 3 })];

/** A member with `wallet` baht who won `wins` coupons on the cash wheel; answers their ids, newest last. */
async function winner(m: MoneyApp, { wallet = 0, wins = 1 }: { wallet?: number; wins?: number } = {}): Promise<MoneyMember & { coupons: string[] }> {
  const member = await memberWithMoney(m, { wallet });
  await giveCoins(m.db, member.userId, wins);
  const won: string[] = [];
  for (let i = 0; i < wins; i += 1) won.push((await spinOnce(m, member.token)).coupon!);
  return { ...member, coupons: won };
}

function claim(m: MoneyApp, token: string, coupon: unknown) {
  return call(m.app, endpoints.couponClaim, { coupon }, { token });
}

async function couponsOf(m: MoneyApp, token: string, language = 'en') {
  const response = await call(m.app, endpoints.coupons, undefined, { token, language });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().coupons as { _id: string; prize: { name: string; slice: string }; type: string; amount: number; status: string; expiresAt: string; createdAt: string }[];
}

describe('GET /api/spinwheel/coupon', () => {
  it('lists the member\'s coupons, open ones soonest to expire first, with prize, amount and state by the clock', async () => {
    const m = await buildMoneyApp();
    await setWheel(m.db, m.clock(), { slices: CASH_WHEEL });
    const member = await winner(m, { wins: 1 });
    m.clock.advance(DAY);
    await setWheel(m.db, m.clock(), { slices: ITEM_WHEEL });
    await giveCoins(m.db, member.userId, 1);
    const item = (await spinOnce(m, member.token)).coupon!;
    const other = await memberWithMoney(m);

    const listed = await couponsOf(m, member.token);
    expect(listed).toEqual([
      { _id: member.coupons[0], prize: { name: 'Label CASH10', slice: 'CASH10' }, type: 'credit', amount: 10, status: 'open', expiresAt: new Date(m.clock().getTime() + 2 * DAY).toISOString(), createdAt: new Date(m.clock().getTime() - DAY).toISOString() },
      { _id: item, prize: { name: 'T-shirt', slice: 'SHIRT' }, type: 'item', amount: 0, status: 'open', expiresAt: new Date(m.clock().getTime() + 3 * DAY).toISOString(), createdAt: m.clock().toISOString() },
    ]);
    expect((await couponsOf(m, member.token, 'th')).map((coupon) => coupon.prize.name)).toEqual(['[th] Label CASH10', '[th] T-shirt']);
    // Exactly at its expiry a coupon is expired.
    m.clock.advance(2 * DAY);
    expect((await couponsOf(m, member.token)).map((coupon) => [coupon._id, coupon.status])).toEqual([
      [item, 'open'],
      [member.coupons[0], 'expired'],
    ]);
    expect(await couponsOf(m, other.token)).toEqual([]);
  });
});

describe('POST /api/spinwheel/coupon/claim', () => {
  it('credits a credit coupon to the wallet as one prize transfer, then refuses it as claimed', async () => {
    const m = await buildMoneyApp();
    await setWheel(m.db, m.clock(), { slices: CASH_WHEEL });
    const member = await winner(m, { wallet: 5 });
    const claimed = await claim(m, member.token, member.coupons[0]);
    expect([claimed.statusCode, claimed.json()]).toEqual([200, { message: 'SUCCESS', amount: 10 }]);
    expect((await walletOf(m, member.token)).wallet).toBe(15);
    expect((await couponsOf(m, member.token))[0]).toMatchObject({ status: 'claimed' });
    // spec 4 knows rewards as bonus rows; the linked record says which.
    const statement = await call(m.app, endpoints.statement, { page: 1, limit: 10 }, { token: member.token, language: 'en' });
    expect(statement.json().statements[0]).toMatchObject({ statementType: 'bonus', amount: 10, from: 'LUCKYDRAW', to: 'WALLET', luckydraw: { description: 'Prize wheel reward' } });
    const [row] = await m.db.select().from(coupons).where(eq(coupons.id, Number(member.coupons[0])));
    expect(row).toMatchObject({ claimedAt: m.clock() });
    const [transfer] = await m.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.id, row!.transferId!));
    expect(transfer).toMatchObject({ kind: 'prize', amount: 1_000n, idempotencyKey: `coupon:${row!.id}`, reference: `coupon:${row!.id}` });

    const again = await claim(m, member.token, member.coupons[0]);
    expect([again.statusCode, again.json()]).toEqual([404, { message: 'NO_CLAIMABLE_COUPON' }]);
    expect((await walletOf(m, member.token)).wallet).toBe(15);
  });

  it('credits once when the same coupon is claimed 20 times at once', async () => {
    const m = await buildMoneyApp();
    await setWheel(m.db, m.clock(), { slices: CASH_WHEEL });
    const member = await winner(m, { wallet: 1 });
    const answers = await Promise.all(Array.from({ length: 20 }, () => claim(m, member.token, member.coupons[0])));
    expect(answers.filter((response) => response.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((response) => response.statusCode === 404 && response.json().message === 'NO_CLAIMABLE_COUPON')).toHaveLength(19);
    expect((await walletOf(m, member.token)).wallet).toBe(11);
    expect(await m.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.kind, 'prize'))).toHaveLength(1);
  });

  it('refuses another member\'s coupon as not claimable and changes nothing', async () => {
    const m = await buildMoneyApp();
    await setWheel(m.db, m.clock(), { slices: CASH_WHEEL });
    const owner = await winner(m, { wallet: 1 });
    const thief = await memberWithMoney(m, { wallet: 1 });
    const before = await ledgerSnapshot(m.db);
    const refused = await claim(m, thief.token, owner.coupons[0]);
    expect([refused.statusCode, refused.json()]).toEqual([404, { message: 'NO_CLAIMABLE_COUPON' }]);
    expect(await ledgerSnapshot(m.db)).toEqual(before);
    expect((await couponsOf(m, owner.token))[0]).toMatchObject({ status: 'open' });
    // The owner still claims it.
    expect((await claim(m, owner.token, owner.coupons[0])).json()).toEqual({ message: 'SUCCESS', amount: 10 });
  });

  it('refuses an expired coupon (COUPON_EXPIRED), an item (INVALID_COUPON_TYPE) and ids that name no coupon', async () => {
    const m = await buildMoneyApp();
    await setWheel(m.db, m.clock(), { slices: CASH_WHEEL });
    const member = await winner(m, { wallet: 1, wins: 2 });
    await setWheel(m.db, m.clock(), { slices: ITEM_WHEEL });
    await giveCoins(m.db, member.userId, 1);
    const item = (await spinOnce(m, member.token)).coupon!;
    const before = await ledgerSnapshot(m.db);

    expect([(await claim(m, member.token, item)).statusCode, (await claim(m, member.token, item)).json()]).toEqual([400, { message: 'INVALID_COUPON_TYPE' }]);
    for (const malformed of ['abc', '', '1.5', '-1', '1234567890123456', 7, null]) {
      const refused = await claim(m, member.token, malformed);
      expect([refused.statusCode, refused.json()], String(malformed)).toEqual([400, { message: 'INVALID_CODE' }]);
    }
    for (const unknown of ['0', '007', '999999']) {
      expect((await claim(m, member.token, unknown)).json(), unknown).toEqual({ message: 'NO_CLAIMABLE_COUPON' });
    }
    // One millisecond before its expiry it is still claimable; at its expiry it is not.
    m.clock.advance(3 * DAY - 1);
    expect((await claim(m, member.token, member.coupons[0])).json()).toEqual({ message: 'SUCCESS', amount: 10 });
    m.clock.advance(1);
    const expired = await claim(m, member.token, member.coupons[1]);
    expect([expired.statusCode, expired.json()]).toEqual([400, { message: 'COUPON_EXPIRED' }]);
    const after = await ledgerSnapshot(m.db);
    expect(after.transfers).toBe(Number(before.transfers) + 1);
  });

  it('refuses while a bonus is held (BONUS_REMAINING) and credits once it ended', async () => {
    const m = await buildMoneyApp();
    await m.db.delete(bonuses);
    await addOffer(m.db, m.clock(), { code: 'HELD' });
    await setWheel(m.db, m.clock(), { slices: CASH_WHEEL });
    const member = await winner(m, { wallet: 50 });
    await takeBonus(m, member.token, 'HELD');
    const before = await ledgerSnapshot(m.db);
    const refused = await claim(m, member.token, member.coupons[0]);
    expect([refused.statusCode, refused.json()]).toEqual([400, { message: 'BONUS_REMAINING' }]);
    expect(await ledgerSnapshot(m.db)).toEqual(before);

    expect((await call(m.app, endpoints.bonusClear, undefined, { token: member.token })).statusCode).toBe(200);
    expect((await claim(m, member.token, member.coupons[0])).json()).toEqual({ message: 'SUCCESS', amount: 10 });
  });

  it('refuses a coupon in another currency than the member\'s wallet (INVALID_PRIZE_CODE)', async () => {
    const m = await buildMoneyApp();
    await setWheel(m.db, m.clock(), { slices: CASH_WHEEL });
    const member = await winner(m, { wallet: 1 });
    // A coupon won before the member's currency changed (an operator moved them to kip): its prize is not theirs to credit.
    await m.db.update(coupons).set({ currency: 'LAK' }).where(and(eq(coupons.userId, member.userId)));
    const before = await ledgerSnapshot(m.db);
    const refused = await claim(m, member.token, member.coupons[0]);
    expect([refused.statusCode, refused.json()]).toEqual([400, { message: 'INVALID_PRIZE_CODE' }]);
    expect(await ledgerSnapshot(m.db)).toEqual(before);
  });
});

describe('GET /api/spinwheel/coupon beyond COUPONS_LIST_MAX', () => {
  /**
   * `count` coupons of the member written straight into the tables, each on
   * a spin of its own (one coupon a spin) on the seed of the member's last
   * spin, created now and expiring at `expiresAt`. Their nonces are far
   * above the seed's next one, so the member's real spins never meet them.
   */
  async function addCoupons(m: MoneyApp, userId: number, count: number, expiresAt: Date): Promise<void> {
    await m.db.execute(sql`
      with last as (select * from ${wheelSpins} where user_id = ${userId} order by id desc limit 1),
      spins as (
        insert into ${wheelSpins} (user_id, wheel_id, seed_id, nonce, client_seed, slice_index, slice_code, weights, created_at)
        select user_id, wheel_id, seed_id, (select max(nonce) from ${wheelSpins} where seed_id = last.seed_id) + 1000 + g, client_seed, slice_index, slice_code, weights, ${m.clock().toISOString()}::timestamptz
          from last cross join generate_series(1, ${count}::int) g
        returning id
      )
      insert into ${coupons} (user_id, spin_id, slice_code, type, name, amount, currency, expires_at, created_at)
      select ${userId}, id, 'SHIRT', 'item', ${JSON.stringify({ th: 'T-shirt', la: 'T-shirt', en: 'T-shirt' })}::jsonb, 0, 'BAHT',
             ${expiresAt.toISOString()}::timestamptz, ${m.clock().toISOString()}::timestamptz
        from spins order by id`);
  }

  it('lists open coupons first, soonest to expire first, then the rest newest first, at most 200', async () => {
    const m = await buildMoneyApp();
    await setWheel(m.db, m.clock(), { slices: CASH_WHEEL });
    // The oldest coupon, still open for 3 days.
    const member = await winner(m, { wins: 1 });
    const [oldest] = member.coupons;
    m.clock.advance(DAY);
    // 205 newer coupons that expired a moment ago and one claimed: all newer than the open one.
    await addCoupons(m, member.userId, 205, m.clock());
    await giveCoins(m.db, member.userId, 1);
    const claimed = (await spinOnce(m, member.token)).coupon!;
    expect((await claim(m, member.token, claimed)).json()).toEqual({ message: 'SUCCESS', amount: 10 });
    // Two more open ones, the newest of all: one expires before the oldest, one after.
    await addCoupons(m, member.userId, 1, new Date(m.clock().getTime() + DAY));
    await addCoupons(m, member.userId, 1, new Date(m.clock().getTime() + 10 * DAY));

    const listed = await couponsOf(m, member.token);
    expect(listed).toHaveLength(COUPONS_LIST_MAX);
    const open = listed.slice(0, 3);
    expect(open.map((coupon) => [coupon.status, coupon.expiresAt])).toEqual([
      ['open', new Date(m.clock().getTime() + DAY).toISOString()],
      ['open', new Date(m.clock().getTime() + 2 * DAY).toISOString()],
      ['open', new Date(m.clock().getTime() + 10 * DAY).toISOString()],
    ]);
    expect(open[1]!._id).toBe(oldest);
    // Then the rest, newest first: the claimed one, then the expired ones by falling id.
    const rest = listed.slice(3);
    expect(rest[0]).toMatchObject({ _id: claimed, status: 'claimed' });
    expect(rest.slice(1).every((coupon) => coupon.status === 'expired')).toBe(true);
    const ids = rest.map((coupon) => BigInt(coupon._id));
    expect(ids).toEqual([...ids].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0)));
  });
});
