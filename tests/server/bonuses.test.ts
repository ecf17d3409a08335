/**
 * Bonuses and promotion codes on the ledger (docs/decisions/
 * 0095-bonuses-on-the-ledger.md): receiving them under their limits, the
 * turnover measured from bets on the ledger, the withdrawal that finishes a
 * bonus, cancelling with its forfeit, the end threshold, day and week
 * boundaries in the variant's zone, and activations racing. Every test
 * ends with the ledger sound (checkLedgerAfterEach).
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { endpoints } from '../../src/contract/endpoints.ts';
import { bonuses, memberBonuses } from '../../src/server/db/schema.ts';
import { activateBonus, activeBonusOf, addOffer, placeBet, placeWin, takeBonus } from './helpers/bonuses.ts';
import { call } from './helpers/http.ts';
import { buildMoneyApp, checkLedgerAfterEach, deposit, ledgerSnapshot, memberWithMoney, walletOf, type MoneyApp, type MoneyMember } from './helpers/money.ts';

checkLedgerAfterEach();

const HOUR = 60 * 60 * 1000;

/** A money app offering only what each test adds (the demo's offers are removed). */
async function bonusApp(): Promise<MoneyApp> {
  const m = await buildMoneyApp();
  await m.db.delete(bonuses);
  return m;
}

async function statementOf(m: MoneyApp, token: string, language = 'en') {
  const response = await call(m.app, endpoints.statement, { page: 1, limit: 20 }, { token, language });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { statements: Array<{ statementType: string; amount: number; from: string; to: string; bonus?: { description: string }; promotion?: { description: string } }>; total: number };
}

describe('GET /api/bonus and /api/bonus/activate/{code}', () => {
  it('lists the bonuses of the member\'s currency with their record, and credits a fixed bonus from the bonus account as one transfer', async () => {
    const m = await bonusApp();
    await addOffer(m.db, m.clock(), { code: 'WELCOME', maxReceived: 2, description: '<p>Welcome</p>' });
    await addOffer(m.db, m.clock(), { code: 'SECRET', kind: 'promotion' });
    await addOffer(m.db, m.clock(), { code: 'LATER', startsAt: new Date(m.clock().getTime() + HOUR) });
    const member = await memberWithMoney(m, { wallet: 50 });

    const listed = await call(m.app, endpoints.bonusList, undefined, { token: member.token });
    expect(listed.json().bonuses.map((bonus: { code: string }) => bonus.code)).toEqual(['WELCOME']);
    expect(listed.json().bonuses[0]).toMatchObject({ type: 'limit', maxReceived: 2, userBonus: null, turnoverMultiplier: 1, endThreshold: 1 });

    const taken = await takeBonus(m, member.token, 'welcome');
    expect(taken).toMatchObject({ message: 'SUCCESS', amount: 100, userBonus: { isActive: true, received: [{ updatedAt: m.clock().toISOString() }] } });
    expect((await walletOf(m, member.token)).wallet).toBe(150);
    expect(await activeBonusOf(m, member.token)).toEqual({
      status: true, type: 'limit', code: 'WELCOME', kind: 'bonus', amount: 100, turnover: 0, target: 100, percentFail: 0, endThreshold: 1,
    });
    const [row] = (await statementOf(m, member.token)).statements;
    expect(row).toMatchObject({ statementType: 'bonus', amount: 100, from: 'BONUS', to: 'WALLET', bonus: { description: '<p>Welcome</p>' } });
    // In the member's language (Thai by default in the Thai build).
    expect((await statementOf(m, member.token, 'th')).statements[0]?.bonus).toEqual({ description: '[th] <p>Welcome</p>' });
    const banners = (await call(m.app, endpoints.bonusList, undefined, { token: member.token, language: 'lo' })).json().bonuses[0].banners;
    expect(banners).toEqual([{ image: '/images/bonus.png', html: '[la] <p>Bonus</p>' }]);
  });

  it('counts a percentage of the latest deposit up to the cap, once per deposit, and refuses without one (BONUS_CONDITION)', async () => {
    const m = await bonusApp();
    await addOffer(m.db, m.clock(), { code: 'TENPCT', grant: { percent: 10, cap: 30, minDeposit: 100 }, turnoverMultiplier: 5, maxReceived: 5 });
    const member = await memberWithMoney(m, { wallet: 50 });
    // 50 is below the minimum deposit.
    expect((await activateBonus(m, member.token, 'TENPCT')).json()).toEqual({ message: 'BONUS_CONDITION' });
    await deposit(m, member.phone, 200);
    expect((await takeBonus(m, member.token, 'TENPCT')).amount).toBe(20);
    // Target: 5 × (200 + 20).
    expect(await activeBonusOf(m, member.token)).toMatchObject({ amount: 20, target: 1_100 });
    expect((await call(m.app, endpoints.bonusClear, undefined, { token: member.token })).json()).toMatchObject({ message: 'BONUS_CLEAR' });
    // The same deposit does not count twice; a new one of 1,000 gives the cap.
    expect((await activateBonus(m, member.token, 'TENPCT')).json()).toEqual({ message: 'BONUS_CONDITION' });
    await deposit(m, member.phone, 1_000);
    expect((await takeBonus(m, member.token, 'TENPCT')).amount).toBe(30);
    // A deposit on its way out in a withdrawal does not count.
    await call(m.app, endpoints.bonusClear, undefined, { token: member.token });
    await deposit(m, member.phone, 300);
    const wallet = (await walletOf(m, member.token)).wallet;
    expect((await call(m.app, endpoints.withdraw, { amount: wallet }, { token: member.token })).statusCode).toBe(200);
    expect((await activateBonus(m, member.token, 'TENPCT')).json()).toEqual({ message: 'BONUS_CONDITION' });
    // A deposit older than a day does not count either.
    await call(m.app, endpoints.bonusClear, undefined, { token: member.token });
    await deposit(m, member.phone, 500);
    m.clock.advance(25 * HOUR);
    expect((await activateBonus(m, member.token, 'TENPCT')).json()).toEqual({ message: 'BONUS_CONDITION' });
  });

  it('refuses with the catalogue codes and moves nothing: unknown, already active, money in games, received to its limit, quota full', async () => {
    const m = await bonusApp();
    await addOffer(m.db, m.clock(), { code: 'ONCE' });
    await addOffer(m.db, m.clock(), { code: 'OTHER' });
    await addOffer(m.db, m.clock(), { code: 'FEW', quota: 1 });
    const member = await memberWithMoney(m, { wallet: 100, inGames: { TEST_SLOT: 10 } });
    const other = await memberWithMoney(m, { wallet: 100 });
    const before = await ledgerSnapshot(m.db);
    expect([(await activateBonus(m, member.token, 'NOPE')).statusCode, (await activateBonus(m, member.token, 'NOPE')).json()]).toEqual([404, { message: 'NO_DATA' }]);
    expect((await activateBonus(m, member.token, 'ONCE')).json()).toEqual({ message: 'BONUS_REMAINING' });
    expect(await ledgerSnapshot(m.db)).toEqual(before);

    await takeBonus(m, other.token, 'ONCE');
    expect((await activateBonus(m, other.token, 'OTHER')).json()).toEqual({ message: 'BONUS_ALREADY_ACTIVE' });
    await call(m.app, endpoints.bonusClear, undefined, { token: other.token });
    expect((await activateBonus(m, other.token, 'ONCE')).json()).toEqual({ message: 'BONUS_MAX_CLAIMED' });
    await takeBonus(m, other.token, 'FEW');
    await call(m.app, endpoints.bonusClear, undefined, { token: other.token });
    const third = await memberWithMoney(m, { wallet: 10 });
    expect((await activateBonus(m, third.token, 'FEW')).json()).toEqual({ message: 'BONUS_FULL' });
  });

  it('counts a day bonus per day and a week bonus per week (Monday start) in Asia/Bangkok', async () => {
    // 2026-03-01 is a Sunday. 16:59:59 UTC is 23:59:59 in Bangkok.
    const m = await bonusApp();
    m.clock.advance(new Date('2026-03-01T16:59:59.000Z').getTime() - m.clock().getTime());
    await addOffer(m.db, m.clock(), { code: 'DAILY', type: 'day' });
    await addOffer(m.db, m.clock(), { code: 'WEEKLY', type: 'week' });
    const member = await memberWithMoney(m, { wallet: 10 });
    const cycle = async (code: string) => {
      const response = await activateBonus(m, member.token, code);
      if (response.statusCode === 200) await call(m.app, endpoints.bonusClear, undefined, { token: member.token });
      return response.statusCode === 200 ? 'granted' : response.json().message;
    };
    expect([await cycle('DAILY'), await cycle('WEEKLY')]).toEqual(['granted', 'granted']);
    m.clock.advance(500);
    expect([await cycle('DAILY'), await cycle('WEEKLY')]).toEqual(['BONUS_MAX_CLAIMED', 'BONUS_MAX_CLAIMED']);
    // 00:00:00 Monday in Bangkok: a new day and a new week.
    m.clock.advance(500);
    expect([await cycle('DAILY'), await cycle('WEEKLY')]).toEqual(['granted', 'granted']);
    // Tuesday: a new day, the same week.
    m.clock.advance(24 * HOUR);
    expect([await cycle('DAILY'), await cycle('WEEKLY')]).toEqual(['granted', 'BONUS_MAX_CLAIMED']);
    const list = (await call(m.app, endpoints.bonusList, undefined, { token: member.token })).json().bonuses;
    expect(list.find((bonus: { code: string }) => bonus.code === 'DAILY').userBonus).toMatchObject({ isActive: false });
    expect(list.find((bonus: { code: string }) => bonus.code === 'DAILY').userBonus.received).toHaveLength(3);
  });

  it('gives a quota of 5 to exactly 5 of 20 members activating at once, and one member racing 20 activations one bonus', async () => {
    const m = await bonusApp();
    await addOffer(m.db, m.clock(), { code: 'RUSH', type: 'day', quota: 5 });
    await addOffer(m.db, m.clock(), { code: 'SOLO', type: 'day', maxReceived: 20 });
    const members: MoneyMember[] = [];
    for (let i = 0; i < 20; i += 1) {
      // Registrations from one address are limited per hour: the clock moves on between batches.
      if (i % 8 === 0) m.clock.advance(61 * 60 * 1000);
      members.push(await memberWithMoney(m, { wallet: 1 }));
    }
    const answers = await Promise.all(members.map((member) => activateBonus(m, member.token, 'RUSH')));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(5);
    expect(new Set(answers.filter((answer) => answer.statusCode !== 200).map((answer) => answer.json().message))).toEqual(new Set(['BONUS_FULL']));

    const solo = await memberWithMoney(m, { wallet: 1 });
    const raced = await Promise.all(Array.from({ length: 20 }, () => activateBonus(m, solo.token, 'SOLO')));
    expect(raced.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(new Set(raced.filter((answer) => answer.statusCode !== 200).map((answer) => answer.json().message))).toEqual(new Set(['BONUS_ALREADY_ACTIVE']));
    expect(await m.db.select().from(memberBonuses).where(eq(memberBonuses.userId, solo.userId))).toHaveLength(1);
  });
});

describe('a held bonus and the withdrawal', () => {
  it('refuses a withdrawal before the turnover (BONUS_CONDITION), then finishes the bonus with the full withdrawal', async () => {
    const m = await bonusApp();
    await addOffer(m.db, m.clock(), { code: 'PLAY', turnoverMultiplier: 3 });
    const member = await memberWithMoney(m, { wallet: 400, opened: ['TEST_SLOT'] });
    await takeBonus(m, member.token, 'PLAY');
    const before = await ledgerSnapshot(m.db);
    expect((await call(m.app, endpoints.withdrawAll, { amount: 500 }, { token: member.token })).json()).toEqual({ message: 'BONUS_CONDITION' });
    expect(await ledgerSnapshot(m.db)).toEqual(before);

    await call(m.app, endpoints.transfer, { from: 'WALLET', to: 'TEST_SLOT', amount: 300 }, { token: member.token });
    await placeBet(m, member.userId, 'TEST_SLOT', 299.99);
    expect(await activeBonusOf(m, member.token)).toMatchObject({ turnover: 299.99, target: 300 });
    expect((await call(m.app, endpoints.withdrawAll, { amount: 200.01 }, { token: member.token })).json()).toEqual({ message: 'BONUS_CONDITION' });
    await placeBet(m, member.userId, 'TEST_SLOT', 0.01);
    expect(await activeBonusOf(m, member.token)).toMatchObject({ turnover: 300, target: 300 });
    const done = await call(m.app, endpoints.withdrawAll, { amount: 200 }, { token: member.token });
    expect([done.statusCode, done.json()]).toMatchObject([200, { amount: 200, wallet: { amount: 0 } }]);
    expect(await activeBonusOf(m, member.token)).toEqual({ status: false, type: null });
    const statement = (await statementOf(m, member.token)).statements;
    expect(statement.slice(0, 2).map((row) => [row.statementType, row.amount])).toEqual([
      ['finish_bonus', 0],
      ['withdraw', 200],
    ]);
    expect(statement[0]!.bonus).toEqual({ description: '<p>PLAY</p>' });
  });

  it('sends winnings above the cap back as one finish_bonus transfer, and never the member\'s own money', async () => {
    const m = await bonusApp();
    await addOffer(m.db, m.clock(), { code: 'CAPPED', withdrawCap: 300, maxReceived: 2 });
    const member = await memberWithMoney(m, { wallet: 400, opened: ['TEST_SLOT'] });
    await takeBonus(m, member.token, 'CAPPED');
    await call(m.app, endpoints.transfer, { from: 'WALLET', to: 'TEST_SLOT', amount: 100 }, { token: member.token });
    await placeBet(m, member.userId, 'TEST_SLOT', 100);
    await placeWin(m, member.userId, 'TEST_SLOT', 500);
    // 900 in all: the member's own 400, the cap of 300 on what the bonus turned into, 200 above it.
    const done = await call(m.app, endpoints.withdrawAll, { amount: 900 }, { token: member.token });
    expect([done.statusCode, done.json()]).toMatchObject([200, { amount: 700, wallet: { amount: 0 } }]);
    expect((await statementOf(m, member.token)).statements.slice(0, 2).map((row) => [row.statementType, row.amount, row.to])).toEqual([
      ['withdraw', 700, expect.any(String)],
      ['finish_bonus', 200, 'BONUS'],
    ]);

    // Deposits made while the bonus ran are the member's own too: 1,000 + 500, the bonus lost in bets.
    await addOffer(m.db, m.clock(), { code: 'TIGHT', withdrawCap: 100 });
    const other = await memberWithMoney(m, { wallet: 1_000, opened: ['TEST_SLOT'] });
    await takeBonus(m, other.token, 'TIGHT');
    await deposit(m, other.phone, 500);
    await call(m.app, endpoints.transfer, { from: 'WALLET', to: 'TEST_SLOT', amount: 100 }, { token: other.token });
    await placeBet(m, other.userId, 'TEST_SLOT', 100);
    const lost = await call(m.app, endpoints.withdrawAll, { amount: 1_500 }, { token: other.token });
    expect([lost.statusCode, lost.json()]).toMatchObject([200, { amount: 1_500 }]);
  });

  it('ends by itself when wallet and games fall below the end threshold', async () => {
    const m = await bonusApp();
    await addOffer(m.db, m.clock(), { code: 'EDGE', endThreshold: 50, turnoverMultiplier: 10 });
    const member = await memberWithMoney(m, { wallet: 0, opened: ['TEST_SLOT'] });
    await takeBonus(m, member.token, 'EDGE');
    await call(m.app, endpoints.transfer, { from: 'WALLET', to: 'TEST_SLOT', amount: 100 }, { token: member.token });
    await placeBet(m, member.userId, 'TEST_SLOT', 50);
    expect(await activeBonusOf(m, member.token)).toMatchObject({ status: true, turnover: 50 });
    await placeBet(m, member.userId, 'TEST_SLOT', 0.01);
    expect(await activeBonusOf(m, member.token)).toEqual({ status: false, type: null });
    const [receipt] = await m.db.select().from(memberBonuses).where(eq(memberBonuses.userId, member.userId));
    expect([receipt?.status, receipt?.endReason]).toEqual(['finished', 'threshold']);
  });

  it('ends a bonus below its threshold before receiving the next, rather than refusing it as already active', async () => {
    const m = await bonusApp();
    await addOffer(m.db, m.clock(), { code: 'FIRST', endThreshold: 50, turnoverMultiplier: 10 });
    await addOffer(m.db, m.clock(), { code: 'NEXT', endThreshold: 0 });
    const member = await memberWithMoney(m, { wallet: 0, opened: ['TEST_SLOT'] });
    await takeBonus(m, member.token, 'FIRST');
    await call(m.app, endpoints.transfer, { from: 'WALLET', to: 'TEST_SLOT', amount: 100 }, { token: member.token });
    await placeBet(m, member.userId, 'TEST_SLOT', 60);
    await call(m.app, endpoints.transfer, { from: 'TEST_SLOT', to: 'WALLET', amount: 40 }, { token: member.token });
    // Nothing read the bonus since it fell to 40: receiving the next ends it first.
    expect((await takeBonus(m, member.token, 'NEXT')).amount).toBe(100);
    const receipts = await m.db.select().from(memberBonuses).where(eq(memberBonuses.userId, member.userId));
    expect(receipts.map((receipt) => [receipt.bonusCode, receipt.status, receipt.endReason])).toEqual([
      ['FIRST', 'finished', 'threshold'],
      ['NEXT', 'active', null],
    ]);
  });
});

describe('GET /api/bonus/clear', () => {
  it('takes back the unplayed share of the bonus, at least percentFail, and asks for the games\' money first', async () => {
    const m = await bonusApp();
    await addOffer(m.db, m.clock(), { code: 'FAIL20', percentFail: 20, maxReceived: 3, turnoverMultiplier: 2 });
    const member = await memberWithMoney(m, { wallet: 100, opened: ['TEST_SLOT'] });
    expect([(await call(m.app, endpoints.bonusClear, undefined, { token: member.token })).statusCode]).toEqual([404]);

    await takeBonus(m, member.token, 'FAIL20');
    await call(m.app, endpoints.transfer, { from: 'WALLET', to: 'TEST_SLOT', amount: 10 }, { token: member.token });
    const inGame = await call(m.app, endpoints.bonusClear, undefined, { token: member.token });
    expect([inGame.statusCode, inGame.json()]).toEqual([400, { message: 'BONUS_REMAINING' }]);
    await call(m.app, endpoints.transfer, { from: 'TEST_SLOT', to: 'WALLET', amount: 10 }, { token: member.token });
    // Given up untouched: the whole bonus goes back (taking it and cancelling gains nothing).
    expect((await call(m.app, endpoints.bonusClear, undefined, { token: member.token })).json()).toEqual({ message: 'BONUS_CLEAR', amount: 100 });
    expect((await walletOf(m, member.token)).wallet).toBe(100);
    expect((await statementOf(m, member.token)).statements[0]).toMatchObject({ statementType: 'finish_bonus', amount: 100, from: 'WALLET', to: 'BONUS' });

    // 150 of the 200 target played: a quarter (25) goes back, more than percentFail (20).
    await takeBonus(m, member.token, 'FAIL20');
    await call(m.app, endpoints.transfer, { from: 'WALLET', to: 'TEST_SLOT', amount: 150 }, { token: member.token });
    await placeBet(m, member.userId, 'TEST_SLOT', 150);
    expect((await call(m.app, endpoints.bonusClear, undefined, { token: member.token })).json()).toMatchObject({ message: 'BONUS_CLEAR' });
    expect((await walletOf(m, member.token)).wallet).toBe(25);
  });

  it('after the target, sends back only winnings above the cap, as a finishing withdrawal would', async () => {
    const m = await bonusApp();
    await addOffer(m.db, m.clock(), { code: 'CAPMET', withdrawCap: 100 });
    const member = await memberWithMoney(m, { wallet: 1_000, opened: ['TEST_SLOT'] });
    await takeBonus(m, member.token, 'CAPMET');
    await call(m.app, endpoints.transfer, { from: 'WALLET', to: 'TEST_SLOT', amount: 100 }, { token: member.token });
    await placeBet(m, member.userId, 'TEST_SLOT', 100);
    await placeWin(m, member.userId, 'TEST_SLOT', 500);
    await call(m.app, endpoints.transfer, { from: 'TEST_SLOT', to: 'WALLET', amount: 500 }, { token: member.token });
    expect((await call(m.app, endpoints.bonusClear, undefined, { token: member.token })).json()).toMatchObject({ message: 'BONUS_CLEAR' });
    // 1,500: own 1,000, the cap 100, 400 back.
    expect((await walletOf(m, member.token)).wallet).toBe(1_100);
  });

  it('never forfeits more than the wallet holds', async () => {
    const m = await bonusApp();
    await addOffer(m.db, m.clock(), { code: 'ALLIN', percentFail: 100, endThreshold: 0 });
    const member = await memberWithMoney(m, { wallet: 0, opened: ['TEST_SLOT'] });
    await takeBonus(m, member.token, 'ALLIN');
    await call(m.app, endpoints.transfer, { from: 'WALLET', to: 'TEST_SLOT', amount: 70 }, { token: member.token });
    await placeBet(m, member.userId, 'TEST_SLOT', 70);
    expect((await call(m.app, endpoints.bonusClear, undefined, { token: member.token })).json()).toMatchObject({ message: 'BONUS_CLEAR' });
    expect((await walletOf(m, member.token)).wallet).toBe(0);
    expect((await statementOf(m, member.token)).statements[0]).toMatchObject({ statementType: 'finish_bonus', amount: 30 });
  });
});

describe('promotion codes', () => {
  it('finds a promotion by its code (uppercased), grants it once, and answers the current one', async () => {
    const m = await bonusApp();
    await addOffer(m.db, m.clock(), { code: 'SONGKRAN', kind: 'promotion', percentFail: 15, description: '<b>Water festival</b>', grant: { fixed: 50 } });
    await addOffer(m.db, m.clock(), { code: 'OLD', kind: 'promotion', endsAt: new Date(m.clock().getTime() - 1) });
    await addOffer(m.db, m.clock(), { code: 'LISTED' });
    const member = await memberWithMoney(m, { wallet: 10 });
    const find = (code: string) => call(m.app, endpoints.promotionFind, undefined, { token: member.token, params: { code }, language: 'en' });
    expect((await find('songkran')).json()).toEqual({ code: 'SONGKRAN', percentFail: 15, description: '<b>Water festival</b>' });
    for (const code of ['OLD', 'LISTED', 'NONE']) {
      const response = await find(code);
      expect([code, response.statusCode, response.json()]).toEqual([code, 404, { message: 'NO_PROMOTION' }]);
    }
    // Not a code at all: refused before any lookup.
    const markup = await find('<script>');
    expect([markup.statusCode, markup.json()]).toEqual([400, { message: 'NO_PROMOTION' }]);
    expect((await call(m.app, endpoints.promotionCurrent, undefined, { token: member.token })).json()).toEqual({ promotion: null });
    expect((await takeBonus(m, member.token, 'Songkran', 'promotion')).amount).toBe(50);
    expect((await call(m.app, endpoints.promotionCurrent, undefined, { token: member.token, language: 'en' })).json()).toEqual({
      promotion: { code: 'SONGKRAN', percentFail: 15, description: '<b>Water festival</b>' },
    });
    expect((await statementOf(m, member.token)).statements[0]).toMatchObject({ statementType: 'bonus', promotion: { description: '<b>Water festival</b>' } });
    await call(m.app, endpoints.bonusClear, undefined, { token: member.token });
    expect((await activateBonus(m, member.token, 'SONGKRAN', 'promotion')).json()).toEqual({ message: 'PROMOTION_RECEIVED' });
    // A bonus code is not a promotion, nor the other way round.
    expect((await activateBonus(m, member.token, 'LISTED', 'promotion')).json()).toEqual({ message: 'NO_PROMOTION' });
    expect((await activateBonus(m, member.token, 'SONGKRAN')).json()).toEqual({ message: 'NO_DATA' });
  });

  it('keeps a paused offer from being found, listed or received', async () => {
    const m = await bonusApp();
    await addOffer(m.db, m.clock(), { code: 'PAUSED', kind: 'promotion' });
    await m.db.update(bonuses).set({ status: 'paused' }).where(eq(bonuses.code, 'PAUSED'));
    const member = await memberWithMoney(m, { wallet: 10 });
    expect((await activateBonus(m, member.token, 'PAUSED', 'promotion')).json()).toEqual({ message: 'NO_PROMOTION' });
  });
});

describe('guessing promotion codes', () => {
  it('slows a member after 10 codes not offered: every lookup answers 429 then, hits included; hits never count', async () => {
    const m = await bonusApp();
    await addOffer(m.db, m.clock(), { code: 'SECRET88', kind: 'promotion' });
    const guesser = await memberWithMoney(m, { wallet: 10 });
    const honest = await memberWithMoney(m, { wallet: 10 });
    const find = (token: string, code: string) => call(m.app, endpoints.promotionFind, undefined, { token, params: { code } });

    for (let i = 0; i < 15; i++) expect((await find(honest.token, 'SECRET88')).statusCode).toBe(200);
    for (let i = 0; i < 10; i++) expect((await find(guesser.token, `GUESS${i}`)).json()).toEqual({ message: 'NO_PROMOTION' });
    const slowed = await find(guesser.token, 'SECRET88');
    expect([slowed.statusCode, slowed.json()]).toEqual([429, { message: 'REQUEST_LIMIT' }]);
    expect(Number(slowed.headers['retry-after'])).toBeGreaterThan(0);
    expect((await activateBonus(m, guesser.token, 'SECRET88', 'promotion')).json()).toEqual({ message: 'REQUEST_LIMIT' });
    // Another member, who found the code 15 times, is not slowed by either.
    expect((await find(honest.token, 'SECRET88')).statusCode).toBe(200);
    expect((await takeBonus(m, honest.token, 'SECRET88', 'promotion')).amount).toBeGreaterThan(0);
    m.clock.advance(15 * 60_000);
    expect((await find(guesser.token, 'SECRET88')).statusCode).toBe(200);
  });

  it('counts an address’s misses across its members', async () => {
    const m = await bonusApp();
    let refused = 0;
    for (let member = 0; member < 4; member++) {
      const { token } = await memberWithMoney(m, { wallet: 10 });
      for (let i = 0; i < 10; i++) {
        const answer = await call(m.app, endpoints.promotionFind, undefined, { token, params: { code: `M${member}X${i}` } });
        if (answer.statusCode === 429) refused += 1;
      }
    }
    // 30 misses from the address pass; the other 10 are refused.
    expect(refused).toBe(10);
  });
});

describe('GET /api/bonus/check/minimum', () => {
  it('answers the smallest deposit a listed deposit bonus takes, 0 without one', async () => {
    const m = await bonusApp();
    const member = await memberWithMoney(m, { wallet: 10 });
    expect((await call(m.app, endpoints.bonusCheckMinimum, undefined, { token: member.token })).json()).toEqual({ minimum: 0 });
    await addOffer(m.db, m.clock(), { code: 'BIG', grant: { percent: 10, cap: 100, minDeposit: 500 } });
    await addOffer(m.db, m.clock(), { code: 'SMALL', grant: { percent: 5, cap: 100, minDeposit: 100 } });
    expect((await call(m.app, endpoints.bonusCheckMinimum, undefined, { token: member.token })).json()).toEqual({ minimum: 100 });
  });
});
