/**
 * The prize wheel (spec 2 Spin wheel; docs/decisions/
 * 0100-prize-wheel.md, 0103-coins-from-play.md): the current wheel and the
 * member's coins, coins earned by bets at the reference games (never by a
 * deposit; also 20 bets at once), spins that spend one coin each (never
 * below zero, also 20 at once), the provably fair draw every recorded spin
 * recomputes to, client seeds and rotation. Every test ends with the ledger
 * sound.
 */
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { endpoints } from '../../src/contract/endpoints.ts';
import { drawSlice, seedHash } from '../../src/contract/rules/wheel.ts';
import type { Db } from '../../src/server/db/client.ts';
import { bankAccounts, coupons, users, wheelSeeds, wheelSpins } from '../../src/server/db/schema.ts';
import { rollbackRound } from '../../src/server/games/rounds.ts';
import { addOperator } from '../../src/server/operators/accounts.ts';
import { checkLedger } from '../../src/server/ledger/check.ts';
import { WHEEL_COINS_PER_BET_MAX } from '../../src/server/policy.ts';
import { putSetting } from '../../src/server/repositories/settings.ts';
import { coinPriceOf } from '../../src/server/rewards/coins.ts';
import type { TestApp } from './helpers/app.ts';
import { call } from './helpers/http.ts';
import { signedInMember } from './helpers/members.ts';
import { buildMoneyApp, checkLedgerAfterEach, deposit, memberWithMoney, operatorIdOf, userIdOf, type MoneyApp } from './helpers/money.ts';
import { activate, buildGamesApp, enterGame, fundGame, spin as playRound } from './helpers/reference-games.ts';
import { losingReels, scriptedRandom } from '../support/scripted-random.ts';
import { coinsOf, giveCoins, removeWheel, setWheel, SIX_SLICES, slice, spin, spinOnce } from './helpers/wheel.ts';
import { inEachLanguage } from './helpers/bonuses.ts';

checkLedgerAfterEach();

async function fairnessOf(m: MoneyApp, token: string) {
  const response = await call(m.app, endpoints.fairness, undefined, { token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { seedHash: string; clientSeed: string; nonce: number; previous: { seedHash: string; serverSeed: string } | null };
}

async function historyOf(m: MoneyApp, token: string, page = 1, limit = 100, language = 'en') {
  const response = await call(m.app, endpoints.spinHistory, { page, limit }, { token, language });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    spins: { _id: string; seedHash: string; serverSeed: string | null; clientSeed: string; nonce: number; code: string; label: string; weights: { code: string; weight: number }[] }[];
    total: number;
  };
}

/** What a spin can change besides the coin: spins, coupons, seeds and their nonces. */
async function wheelRows(db: Db) {
  const [spins] = await db.select({ n: count() }).from(wheelSpins);
  const [couponRows] = await db.select({ n: count() }).from(coupons);
  const seeds = await db.select({ id: wheelSeeds.id, nextNonce: wheelSeeds.nextNonce, clientSeed: wheelSeeds.clientSeed }).from(wheelSeeds).orderBy(wheelSeeds.id);
  return { spins: spins?.n, coupons: couponRows?.n, seeds };
}

describe('GET /api/spinwheel/active and /setup', () => {
  it('answers the current active wheel in the member\'s language with their coins, and nothing without one or while it is off', async () => {
    const m = await buildMoneyApp();
    const member = await memberWithMoney(m);
    await removeWheel(m.db, m.clock());
    const active = () => call(m.app, endpoints.spinActive, undefined, { token: member.token }).then((response) => response.json());
    const setup = (language = 'en') => call(m.app, endpoints.spinSetup, undefined, { token: member.token, language }).then((response) => response.json());

    expect(await active()).toEqual({ isActive: false });
    expect(await setup()).toEqual({ result: { activeSpinwheel: null, userCoin: 0 } });

    await setWheel(m.db, m.clock());
    await giveCoins(m.db, member.userId, 4);
    expect(await active()).toEqual({ isActive: true });
    const answered = await setup();
    expect(answered.result.userCoin).toBe(4);
    expect(answered.result.activeSpinwheel.name).toBe('Lucky wheel');
    expect(answered.result.activeSpinwheel.slices).toHaveLength(6);
    expect(answered.result.activeSpinwheel.slices[1]).toEqual({ code: 'CASH10', label: 'Label CASH10', bgColor: '#112233', textColor: '#ffffff', htmlDescription: '<p>CASH10</p>' });
    // Weights and prizes are the server's: a member never reads them here.
    expect(Object.keys(answered.result.activeSpinwheel.slices[0]).sort()).toEqual(['bgColor', 'code', 'htmlDescription', 'label', 'textColor']);
    expect((await setup('lo')).result.activeSpinwheel.slices[0].label).toBe('[la] Label NOTHING');
    expect((await setup('th')).result.activeSpinwheel.name).toBe('[th] Lucky wheel');

    await setWheel(m.db, m.clock(), { active: false });
    expect(await active()).toEqual({ isActive: false });
    expect(await setup()).toEqual({ result: { activeSpinwheel: null, userCoin: 4 } });
  });

  it('answers 401 without a member\'s token (an operator\'s is not one)', async () => {
    const m = await buildMoneyApp();
    expect((await call(m.app, endpoints.spinSetup)).statusCode).toBe(401);
    expect((await call(m.app, endpoints.spin, {}, { token: m.operatorToken })).statusCode).toBe(401);
  });
});

describe('coins', () => {
  /** A member with `major` baht in the reference slot Golden Lotus (1 credit a baht), on its page. */
  async function playerAt(t: TestApp, major: number) {
    const member = await signedInMember(t);
    const userId = await userIdOf(t.db, member.phone);
    await activate(t, member.token, 'lotus');
    await fundGame(t, userId, 'lotus', major);
    return { ...member, userId, cookie: await enterGame(t, member.token, 'lotus') };
  }

  let rounds = 0;
  const newRoundId = () => `coin-round-${process.pid}-${(rounds += 1)}`;

  /** Plays one round of `major` baht and answers it as it is. */
  function bet(t: TestApp, cookie: string, major: number, roundId = newRoundId()) {
    return playRound(t, cookie, { game: 'lotus', roundId, bet: major });
  }

  async function coinState(db: Db, userId: number) {
    const [row] = await db.select({ coin: users.coin, progress: users.coinProgress }).from(users).where(eq(users.id, userId));
    return { coin: row!.coin, progress: row!.progress };
  }

  it('earns one coin per wheelCoins of the member’s bets, in the round’s transaction, the rest carried to the next bet', async () => {
    const t = await buildGamesApp(losingReels());
    const player = await playerAt(t, 300);
    // Off (0): a bet earns nothing and counts nothing towards a coin.
    await putSetting(t.db, 'wheelCoins', { BAHT: 0, LAK: 0 });
    expect((await bet(t, player.cookie, 100)).statusCode).toBe(200);
    expect(await coinState(t.db, player.userId)).toEqual({ coin: 0, progress: 0n });

    await putSetting(t.db, 'wheelCoins', { BAHT: 30, LAK: 20_000 });
    await bet(t, player.cookie, 50);
    // 50 baht: one coin, and 20 baht (2,000 satang) towards the next.
    expect(await coinState(t.db, player.userId)).toEqual({ coin: 1, progress: 2_000n });
    await bet(t, player.cookie, 10);
    expect(await coinState(t.db, player.userId)).toEqual({ coin: 2, progress: 0n });
    const roundId = newRoundId();
    await bet(t, player.cookie, 5, roundId);
    expect(await coinState(t.db, player.userId)).toEqual({ coin: 2, progress: 500n });
    // The same round id again is the same round: nothing moves, nothing is earned.
    expect((await bet(t, player.cookie, 5, roundId)).json()).toMatchObject({ roundId, replayed: true });
    expect(await coinState(t.db, player.userId)).toEqual({ coin: 2, progress: 500n });
    // 5 + 100 = 105 baht: three coins, 15 baht left over.
    await bet(t, player.cookie, 100);
    expect(await coinState(t.db, player.userId)).toEqual({ coin: 5, progress: 1_500n });
    // 35 baht are left in the game: a bet of 50 is refused, and earns nothing.
    const refused = await bet(t, player.cookie, 50);
    expect([refused.statusCode, refused.json()]).toEqual([400, { message: 'MONEY_NOT_ENOUGH' }]);
    expect(await coinState(t.db, player.userId)).toEqual({ coin: 5, progress: 1_500n });
    // The profile carries the coins too (spec 3).
    const profile = await call(t.app, endpoints.profileGet, undefined, { token: player.token });
    expect(profile.json().profile.coin).toBe(5);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('earns by bets, won or lost; a rolled-back bet keeps its coins', async () => {
    // Three sevens: the first round wins 200 times its bet; the rest lose.
    const t = await buildGamesApp(scriptedRandom([0, 0, 0, 0, 31, 0]));
    const player = await playerAt(t, 100);
    await putSetting(t.db, 'wheelCoins', { BAHT: 10, LAK: 20_000 });

    expect((await bet(t, player.cookie, 20)).json()).toMatchObject({ bet: 20, win: 4_000 });
    const lost = newRoundId();
    expect((await bet(t, player.cookie, 10, lost)).json()).toMatchObject({ bet: 10, win: 0 });
    expect(await coinState(t.db, player.userId)).toEqual({ coin: 3, progress: 0n });
    await addOperator(t.db, { phone: '0810000500', role: 'finance', name: 'Finance' }, t.clock());
    const rolledBack = await rollbackRound(t.db, lost, await operatorIdOf(t.db, '0810000500'), t.clock());

    expect(rolledBack).toMatchObject({ roundId: lost, bet: 10, replayed: false });
    expect(await coinState(t.db, player.userId)).toEqual({ coin: 3, progress: 0n });
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('earns nothing from a deposit, nor from moving money into a game and back', async () => {
    const m = await buildMoneyApp();
    await putSetting(m.db, 'wheelCoins', { BAHT: 100, LAK: 20_000 });
    const member = await memberWithMoney(m, { wallet: 50_000, inGames: { TEST_SLOT: 1_000 } });
    await deposit(m, member.phone, 250);
    const back = await call(m.app, endpoints.transfer, { from: 'TEST_SLOT', to: 'WALLET', amount: 1_000 }, { token: member.token });
    expect(back.statusCode, back.body).toBe(200);

    expect(await coinState(m.db, member.userId)).toEqual({ coin: 0, progress: 0n });
  });

  it('adds at most WHEEL_COINS_PER_BET_MAX coins a bet, and earns nothing on a rule that is not an amount', async () => {
    const t = await buildGamesApp(losingReels());
    const player = await playerAt(t, 200);
    // One coin per satang: a 100-baht bet would be 10,000 coins.
    await putSetting(t.db, 'wheelCoins', { BAHT: 0.01, LAK: 0 });
    await bet(t, player.cookie, 100);
    expect(await coinState(t.db, player.userId)).toEqual({ coin: WHEEL_COINS_PER_BET_MAX, progress: 0n });

    // A value an admin mistyped in the settings table: the bet goes through and earns nothing.
    await putSetting(t.db, 'wheelCoins', { BAHT: 'ten' as unknown as number, LAK: 0 });
    expect((await bet(t, player.cookie, 50)).statusCode).toBe(200);
    expect(await coinState(t.db, player.userId)).toEqual({ coin: WHEEL_COINS_PER_BET_MAX, progress: 0n });
    expect([coinPriceOf(100), coinPriceOf(0.5), coinPriceOf(0), coinPriceOf(-1), coinPriceOf(0.001), coinPriceOf(Number.NaN), coinPriceOf('100')]).toEqual([
      10_000n,
      50n,
      null,
      null,
      null,
      null,
      null,
    ]);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('credits the right total for 20 bets at once: every bet counted once, the remainder kept', async () => {
    const t = await buildGamesApp(losingReels());
    const player = await playerAt(t, 200);
    await putSetting(t.db, 'wheelCoins', { BAHT: 30, LAK: 20_000 });

    const answers = await Promise.all(Array.from({ length: 20 }, () => bet(t, player.cookie, 10)));

    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(200));
    // 20 × 10 = 200 baht: 6 coins of 30, and 20 baht towards the seventh.
    expect(await coinState(t.db, player.userId)).toEqual({ coin: 6, progress: 2_000n });
    expect(await checkLedger(t.db)).toEqual([]);
  });
});

describe('POST /api/spinwheel/spin', () => {
  it('spends one coin, draws the slice from the committed seed, and answers the first spin again for the same key', async () => {
    const m = await buildMoneyApp();
    await setWheel(m.db, m.clock());
    const member = await memberWithMoney(m);
    await giveCoins(m.db, member.userId, 2);
    const committed = await fairnessOf(m, member.token);
    expect(committed).toMatchObject({ nonce: 0, previous: null });
    expect(committed.clientSeed).toMatch(/^[0-9a-f]{16}$/);

    const first = await spinOnce(m, member.token, { idempotencyKey: 'spin-key-1' });
    expect(first).toMatchObject({ remainingCoin: 1, nonce: 0, seedHash: committed.seedHash, clientSeed: committed.clientSeed });
    expect(first.code).toBe(SIX_SLICES[first.index]!.code);
    expect(first.label).toBe(`Label ${first.code}`);
    // The seed behind the commitment draws exactly this slice.
    const [seed] = await m.db.select().from(wheelSeeds).where(eq(wheelSeeds.userId, member.userId));
    expect(seedHash(seed!.serverSeed)).toBe(committed.seedHash);
    expect(drawSlice(seed!.serverSeed, committed.clientSeed, 0, SIX_SLICES)).toBe(first.index);

    const again = await spin(m, member.token, { idempotencyKey: 'spin-key-1' });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().result).toEqual(first);
    expect(await coinsOf(m.db, member.userId)).toBe(1);

    const second = await spinOnce(m, member.token);
    expect(second).toMatchObject({ remainingCoin: 0, nonce: 1 });
    expect(drawSlice(seed!.serverSeed, committed.clientSeed, 1, SIX_SLICES)).toBe(second.index);
    expect((await fairnessOf(m, member.token)).nonce).toBe(2);
  });

  it('makes a coupon of a prize in the member\'s currency, and none of a slice without one', async () => {
    const m = await buildMoneyApp();
    const member = await memberWithMoney(m);
    await giveCoins(m.db, member.userId, 3);
    await setWheel(m.db, m.clock(), { slices: [slice('CASH10', 1, { type: 'credit', amount: { BAHT: 10, LAK: 2_000 } }), slice('NOTHING', 0)] });
    const won = await spinOnce(m, member.token);
    expect(won).toMatchObject({ code: 'CASH10', index: 0 });
    expect(won.coupon).toMatch(/^\d+$/);
    const [coupon] = await m.db.select().from(coupons).where(eq(coupons.id, Number(won.coupon)));
    expect(coupon).toMatchObject({ userId: member.userId, type: 'credit', amount: 1_000n, currency: 'BAHT', sliceCode: 'CASH10' });
    expect(coupon!.expiresAt.getTime() - m.clock().getTime()).toBe(7 * 24 * 60 * 60 * 1000);

    // A credit prize that pays nothing in baht is no prize for this member.
    await setWheel(m.db, m.clock(), { slices: [slice('KIPONLY', 1, { type: 'credit', amount: { BAHT: 0, LAK: 2_000 } }), slice('NOTHING', 1)] });
    const lakOnly = await spinOnce(m, member.token);
    expect(lakOnly.coupon).toBeNull();
    await setWheel(m.db, m.clock(), { slices: [slice('NOTHING', 1), slice('SHIRT', 0, { type: 'item', name: 'T-shirt' })] });
    expect((await spinOnce(m, member.token)).coupon).toBeNull();
  });

  it('names a credit prize by its {amount} in the member\'s own currency only: on the wheel, the spin, its coupon and the history', async () => {
    const m = await buildMoneyApp();
    const baht = await memberWithMoney(m);
    const kip = await memberWithMoney(m);
    await m.db.update(bankAccounts).set({ currency: 'LAK' }).where(eq(bankAccounts.userId, kip.userId));
    const credit = { ...slice('CASH10', 1, { type: 'credit', amount: { BAHT: 10, LAK: 2_000 } }), label: inEachLanguage('{amount}'), htmlDescription: inEachLanguage('<p>{amount} of credit</p>') };
    await setWheel(m.db, m.clock(), { slices: [credit, slice('NOTHING', 0)] });
    const shown = async (token: string) => {
      const response = await call(m.app, endpoints.spinSetup, undefined, { token, language: 'en' });
      const [first] = response.json().result.activeSpinwheel.slices as { label: string; htmlDescription: string }[];
      return [first!.label, first!.htmlDescription];
    };

    expect(await shown(baht.token)).toEqual(['฿10', '<p>฿10 of credit</p>']);
    expect(await shown(kip.token)).toEqual(['₭2,000', '<p>₭2,000 of credit</p>']);
    for (const [member, label] of [[baht, '฿10'], [kip, '₭2,000']] as const) {
      await giveCoins(m.db, member.userId, 1);
      const won = await spinOnce(m, member.token);
      expect(won.label).toBe(label);
      const [coupon] = await m.db.select().from(coupons).where(eq(coupons.id, Number(won.coupon)));
      expect(coupon!.name).toEqual({ th: `[th] ${label}`, la: `[la] ${label}`, en: label });
      expect((await historyOf(m, member.token)).spins.map((record) => record.label)).toEqual([label]);
    }
  });

  it('refuses with NO_COIN at 0 coins and SPIN_INACTIVE without an active wheel, and writes nothing', async () => {
    const m = await buildMoneyApp();
    const member = await memberWithMoney(m);
    await setWheel(m.db, m.clock());
    const before = await wheelRows(m.db);
    const refused = await spin(m, member.token, { idempotencyKey: 'no-coin-1' });
    expect([refused.statusCode, refused.json()]).toEqual([400, { message: 'NO_COIN' }]);
    expect(await wheelRows(m.db)).toEqual(before);
    expect(await coinsOf(m.db, member.userId)).toBe(0);

    await giveCoins(m.db, member.userId, 1);
    // The refusal is stored under its key: the same key does not spin later.
    expect((await spin(m, member.token, { idempotencyKey: 'no-coin-1' })).json()).toEqual({ message: 'NO_COIN' });
    await setWheel(m.db, m.clock(), { active: false });
    expect((await spin(m, member.token)).json()).toEqual({ message: 'SPIN_INACTIVE' });
    await removeWheel(m.db, m.clock());
    const inactive = await spin(m, member.token);
    expect([inactive.statusCode, inactive.json()]).toEqual([400, { message: 'SPIN_INACTIVE' }]);
    expect(await coinsOf(m.db, member.userId)).toBe(1);
    expect(await wheelRows(m.db)).toEqual(before);
  });

  it('spins exactly 3 times of 20 at once with 3 coins, never below 0 coins, each on its own nonce', async () => {
    const m = await buildMoneyApp();
    await setWheel(m.db, m.clock());
    const member = await memberWithMoney(m);
    await giveCoins(m.db, member.userId, 3);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => spin(m, member.token, i % 2 === 0 ? { idempotencyKey: `spin-race-${i}` } : {})));
    const outcomes = answers.map((response) => (response.statusCode === 200 ? 'spun' : response.json().message));
    expect(outcomes.filter((outcome) => outcome === 'spun')).toHaveLength(3);
    expect(outcomes.filter((outcome) => outcome === 'NO_COIN')).toHaveLength(17);
    const spun = answers.filter((response) => response.statusCode === 200).map((response) => response.json().result);
    expect(spun.map((result) => result.nonce).sort()).toEqual([0, 1, 2]);
    expect(spun.map((result) => result.remainingCoin).sort()).toEqual([0, 1, 2]);
    expect(await coinsOf(m.db, member.userId)).toBe(0);
    expect((await historyOf(m, member.token)).total).toBe(3);
  });
});

describe('fairness: client seed, rotation and history', () => {
  it('refuses a forged client seed of 10 KB and changes nothing; a valid one applies to the next spins only', async () => {
    const m = await buildMoneyApp();
    await setWheel(m.db, m.clock());
    const member = await memberWithMoney(m);
    await giveCoins(m.db, member.userId, 2);
    const drawn = await spinOnce(m, member.token);
    const before = await fairnessOf(m, member.token);

    for (const clientSeed of ['x'.repeat(10 * 1024), '', 'has space', '<script>', 42]) {
      const refused = await call(m.app, endpoints.fairnessClientSeed, { clientSeed }, { token: member.token });
      expect([refused.statusCode, refused.json()]).toEqual([400, { message: 'KEY_INVALID' }]);
    }
    expect(await fairnessOf(m, member.token)).toEqual(before);

    const chosen = await call(m.app, endpoints.fairnessClientSeed, { clientSeed: 'my-lucky_seed:7' }, { token: member.token });
    expect(chosen.json()).toEqual({ ...before, clientSeed: 'my-lucky_seed:7' });
    const next = await spinOnce(m, member.token);
    expect(next).toMatchObject({ clientSeed: 'my-lucky_seed:7', nonce: 1 });
    // The spin drawn before keeps the client seed it was drawn with.
    const { spins } = await historyOf(m, member.token);
    expect(spins.map((record) => [record.nonce, record.clientSeed])).toEqual([
      [1, 'my-lucky_seed:7'],
      [0, drawn.clientSeed],
    ]);
  });

  it('reveals the seed on rotation, starts the next at nonce 0, and every recorded spin recomputes to its slice', async () => {
    const m = await buildMoneyApp();
    await setWheel(m.db, m.clock());
    const member = await memberWithMoney(m);
    const other = await memberWithMoney(m);
    await giveCoins(m.db, member.userId, 8);
    await giveCoins(m.db, other.userId, 1);
    await spinOnce(m, other.token);

    const first = await fairnessOf(m, member.token);
    for (let i = 0; i < 3; i += 1) await spinOnce(m, member.token);
    // History before the rotation: the seed is still secret.
    expect((await historyOf(m, member.token)).spins.every((record) => record.serverSeed === null && record.seedHash === first.seedHash)).toBe(true);

    const rotated = await call(m.app, endpoints.fairnessRotate, undefined, { token: member.token });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const after = rotated.json();
    expect(after).toMatchObject({ nonce: 0, clientSeed: first.clientSeed, previous: { seedHash: first.seedHash } });
    expect(after.seedHash).not.toBe(first.seedHash);
    expect(seedHash(after.previous.serverSeed)).toBe(first.seedHash);
    expect(await fairnessOf(m, member.token)).toEqual(after);

    // The wheel changes between spins: each spin keeps the weights it was drawn with.
    await setWheel(m.db, m.clock(), { slices: [slice('A', 3), slice('B', 1), slice('C', 0), slice('D', 5)] });
    await call(m.app, endpoints.fairnessClientSeed, { clientSeed: 'second' }, { token: member.token });
    for (let i = 0; i < 3; i += 1) await spinOnce(m, member.token);
    await call(m.app, endpoints.fairnessRotate, undefined, { token: member.token });
    await spinOnce(m, member.token);

    const history = await historyOf(m, member.token);
    expect(history.total).toBe(7);
    const revealed = history.spins.filter((record) => record.serverSeed !== null);
    expect(revealed).toHaveLength(6);
    for (const record of revealed) {
      expect(seedHash(record.serverSeed!)).toBe(record.seedHash);
      const index = drawSlice(record.serverSeed!, record.clientSeed, record.nonce, record.weights);
      expect(record.weights[index]!.code).toBe(record.code);
    }
    // The newest spin's seed is the current one: not revealed yet.
    expect(history.spins[0]).toMatchObject({ serverSeed: null, nonce: 0, clientSeed: 'second' });
    // Another member's spins are not in this history.
    expect((await historyOf(m, other.token)).total).toBe(1);
    // Paging, newest first, labels in the member's language.
    const page = await historyOf(m, member.token, 2, 3, 'th');
    expect(page.spins.map((record) => record.nonce)).toEqual([0, 2, 1]);
    expect(page.spins[0]!.label).toMatch(/^\[th\] Label /);
  });

  it('keeps every spin recomputable while spins and rotations race', async () => {
    const m = await buildMoneyApp();
    await setWheel(m.db, m.clock());
    const member = await memberWithMoney(m);
    await giveCoins(m.db, member.userId, 12);
    const spins = Array.from({ length: 12 }, () => spin(m, member.token));
    const rotations = Array.from({ length: 4 }, () => call(m.app, endpoints.fairnessRotate, undefined, { token: member.token }));
    const answers = await Promise.all([...spins, ...rotations]);
    expect(answers.map((response) => response.statusCode)).toEqual(Array(16).fill(200));
    await call(m.app, endpoints.fairnessRotate, undefined, { token: member.token });

    const history = await historyOf(m, member.token);
    expect(history.total).toBe(12);
    const seen = new Set<string>();
    for (const record of history.spins) {
      seen.add(`${record.seedHash}:${record.nonce}`);
      const index = drawSlice(record.serverSeed!, record.clientSeed, record.nonce, record.weights);
      expect(record.weights[index]!.code).toBe(record.code);
    }
    expect(seen.size).toBe(12);
    // One current seed, the others revealed.
    const seeds = await m.db.select().from(wheelSeeds).where(eq(wheelSeeds.userId, member.userId));
    expect(seeds.filter((seed) => seed.revealedAt === null)).toHaveLength(1);
    expect(seeds).toHaveLength(6);
  });

  it('makes one current seed for a member reading the fairness page 10 times at once', async () => {
    const m = await buildMoneyApp();
    const member = await memberWithMoney(m);
    const answers = await Promise.all(Array.from({ length: 10 }, () => fairnessOf(m, member.token)));
    expect(new Set(answers.map((answer) => answer.seedHash)).size).toBe(1);
    expect(await m.db.select().from(wheelSeeds).where(eq(wheelSeeds.userId, member.userId))).toHaveLength(1);
  });
});
