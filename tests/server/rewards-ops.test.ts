/**
 * The operator's rewards (docs/decisions/0101-rewards-operator-api-and-demo.md):
 * the prize wheel and its coin rule with the expected value per coin, the
 * invite and refund settings and their banners, written by marketing
 * (admin always may; finance reads the wheel), each write in one
 * transaction with its audit rows, HTML cleaned on write; the bounds above
 * which only an admin writes (docs/decisions/0103-coins-from-play.md); and
 * the members' banner reads in their language.
 */
import { asc, eq, isNull } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import type { OperatorRole } from '../../src/contract/api.ts';
import { endpoints, type Endpoint } from '../../src/contract/endpoints.ts';
import { BannersResponse, InviteSettings, OpsBannersResponse, OpsWheelResponse, RefundSettings, type WheelDefinition } from '../../src/contract/rewards.ts';
import { totpCode } from '../../src/server/auth/totp.ts';
import { auditLog, operators, settings, users, wheelSeeds, wheelSpins, wheels } from '../../src/server/db/schema.ts';
import { DEMO_REWARD_SETTINGS, DEMO_WHEEL } from '../../src/server/db/seed-data.ts';
import { addOperator } from '../../src/server/operators/accounts.ts';
import { wheelExpectedValue } from '../../src/contract/rules/wheel.ts';
import { getSetting, putSetting } from '../../src/server/repositories/settings.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { call, type CallOptions } from './helpers/http.ts';
import { login, signedInMember } from './helpers/members.ts';

const ADMIN = { phone: '0800000001', password: 'operator-secret' };

interface OpsApp extends TestApp {
  tokens: Record<OperatorRole, string>;
  marketingId: number;
}

/** An added operator of `role`, logged in with the code of the next TOTP step. */
async function operatorOf(t: TestApp, role: OperatorRole, phone: string): Promise<string> {
  const enrolment = await addOperator(t.db, { phone, role, name: `${role} operator` }, t.clock());
  t.clock.advance(30_000);
  const response = await call(t.app, endpoints.login, { username: phone, password: enrolment.password, otpCode: totpCode(enrolment.totpSecret, t.clock()) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().token;
}

async function opsApp(): Promise<OpsApp> {
  const t = await buildTestApp({ operator: ADMIN, registerOtp: false });
  const tokens = {
    admin: await login(t, ADMIN.phone, ADMIN.password),
    marketing: await operatorOf(t, 'marketing', '0800000100'),
    finance: await operatorOf(t, 'finance', '0800000101'),
    support: await operatorOf(t, 'support', '0800000102'),
  };
  const [marketing] = await t.db.select({ id: operators.id }).from(operators).where(eq(operators.phone, '0800000100'));
  return { ...t, tokens, marketingId: marketing!.id };
}

/** Calls as an operator of `role` (marketing unless told). */
function ops(o: OpsApp, endpoint: Endpoint, body?: unknown, { role = 'marketing', ...options }: CallOptions & { role?: OperatorRole } = {}) {
  return call(o.app, endpoint, body, { token: o.tokens[role], ...options });
}

const text = (en: string) => ({ th: en, la: en, en });

/** A small wheel: 10 baht or 1,000 kip once in four spins, a cap once in eight, nothing otherwise (2.5 baht, 250 kip a coin). */
const WHEEL: WheelDefinition = {
  name: { th: 'วงล้อทดสอบ', la: 'ວົງລໍ້ທົດສອບ', en: 'Test wheel' },
  active: true,
  slices: [
    { code: 'TEN', label: text('10'), bgColor: '#0f6b5c', textColor: '#ffffff', htmlDescription: text('<p>Ten</p>'), weight: 2, prize: { type: 'credit', amount: { BAHT: 10, LAK: 1_000 }, expiryDays: 7 } },
    { code: 'CAP', label: text('Cap'), bgColor: '#f2c14e', textColor: '#1a1a1a', htmlDescription: text('<p>A cap</p>'), weight: 1, prize: { type: 'item', name: text('A cap'), expiryDays: 30 } },
    { code: 'NONE', label: text('Again'), bgColor: '#e5e7eb', textColor: '#1f2937', htmlDescription: text(''), weight: 5, prize: { type: 'none' } },
  ],
};
/** 2.5 % of a coin's price back in either currency: within the default wheelReturnCeiling (3 %). */
const COIN_RULE = { BAHT: 100, LAK: 10_000 };

const sliceOf = (code: string, weight = 1): WheelDefinition['slices'][number] => ({ ...WHEEL.slices[2]!, code, weight });

/** The audit's rows as the change log kept them: what was written is the state after. */
const changesOf = (o: TestApp) =>
  o.db
    .select({ id: auditLog.id, operatorId: auditLog.operatorId, action: auditLog.action, subject: auditLog.subject, value: auditLog.after, createdAt: auditLog.createdAt })
    .from(auditLog)
    .orderBy(asc(auditLog.id));
const wheelRows = (o: TestApp) => o.db.select().from(wheels).orderBy(asc(wheels.id));
/** Everything a rewards write may touch: a refused write must leave it as it was. */
const written = async (o: TestApp) => ({
  wheels: await wheelRows(o),
  changes: await changesOf(o),
  settings: await o.db.select().from(settings).orderBy(asc(settings.key)),
});

async function changedWheel(o: OpsApp, wheel: WheelDefinition = WHEEL, coinRule = COIN_RULE, role: OperatorRole = 'marketing') {
  const response = await ops(o, endpoints.opsWheelChange, { wheel, coinRule }, { role });
  expect(response.statusCode, response.body).toBe(200);
  return v.parse(OpsWheelResponse, response.json());
}

describe('who may call', () => {
  const writes: [string, Endpoint, unknown, CallOptions][] = [
    ['PUT /api/ops/spinwheel', endpoints.opsWheelChange, { wheel: WHEEL, coinRule: COIN_RULE }, {}],
    ['PUT /api/ops/settings/invite', endpoints.opsInvite, DEMO_REWARD_SETTINGS.invite, {}],
    ['PUT /api/ops/settings/refund', endpoints.opsRefund, DEMO_REWARD_SETTINGS.refund, {}],
    ['PUT /api/ops/settings/banners/invite', endpoints.opsBanners, { banners: DEMO_REWARD_SETTINGS.inviteBanners }, { params: { area: 'invite' } }],
  ];

  it('lets marketing, finance and admin read the wheel, and refuses support and members with 403 UNAUTHORIZED', async () => {
    const o = await opsApp();
    const member = await signedInMember(o);

    const statuses = await Promise.all(
      (['marketing', 'finance', 'admin', 'support'] as const).map(async (role) => [role, (await ops(o, endpoints.opsWheel, undefined, { role })).statusCode]),
    );
    const asMember = await call(o.app, endpoints.opsWheel, undefined, { token: member.token });

    expect(statuses).toEqual([['marketing', 200], ['finance', 200], ['admin', 200], ['support', 403]]);
    expect([asMember.statusCode, asMember.json()]).toEqual([403, { message: 'UNAUTHORIZED' }]);
  });

  it.each(writes)('lets marketing and admin write %s; finance, support and members get 403 UNAUTHORIZED and write nothing', async (_name, endpoint, body, options) => {
    const o = await opsApp();
    const member = await signedInMember(o);
    const before = await written(o);

    const refused = [
      await ops(o, endpoint, body, { ...options, role: 'finance' }),
      await ops(o, endpoint, body, { ...options, role: 'support' }),
      await call(o.app, endpoint, body, { ...options, token: member.token }),
    ];
    expect(refused.map((response) => [response.statusCode, response.json()])).toEqual(Array(3).fill([403, { message: 'UNAUTHORIZED' }]));
    expect(await written(o)).toEqual(before);

    for (const role of ['marketing', 'admin'] as const) {
      const response = await ops(o, endpoint, body, { ...options, role });
      expect([role, response.statusCode, response.body]).toEqual([role, 200, expect.any(String)]);
    }
  });
});

describe('GET /api/ops/spinwheel', () => {
  it('answers the demo wheel, the coin rule and what one coin pays on average per currency', async () => {
    const o = await opsApp();

    const response = await ops(o, endpoints.opsWheel, undefined, { role: 'finance' });

    expect(response.statusCode, response.body).toBe(200);
    // 2.60 baht: (400 × 1 + 8 × 50 + 200 × 2 + 100 × 5 + 1 × 500 + 40 × 10) / 1,000; kip are 200 times that.
    expect(v.parse(OpsWheelResponse, response.json())).toEqual({ wheel: DEMO_WHEEL, coinRule: { BAHT: 100, LAK: 20_000 }, expectedValue: { BAHT: 2.6, LAK: 520 } });
  });

  it('answers no wheel, and nothing to expect, before any wheel was written', async () => {
    const o = await opsApp();
    await o.db.delete(wheels);

    const response = await ops(o, endpoints.opsWheel);

    expect(response.json()).toEqual({ wheel: null, coinRule: { BAHT: 100, LAK: 20_000 }, expectedValue: { BAHT: 0, LAK: 0 } });
  });

  it('counts items and empty slices as paying nothing, and rounds to the minor unit', () => {
    expect(wheelExpectedValue(WHEEL)).toEqual({ BAHT: 2.5, LAK: 250 });
    // 1 baht once in three: 0.3333… → 0.33.
    const third: WheelDefinition = {
      ...WHEEL,
      slices: [{ ...WHEEL.slices[0]!, weight: 1, prize: { type: 'credit', amount: { BAHT: 1, LAK: 0 }, expiryDays: 7 } }, sliceOf('A', 2)],
    };
    expect(wheelExpectedValue(third)).toEqual({ BAHT: 0.33, LAK: 0 });
    expect(wheelExpectedValue(null)).toEqual({ BAHT: 0, LAK: 0 });
  });
});

describe('PUT /api/ops/spinwheel', () => {
  it('replaces the current wheel with a new row, puts the coin rule, records both changes and answers as GET does', async () => {
    const o = await opsApp();
    const [demo] = await wheelRows(o);
    o.clock.advance(60_000);

    const answer = await changedWheel(o);

    expect(answer).toEqual({ wheel: WHEEL, coinRule: COIN_RULE, expectedValue: { BAHT: 2.5, LAK: 250 } });
    expect((await ops(o, endpoints.opsWheel)).json()).toEqual(answer);
    const rows = await wheelRows(o);
    expect(rows).toEqual([
      { ...demo, replacedAt: o.clock() },
      { id: expect.any(Number), name: WHEEL.name, active: true, slices: expect.any(Array), createdAt: o.clock(), createdBy: o.marketingId, replacedAt: null },
    ]);
    // Stored in minor units, as text.
    expect(rows[1]!.slices[0]!.prize).toEqual({ type: 'credit', amount: { BAHT: '1000', LAK: '100000' }, expiryDays: 7 });
    expect(await getSetting(o.db, 'wheelCoins')).toEqual(COIN_RULE);
    expect(await changesOf(o)).toEqual([
      { id: expect.any(Number), operatorId: o.marketingId, action: 'wheel.change', subject: String(rows[1]!.id), value: WHEEL, createdAt: o.clock() },
      { id: expect.any(Number), operatorId: o.marketingId, action: 'settings.wheelCoins', subject: 'wheelCoins', value: COIN_RULE, createdAt: o.clock() },
    ]);
  });

  it('leaves every past spin on the wheel it was drawn on', async () => {
    const o = await opsApp();
    const member = await signedInMember(o);
    const [user] = await o.db.select({ id: users.id }).from(users).where(eq(users.phone, member.phone));
    const [demo] = await wheelRows(o);
    const [seedRow] = await o.db
      .insert(wheelSeeds)
      .values({ userId: user!.id, serverSeed: 'a'.repeat(64), seedHash: 'b'.repeat(64), clientSeed: 'client', nextNonce: 1, createdAt: o.clock() })
      .returning();
    const weights = DEMO_WHEEL.slices.map(({ code, weight }) => ({ code, weight }));
    const [spin] = await o.db
      .insert(wheelSpins)
      .values({ userId: user!.id, wheelId: demo!.id, seedId: seedRow!.id, nonce: 0, clientSeed: 'client', sliceIndex: 0, sliceCode: DEMO_WHEEL.slices[0]!.code, weights, createdAt: o.clock() })
      .returning();

    await changedWheel(o);
    await changedWheel(o, { ...WHEEL, active: false });

    const [after] = await o.db.select().from(wheelSpins).where(eq(wheelSpins.id, spin!.id));
    const [drawnOn] = await o.db.select().from(wheels).where(eq(wheels.id, after!.wheelId));
    expect(drawnOn).toEqual({ ...demo, replacedAt: o.clock() });
    expect(drawnOn!.slices[0]!.code).toBe(DEMO_WHEEL.slices[0]!.code);
    expect((await o.db.select().from(wheels).where(isNull(wheels.replacedAt))).map((row) => row.active)).toEqual([false]);
  });

  it('cleans each description of scripts and event handlers, and keeps labels as the plain text they are', async () => {
    const o = await opsApp();
    const hostile = '<p>Win <b>big</b></p><script>alert(1)</script><img src="/x.png" onerror="alert(2)">';
    const slices = [{ ...WHEEL.slices[0]!, label: text('A & B <3'), htmlDescription: { th: hostile, la: hostile, en: hostile } }, ...WHEEL.slices.slice(1)];

    const answer = await changedWheel(o, { ...WHEEL, slices });

    const cleaned = '<p>Win <b>big</b></p><img src="/x.png">';
    expect(answer.wheel!.slices[0]!.htmlDescription).toEqual({ th: cleaned, la: cleaned, en: cleaned });
    expect(answer.wheel!.slices[0]!.label).toEqual(text('A & B <3'));
    const stored = JSON.stringify((await o.db.select().from(wheels).where(isNull(wheels.replacedAt)))[0]);
    expect(stored).not.toMatch(/<script|onerror|alert\(/);
  });

  it.each([
    ['two slices with one code', { ...WHEEL, slices: [sliceOf('SAME'), sliceOf('SAME')] }, COIN_RULE],
    ['17 slices', { ...WHEEL, slices: Array.from({ length: 17 }, (_, i) => sliceOf(`S${i}`)) }, COIN_RULE],
    ['one slice', { ...WHEEL, slices: [sliceOf('ONLY')] }, COIN_RULE],
    ['every weight 0', { ...WHEEL, slices: [sliceOf('A', 0), sliceOf('B', 0)] }, COIN_RULE],
    ['a negative weight', { ...WHEEL, slices: [sliceOf('A', -1), sliceOf('B', 2)] }, COIN_RULE],
    ['a colour by name', { ...WHEEL, slices: [{ ...sliceOf('A'), bgColor: 'red' }, sliceOf('B')] }, COIN_RULE],
    ['a short colour', { ...WHEEL, slices: [{ ...sliceOf('A'), textColor: '#fff' }, sliceOf('B')] }, COIN_RULE],
    ['a code in lower case', { ...WHEEL, slices: [sliceOf('a'), sliceOf('B')] }, COIN_RULE],
    ['a blank label', { ...WHEEL, slices: [{ ...sliceOf('A'), label: { ...text('A'), la: '  ' } }, sliceOf('B')] }, COIN_RULE],
    ['a credit of nothing', { ...WHEEL, slices: [{ ...sliceOf('A'), prize: { type: 'credit', amount: { BAHT: 0, LAK: 0 }, expiryDays: 7 } }, sliceOf('B')] }, COIN_RULE],
    ['a credit of a third decimal', { ...WHEEL, slices: [{ ...sliceOf('A'), prize: { type: 'credit', amount: { BAHT: 0.001, LAK: 0 }, expiryDays: 7 } }, sliceOf('B')] }, COIN_RULE],
    ['an item of a blank name', { ...WHEEL, slices: [{ ...sliceOf('A'), prize: { type: 'item', name: text(''), expiryDays: 7 } }, sliceOf('B')] }, COIN_RULE],
    ['a prize of an unknown type', { ...WHEEL, slices: [{ ...sliceOf('A'), prize: { type: 'coin', amount: 5 } }, sliceOf('B')] }, COIN_RULE],
    ['a negative coin price', WHEEL, { BAHT: -1, LAK: 0 }],
    ['a coin rule without kip', WHEEL, { BAHT: 100 }],
  ])('refuses %s with 400 KEY_INVALID (KEY_MISSING for what is missing) and changes nothing', async (name, wheel, coinRule) => {
    const o = await opsApp();
    const before = await written(o);

    const response = await ops(o, endpoints.opsWheelChange, { wheel, coinRule });

    expect([response.statusCode, response.json()]).toEqual([400, { message: name === 'a coin rule without kip' ? 'KEY_MISSING' : 'KEY_INVALID' }]);
    expect(await written(o)).toEqual(before);
  });

  it('lets marketing write an active wheel only within the grant ceiling; above it, inactive, or by an admin', async () => {
    const o = await opsApp();
    const big = { ...WHEEL, slices: [{ ...WHEEL.slices[0]!, prize: { type: 'credit', amount: { BAHT: 10, LAK: 600_000 }, expiryDays: 7 } } as const, ...WHEEL.slices.slice(1)] };
    const before = await written(o);

    // No coins in kip: the wheel's return is no matter here, only its largest prize.
    const coinRule = { BAHT: 100, LAK: 0 };

    const refused = await ops(o, endpoints.opsWheelChange, { wheel: big, coinRule });

    expect([refused.statusCode, refused.json()]).toEqual([403, { message: 'UNAUTHORIZED' }]);
    expect(await written(o)).toEqual(before);
    expect((await changedWheel(o, { ...big, active: false }, coinRule)).wheel!.active).toBe(false);
    expect((await changedWheel(o, big, coinRule, 'admin')).wheel!.active).toBe(true);
  });

  it('keeps one current wheel when two changes arrive at once', async () => {
    const o = await opsApp();

    const answers = await Promise.all([
      ops(o, endpoints.opsWheelChange, { wheel: WHEEL, coinRule: COIN_RULE }),
      ops(o, endpoints.opsWheelChange, { wheel: { ...WHEEL, active: false }, coinRule: COIN_RULE }, { role: 'admin' }),
    ]);

    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const rows = await wheelRows(o);
    expect(rows).toHaveLength(3);
    expect(rows.filter((row) => row.replacedAt === null)).toHaveLength(1);
    expect((await changesOf(o)).filter((change) => change.action === 'wheel.change')).toHaveLength(2);
  });
});

describe('PUT /api/ops/settings/invite and /refund', () => {
  const INVITE = { active: true, percent: 15, minimumDeposit: 300.5, turnoverMultiplier: 3, windowDays: 14 };
  const REFUND = {
    active: true,
    percent: 7,
    period: 'day',
    minimum: 10,
    info: { th: '<p>คืนยอดเสีย</p><script>x()</script>', la: '<p onclick="x()">ຄືນຍອດເສຍ</p>', en: '<p>Loss refund</p>' },
  } as const;

  it('writes the invite rule as sent and records the change', async () => {
    const o = await opsApp();

    const response = await ops(o, endpoints.opsInvite, INVITE);

    expect([response.statusCode, v.parse(InviteSettings, response.json())]).toEqual([200, INVITE]);
    expect(await getSetting(o.db, 'invite')).toEqual(INVITE);
    expect(await changesOf(o)).toEqual([{ id: expect.any(Number), operatorId: o.marketingId, action: 'settings.invite', subject: 'invite', value: INVITE, createdAt: o.clock() }]);
  });

  it('writes the refund rule with its conditions cleaned and records the change', async () => {
    const o = await opsApp();

    const response = await ops(o, endpoints.opsRefund, REFUND);

    const stored = { ...REFUND, info: { th: '<p>คืนยอดเสีย</p>', la: '<p>ຄືນຍອດເສຍ</p>', en: '<p>Loss refund</p>' } };
    expect([response.statusCode, v.parse(RefundSettings, response.json())]).toEqual([200, stored]);
    expect(await getSetting(o.db, 'refund')).toEqual(stored);
    expect(await changesOf(o)).toEqual([{ id: expect.any(Number), operatorId: o.marketingId, action: 'settings.refund', subject: 'refund', value: stored, createdAt: o.clock() }]);
  });

  it.each([
    ['invite percent above 100', endpoints.opsInvite, { ...INVITE, percent: 101 }],
    ['invite percent with decimals', endpoints.opsInvite, { ...INVITE, percent: 2.5 }],
    ['invite window of 0 days', endpoints.opsInvite, { ...INVITE, windowDays: 0 }],
    ['invite active as text', endpoints.opsInvite, { ...INVITE, active: 'yes' }],
    ['refund period of a month', endpoints.opsRefund, { ...REFUND, period: 'month' }],
    ['refund negative minimum', endpoints.opsRefund, { ...REFUND, minimum: -1 }],
    ['refund without English conditions', endpoints.opsRefund, { ...REFUND, info: { th: '', la: '' } }],
  ])('refuses %s with 400 and changes nothing', async (_name, endpoint, body) => {
    const o = await opsApp();
    const before = await written(o);

    const response = await ops(o, endpoint, body);

    expect(response.statusCode).toBe(400);
    expect(['KEY_INVALID', 'KEY_MISSING']).toContain(response.json().message);
    expect(await written(o)).toEqual(before);
  });
});

describe('the bounds marketing writes within (0103)', () => {
  /** 6 baht or 1,200 kip every other spin: 3 baht (600 kip) a coin, 3 % of 100 baht (20,000 kip). */
  const AT_BOUND: WheelDefinition = {
    ...WHEEL,
    slices: [{ ...WHEEL.slices[0]!, weight: 1, prize: { type: 'credit', amount: { BAHT: 6, LAK: 1_200 }, expiryDays: 7 } }, sliceOf('MISS', 1)],
  };
  const PRICE = { BAHT: 100, LAK: 20_000 };

  it('lets marketing write an active wheel paying back up to wheelReturnCeiling (3 %) of a coin’s price; above it, inactive, or by an admin', async () => {
    const o = await opsApp();
    expect(await getSetting(o.db, 'wheelReturnCeiling')).toBe(3);
    const before = await written(o);

    const aboveInBaht = await ops(o, endpoints.opsWheelChange, { wheel: AT_BOUND, coinRule: { ...PRICE, BAHT: 99.99 } });
    const aboveInKip = await ops(o, endpoints.opsWheelChange, { wheel: AT_BOUND, coinRule: { ...PRICE, LAK: 19_999 } });

    expect([aboveInBaht, aboveInKip].map((response) => [response.statusCode, response.json()])).toEqual(Array(2).fill([403, { message: 'UNAUTHORIZED' }]));
    expect(await written(o)).toEqual(before);
    expect((await changedWheel(o, AT_BOUND, PRICE)).expectedValue).toEqual({ BAHT: 3, LAK: 600 });
    expect((await changedWheel(o, { ...AT_BOUND, active: false }, { ...PRICE, BAHT: 99.99 })).wheel!.active).toBe(false);
    expect((await changedWheel(o, AT_BOUND, { BAHT: 1, LAK: 200 }, 'admin')).coinRule).toEqual({ BAHT: 1, LAK: 200 });
    // A price of 0 earns no coins: nothing is paid back, whatever the wheel.
    expect((await changedWheel(o, AT_BOUND, { BAHT: 0, LAK: 0 })).wheel!.active).toBe(true);
  });

  it('reads the ceiling from the settings table, an admin’s to change; a value that is not a number lets marketing write no paying wheel', async () => {
    const o = await opsApp();
    await putSetting(o.db, 'wheelReturnCeiling', 10);
    expect((await changedWheel(o, AT_BOUND, { BAHT: 30, LAK: 6_000 })).wheel!.active).toBe(true);

    await putSetting(o.db, 'wheelReturnCeiling', 'three' as unknown as number);
    const refused = await ops(o, endpoints.opsWheelChange, { wheel: AT_BOUND, coinRule: { BAHT: 1_000_000, LAK: 0 } });
    expect([refused.statusCode, refused.json()]).toEqual([403, { message: 'UNAUTHORIZED' }]);
    const paysNothing = { ...WHEEL, slices: [sliceOf('A'), sliceOf('B')] };
    expect((await changedWheel(o, paysNothing, PRICE)).expectedValue).toEqual({ BAHT: 0, LAK: 0 });
  });

  const INVITE = { active: true, percent: 20, minimumDeposit: 100, turnoverMultiplier: 4, windowDays: 7 };
  const REFUND = { ...DEMO_REWARD_SETTINGS.refund, percent: 20 };

  it.each([
    ['an invite of 21 %', endpoints.opsInvite, { ...INVITE, percent: 21, turnoverMultiplier: 10 }],
    ['an invite of 16 % for three turnovers', endpoints.opsInvite, { ...INVITE, percent: 16, turnoverMultiplier: 3 }],
    ['an invite without turnover', endpoints.opsInvite, { ...INVITE, percent: 5, turnoverMultiplier: 0 }],
    ['an invite of 100 % without turnover', endpoints.opsInvite, { ...INVITE, percent: 100, turnoverMultiplier: 0 }],
    ['a refund of 21 %', endpoints.opsRefund, { ...REFUND, percent: 21 }],
    ['a refund of 100 %', endpoints.opsRefund, { ...REFUND, percent: 100 }],
  ])('refuses marketing %s with 403 UNAUTHORIZED and changes nothing; an admin may, and marketing may write it inactive', async (_name, endpoint, body) => {
    const o = await opsApp();
    const before = await written(o);

    const refused = await ops(o, endpoint, body);

    expect([refused.statusCode, refused.json()]).toEqual([403, { message: 'UNAUTHORIZED' }]);
    expect(await written(o)).toEqual(before);
    const inactive = await ops(o, endpoint, { ...body, active: false });
    expect([inactive.statusCode, inactive.json().active]).toEqual([200, false]);
    const asAdmin = await ops(o, endpoint, body, { role: 'admin' });
    expect([asAdmin.statusCode, asAdmin.json().percent]).toEqual([200, body.percent]);
  });

  it.each([
    ['an invite of 20 % for four turnovers', endpoints.opsInvite, INVITE],
    ['an invite of 15 % for three turnovers', endpoints.opsInvite, { ...INVITE, percent: 15, turnoverMultiplier: 3 }],
    ['an invite of 0 % without turnover', endpoints.opsInvite, { ...INVITE, percent: 0, turnoverMultiplier: 0 }],
    ['a refund of 20 %', endpoints.opsRefund, REFUND],
  ])('lets marketing write %s (at the bound)', async (_name, endpoint, body) => {
    const o = await opsApp();

    const response = await ops(o, endpoint, body);

    expect([response.statusCode, response.json().percent]).toEqual([200, body.percent]);
  });
});

describe('banners', () => {
  const BANNER = {
    image: '/images/rewards/invite.svg',
    html: { th: '<h3>ชวนเพื่อน</h3><script>steal()</script>', la: '<h3>ຊວນໝູ່</h3><img src="/a.png" onerror="steal()">', en: '<h3 onmouseover="steal()">Invite</h3>' },
  };
  const CLEANED = { image: BANNER.image, html: { th: '<h3>ชวนเพื่อน</h3>', la: '<h3>ຊວນໝູ່</h3><img src="/a.png">', en: '<h3>Invite</h3>' } };

  it.each(['invite', 'refund'] as const)('writes the %s banners cleaned, records the change, and members read them in their language', async (area) => {
    const o = await opsApp();
    const member = await signedInMember(o);
    const second = { image: 'https://cdn.example/banner.png', html: { th: 'สอง', la: 'ສອງ', en: 'Two' } };

    const response = await ops(o, endpoints.opsBanners, { banners: [BANNER, second] }, { params: { area } });

    expect([response.statusCode, v.parse(OpsBannersResponse, response.json())]).toEqual([200, { banners: [CLEANED, second] }]);
    expect(await getSetting(o.db, `${area}Banners`)).toEqual([CLEANED, second]);
    expect(await changesOf(o)).toEqual([
      { id: expect.any(Number), operatorId: o.marketingId, action: `settings.${area}Banners`, subject: `${area}Banners`, value: [CLEANED, second], createdAt: o.clock() },
    ]);
    const read = area === 'invite' ? endpoints.inviteBanners : endpoints.refundBanners;
    const languages = [];
    for (const [language, key] of [['th', 'th'], ['lo', 'la'], ['en-GB', 'en']] as const) {
      const banners = await call(o.app, read, undefined, { token: member.token, language });
      expect(banners.statusCode, banners.body).toBe(200);
      languages.push([language, v.parse(BannersResponse, banners.json())]);
      expect(banners.json()).toEqual({ banners: [{ image: CLEANED.image, html: CLEANED.html[key] }, { image: second.image, html: second.html[key] }] });
    }
    expect(languages).toHaveLength(3);
  });

  it('gives members the demo banners, in Thai without a language, and none while the feature is off', async () => {
    const o = await opsApp();
    const member = await signedInMember(o);

    const invite = await call(o.app, endpoints.inviteBanners, undefined, { token: member.token });
    const refund = await call(o.app, endpoints.refundBanners, undefined, { token: member.token, language: 'en' });
    await putSetting(o.db, 'invite', { ...DEMO_REWARD_SETTINGS.invite, active: false });
    const inviteOff = await call(o.app, endpoints.inviteBanners, undefined, { token: member.token });

    expect(invite.json()).toEqual({ banners: DEMO_REWARD_SETTINGS.inviteBanners.map((banner) => ({ image: banner.image, html: banner.html.th })) });
    expect(refund.json()).toEqual({ banners: DEMO_REWARD_SETTINGS.refundBanners.map((banner) => ({ image: banner.image, html: banner.html.en })) });
    expect(inviteOff.json()).toEqual({ banners: [] });
  });

  it('keeps the members’ banner reads for members: an operator gets 401, no token 401', async () => {
    const o = await opsApp();

    const asOperator = await ops(o, endpoints.inviteBanners);
    const anonymous = await call(o.app, endpoints.refundBanners);

    expect([asOperator.statusCode, anonymous.statusCode]).toEqual([401, 401]);
  });

  it.each([
    ['an unknown area', { area: 'wheel' }, { banners: [BANNER] }, 'NO_DATA'],
    ['a javascript: image', { area: 'invite' }, { banners: [{ ...BANNER, image: 'javascript:alert(1)' }] }, 'KEY_INVALID'],
    ['a data: image', { area: 'refund' }, { banners: [{ ...BANNER, image: 'data:image/svg+xml,<svg/>' }] }, 'KEY_INVALID'],
    ['an image of another site written //host', { area: 'invite' }, { banners: [{ ...BANNER, image: '//evil.example/x.png' }] }, 'KEY_INVALID'],
    ['11 banners', { area: 'invite' }, { banners: Array(11).fill(BANNER) }, 'KEY_INVALID'],
    ['a banner without html', { area: 'invite' }, { banners: [{ image: BANNER.image }] }, 'KEY_MISSING'],
  ])('refuses %s with 400 and changes nothing', async (_name, params, body, code) => {
    const o = await opsApp();
    const before = await written(o);

    const response = await ops(o, endpoints.opsBanners, body, { params });

    expect([response.statusCode, response.json()]).toEqual([400, { message: code }]);
    expect(await written(o)).toEqual(before);
  });
});
