import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { endpoints } from '../../src/contract/endpoints.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { bankAccounts, banks, CURRENCIES, operators, settings, sources, users, wheels } from '../../src/server/db/schema.ts';
import { DEMO_REWARD_SETTINGS, DEMO_WHEEL } from '../../src/server/db/seed-data.ts';
import { cleanHtml } from '../../src/server/promotions/html.ts';
import { expectedReturn } from '../../src/server/games/paytable.ts';
import { changeWheel, cleanBanners, inviteBoundError, refundBoundError, returnAbove, wheelError, wheelReturnError } from '../../src/server/rewards/rewards-ops.ts';
import { wheelExpectedValue } from '../../src/contract/rules/wheel.ts';
import { seed } from '../../src/server/db/seed.ts';
import { OperatorRefused } from '../../src/server/operators/accounts.ts';
import { getSetting, putSetting } from '../../src/server/repositories/settings.ts';
import { loadConfig } from '../../src/server/config.ts';
import { buildTestApp, testConfig, type TestApp } from './helpers/app.ts';
import { PRODUCTION_ENV } from './helpers/production.ts';
import { call } from './helpers/http.ts';
import { login, registerMember } from './helpers/members.ts';

async function rowCounts(t: TestApp) {
  const countOf = async (table: typeof banks | typeof sources | typeof settings | typeof users) =>
    (await t.db.select({ rows: count() }).from(table))[0]!.rows;
  return { banks: await countOf(banks), sources: await countOf(sources), settings: await countOf(settings), users: await countOf(users) };
}

describe('seed', () => {
  it('creates the demo member with a KBANK account', async () => {
    const t = await buildTestApp();

    const [demo] = await t.db
      .select({ name: users.name, status: users.status, bankCode: bankAccounts.bankCode, accountNo: bankAccounts.accountNo, accountName: bankAccounts.accountName })
      .from(users)
      .innerJoin(bankAccounts, eq(bankAccounts.userId, users.id))
      .where(eq(users.phone, '0812345678'));

    expect(demo).toEqual({ name: 'SOMCHAI JAIDEE', status: 'active', bankCode: 'KBANK', accountNo: '1234567890', accountName: 'SOMCHAI JAIDEE' });
  });

  it('adds nothing when run again', async () => {
    const t = await buildTestApp();
    const before = await rowCounts(t);

    await seed(t.db, t.config, t.clock);

    expect(await rowCounts(t)).toEqual(before);
  });

  it('keeps an operator’s edits', async () => {
    const t = await buildTestApp();
    await t.db.update(banks).set({ nameEn: 'Kasikorn Bank (edited)' }).where(eq(banks.code, 'KBANK'));
    await putSetting(t.db, 'info', { name: 'Edited Wallet', website: 'https://edited.example' });
    await call(t.app, endpoints.changePassword, { oldPassword: 'demo-pass-1234', newPassword: 'changed-demo-pass' }, {
      token: await login(t, '0812345678', 'demo-pass-1234'),
    });

    await seed(t.db, t.config, t.clock);

    const [kbank] = await t.db.select().from(banks).where(eq(banks.code, 'KBANK'));
    expect(kbank?.nameEn).toBe('Kasikorn Bank (edited)');
    expect(await getSetting(t.db, 'info')).toEqual({ name: 'Edited Wallet', website: 'https://edited.example' });
    expect(await login(t, '0812345678', 'changed-demo-pass')).toBeTruthy();
  });

  it('writes registerOTP when REGISTER_OTP is set, and keeps the stored value when it is not (demo mode)', async () => {
    const t = await buildTestApp({ registerOtp: false });

    await seed(t.db, testConfig({ registerOtp: undefined }), t.clock);
    const kept = await getSetting(t.db, 'registerOTP');
    await seed(t.db, testConfig({ registerOtp: true }), t.clock);
    const written = await getSetting(t.db, 'registerOTP');

    expect(kept).toBe(false);
    expect(written).toBe(true);
  });

  it('turns registerOTP on at a production start when REGISTER_OTP is unset, whatever an earlier start left', async () => {
    const t = await buildTestApp({ registerOtp: false });
    const production = loadConfig(PRODUCTION_ENV);
    expect([production.registerOtp, loadConfig({}).registerOtp]).toEqual([true, undefined]);

    await seed(t.db, testConfig({ registerOtp: production.registerOtp }), t.clock);

    expect(await getSetting(t.db, 'registerOTP')).toBe(true);
  });

  it('creates the operator, and updates its password at the next start', async () => {
    const t = await buildTestApp({ operator: { phone: '0800000001', password: 'first-operator-pass' } });

    await seed(t.db, testConfig({ operator: { phone: '0800000001', password: 'second-operator-pass' } }), t.clock);

    const failed = await call(t.app, endpoints.login, { username: '0800000001', password: 'first-operator-pass' });
    expect(failed.json()).toEqual({ message: 'WRONG_CREDENTIAL' });
    expect(await login(t, '0800000001', 'second-operator-pass')).toBeTruthy();
  });

  it('refuses an OPERATOR_PHONE that is a member’s, and leaves the member as they were', async () => {
    const t = await buildTestApp({ registerOtp: false });
    const member = await registerMember(t);

    const seeding = seed(t.db, testConfig({ operator: { phone: member.phone, password: 'operator-pass-1' } }), t.clock);

    await expect(seeding).rejects.toThrow(OperatorRefused);
    expect(await login(t, member.phone, member.password)).toBeTruthy();
    const failed = await call(t.app, endpoints.login, { username: member.phone, password: 'operator-pass-1' });
    expect(failed.json()).toEqual({ message: 'WRONG_CREDENTIAL' });
  });
});

/** WCAG 2 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** WCAG 2 contrast ratio of two colours (1 to 21). */
function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

describe('seed: the demo rewards (docs/decisions/0101-rewards-operator-api-and-demo.md)', () => {
  it('adds an active wheel of 8 landable slices with prizes in baht and kip, an item and a miss, in readable colours', async () => {
    const t = await buildTestApp();

    const current = await t.db.select().from(wheels);

    expect(current.map((row) => [row.active, row.replacedAt, row.createdBy])).toEqual([[true, null, null]]);
    const { slices } = DEMO_WHEEL;
    expect(current[0]!.slices.map((slice) => slice.code)).toEqual(slices.map((slice) => slice.code));
    expect(slices).toHaveLength(8);
    expect(slices.filter((slice) => slice.weight <= 0).map((slice) => slice.code)).toEqual([]);
    expect(new Set(slices.map((slice) => slice.code)).size).toBe(slices.length);
    expect(slices.filter((slice) => slice.prize.type === 'credit' && slice.prize.amount.BAHT > 0 && slice.prize.amount.LAK > 0).length).toBeGreaterThanOrEqual(3);
    expect(slices.filter((slice) => slice.prize.type === 'item')).toHaveLength(1);
    expect(slices.filter((slice) => slice.prize.type === 'none').length).toBeGreaterThanOrEqual(1);
    // Readable (WCAG AA for text) and told apart: no two slices share a background.
    expect(slices.filter((slice) => contrast(slice.bgColor, slice.textColor) < 4.5).map((slice) => slice.code)).toEqual([]);
    expect(new Set(slices.map((slice) => slice.bgColor.toLowerCase())).size).toBe(slices.length);
    // An operator could write it as it is: it passes the rules, and cleaning changes nothing.
    expect(wheelError(DEMO_WHEEL)).toBeNull();
    expect(slices.flatMap((slice) => Object.values(slice.htmlDescription)).filter((html) => cleanHtml(html) !== html)).toEqual([]);
  });

  it('pays back at most wheelReturnCeiling (3 %) of a coin’s price, below the reference games’ house edge, and within the grant ceiling', async () => {
    const t = await buildTestApp();
    const coinPrice = await getSetting(t.db, 'wheelCoins');
    const returnCeiling = await getSetting(t.db, 'wheelReturnCeiling');

    const paid = wheelExpectedValue(DEMO_WHEEL);

    // One coin per 100 baht (20,000 kip) of bets pays 2.60 baht (520 kip) on average: 2.6 %.
    expect(coinPrice).toEqual({ BAHT: 100, LAK: 20_000 });
    expect(returnCeiling).toBe(3);
    expect(paid).toEqual({ BAHT: 2.6, LAK: 520 });
    expect(CURRENCIES.filter((currency) => returnAbove(DEMO_WHEEL, currency, coinPrice[currency], returnCeiling))).toEqual([]);
    // Betting to farm coins loses money: every game keeps more than the wheel gives back.
    for (const category of ['slot', 'sport', 'lotto'] as const) expect(1 - expectedReturn(category), category).toBeGreaterThan(returnCeiling / 100);
    // Marketing could write it as it is.
    expect(wheelReturnError(DEMO_WHEEL, coinPrice, returnCeiling, 'marketing')).toBeNull();
    const ceiling = await getSetting(t.db, 'offerGrantCeiling');
    const largest = (currency: 'BAHT' | 'LAK') => Math.max(...DEMO_WHEEL.slices.map((slice) => (slice.prize.type === 'credit' ? slice.prize.amount[currency] : 0)));
    expect([largest('BAHT') <= ceiling.BAHT, largest('LAK') <= ceiling.LAK]).toEqual([true, true]);
  });

  it('turns the invite and the refund on, each with a banner whose image is in public/ and whose HTML is clean', async () => {
    const t = await buildTestApp();

    const stored = {
      invite: await getSetting(t.db, 'invite'),
      refund: await getSetting(t.db, 'refund'),
      inviteBanners: await getSetting(t.db, 'inviteBanners'),
      refundBanners: await getSetting(t.db, 'refundBanners'),
    };

    // An invitee bets 3 times their first deposit, losing about 15 % of it at a 5 % house edge: more than the inviter's 5 %.
    expect(stored.invite).toEqual({ active: true, percent: 5, minimumDeposit: 100, turnoverMultiplier: 3, windowDays: 7 });
    expect(stored.invite.percent / 100).toBeLessThan(stored.invite.turnoverMultiplier * (1 - expectedReturn('slot')));
    expect(stored.refund).toMatchObject({ active: true, percent: 5, period: 'week', minimum: 1 });
    expect([inviteBoundError(stored.invite, 'marketing'), refundBoundError(stored.refund, 'marketing')]).toEqual([null, null]);
    expect(Object.values(stored.refund.info).every((html) => html !== '' && cleanHtml(html) === html)).toBe(true);
    const banners = [...stored.inviteBanners, ...stored.refundBanners];
    expect([stored.inviteBanners.length, stored.refundBanners.length]).toEqual([1, 1]);
    expect(cleanBanners(banners)).toEqual(banners);
    expect(banners.filter((banner) => !existsSync(path.join(import.meta.dirname, '../../public', banner.image)))).toEqual([]);
  });

  it('gives the demo member 3 coins when it creates them, and not again', async () => {
    const t = await buildTestApp();
    const coins = async () => (await t.db.select({ coin: users.coin }).from(users).where(eq(users.phone, t.config.demo.phone)))[0]?.coin;
    const first = await coins();
    await t.db.update(users).set({ coin: 0 }).where(eq(users.phone, t.config.demo.phone));

    await seed(t.db, t.config, t.clock);

    expect([first, await coins()]).toEqual([3, 0]);
  });

  it('changes nothing when run again, and keeps an operator’s wheel and settings', async () => {
    const t = await buildTestApp({ operator: { phone: '0800000001', password: 'operator-secret' } });
    const snapshot = async () => ({
      wheels: await t.db.select().from(wheels).orderBy(asc(wheels.id)),
      settings: await t.db.select().from(settings).orderBy(asc(settings.key)),
    });
    const before = await snapshot();
    await seed(t.db, t.config, t.clock);
    expect(await snapshot()).toEqual(before);

    const operatorId = (await t.db.select({ id: operators.id }).from(operators))[0]!.id;
    await changeWheel(t.db, { operatorId, role: 'admin' }, { ...DEMO_WHEEL, active: false }, { BAHT: 500, LAK: 0 }, t.clock());
    await putSetting(t.db, 'invite', { ...DEMO_REWARD_SETTINGS.invite, active: false });
    await putSetting(t.db, 'refundBanners', []);
    const edited = await snapshot();

    await seed(t.db, t.config, t.clock);

    expect(await snapshot()).toEqual(edited);
    expect(edited.wheels.map((row) => [row.active, row.replacedAt === null])).toEqual([[true, false], [false, true]]);
  });
});

describe('openDatabase with PGlite in DATA_DIR', () => {
  it('creates missing parent folders, migrates twice, and refuses a second opener', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'wallet-data-'));
    const dataDir = path.join(root, 'deeper', 'still-deeper');
    try {
      const database = await openDatabase({ databaseUrl: null, dataDir });
      await database.migrate();
      await database.migrate();

      const second = openDatabase({ databaseUrl: null, dataDir });

      await expect(second).rejects.toThrow(`${dataDir} is in use by process ${process.pid}`);
      await database.close();
      const reopened = await openDatabase({ databaseUrl: null, dataDir });
      await reopened.close();
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
