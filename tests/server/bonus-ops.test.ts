/**
 * The operator's offers and member-facing texts (docs/decisions/0096-operator-api-for-offers.md):
 * bonuses and promotions created, listed, changed, paused and resumed by
 * marketing (admin always may); above their bounds (the grant ceiling for
 * what one member may receive in a period, the smallest turnover), made
 * active by finance or an admin only; agreements and conditions written and read
 * back by members, their HTML cleaned on write; every write in one
 * transaction with its audit row.
 */
import { asc, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import type { OperatorRole } from '../../src/contract/api.ts';
import { OpsBonusesResponse, OpsBonusResponse, OpsChangesResponse } from '../../src/contract/bonus.ts';
import { endpoints, type Endpoint } from '../../src/contract/endpoints.ts';
import { ERROR_CODES } from '../../src/contract/errors.ts';
import { totpCode } from '../../src/server/auth/totp.ts';
import { DEFAULT_SETTINGS } from '../../src/server/db/seed-data.ts';
import { bonuses, ledgerTransfers, memberBonuses, auditLog, operators, settings, users } from '../../src/server/db/schema.ts';
import { addOperator } from '../../src/server/operators/accounts.ts';
import { cleanHtml, isImageUrl } from '../../src/server/promotions/html.ts';
import {
  bannerImageError,
  boundsOf,
  ceilingError,
  changeOffer,
  cleanOffer,
  createOffer,
  definitionOf,
  endThresholdError,
  instantError,
  listOffers,
  offerError,
  percentCapError,
  putMemberTexts,
  withdrawCapError,
  windowError,
} from '../../src/server/promotions/offers-ops.ts';
import { perCurrencyAmount } from '../../src/server/money/per-currency.ts';
import { grantOf } from '../../src/server/promotions/offers.ts';
import { memberExposure } from '../../src/contract/rules/bonuses.ts';
import { getSetting, getSettings, putSetting, type Settings } from '../../src/server/repositories/settings.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { call } from './helpers/http.ts';
import { login, signedInMember } from './helpers/members.ts';

const ADMIN = { phone: '0800000001', password: 'operator-secret' };

/** A deposit bonus: 100 % of a deposit of at least 100, up to 500. */
const BONUS = {
  code: 'ops-welcome',
  kind: 'bonus',
  type: 'limit',
  currency: 'BAHT',
  maxReceived: 1,
  percentFail: 20,
  banners: [{ image: '/images/bonuses/welcome.svg', html: { th: '<p>ยินดีต้อนรับ</p>', la: '<p>ຍິນດີຕ້ອນຮັບ</p>', en: '<p>Welcome</p>' } }],
  description: { th: '<p>ฝากครั้งแรกได้สองเท่า</p>', la: '<p>ຝາກຄັ້ງທຳອິດໄດ້ສອງເທົ່າ</p>', en: '<p>Double your first deposit</p>' },
  grant: { kind: 'percent', percent: 100, cap: 500, minDeposit: 100 },
  turnoverMultiplier: 5,
  withdrawCap: 2_000,
  endThreshold: 10.5,
  quota: null,
  startsAt: null,
  endsAt: null,
  status: 'active',
} as const;

/** A promotion code: a fixed 50, for March only, 100 receipts in all. */
const PROMOTION = {
  code: 'OPS_FREE50',
  kind: 'promotion',
  type: 'limit',
  currency: 'BAHT',
  maxReceived: 1,
  percentFail: 0,
  banners: [],
  description: { th: 'ฟรี 50', la: 'ຟຣີ 50', en: 'Fifty free' },
  grant: { kind: 'fixed', amount: 50 },
  turnoverMultiplier: 3,
  withdrawCap: null,
  endThreshold: 0,
  quota: 100,
  startsAt: '2026-03-01T00:00:00.000Z',
  endsAt: '2026-04-01T00:00:00.000Z',
  status: 'active',
} as const;

interface OpsApp extends TestApp {
  adminToken: string;
  marketing: { id: number; phone: string; token: string };
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
  const adminToken = await login(t, ADMIN.phone, ADMIN.password);
  const phone = '0800000100';
  const token = await operatorOf(t, 'marketing', phone);
  const [operator] = await t.db.select({ id: operators.id }).from(operators).where(eq(operators.phone, phone));
  return { ...t, adminToken, marketing: { id: operator!.id, phone, token } };
}

/** Calls as the marketing operator, with the offer's code in the path when given. */
function ops(o: OpsApp, endpoint: Endpoint, body?: unknown, { code }: { code?: string } = {}) {
  return call(o.app, endpoint, body, { token: o.marketing.token, ...(code !== undefined && { params: { code } }) });
}

async function created(o: OpsApp, definition: object) {
  const response = await ops(o, endpoints.opsBonusCreate, definition);
  expect(response.statusCode, response.body).toBe(200);
  return v.parse(OpsBonusResponse, response.json()).bonus;
}

const rowOf = async (o: TestApp, code: string) => (await o.db.select().from(bonuses).where(eq(bonuses.code, code)))[0];
/** The audit's rows as the change log kept them: what was written is the state after. */
const changesOf = (o: TestApp) =>
  o.db
    .select({ id: auditLog.id, operatorId: auditLog.operatorId, action: auditLog.action, subject: auditLog.subject, value: auditLog.after, createdAt: auditLog.createdAt })
    .from(auditLog)
    .orderBy(asc(auditLog.id));
/** Everything an operator write may touch: a refused write must leave it as it was. */
const written = async (o: TestApp) => ({
  bonuses: await o.db.select().from(bonuses).orderBy(asc(bonuses.id)),
  changes: await changesOf(o),
  settings: await o.db.select().from(settings).orderBy(asc(settings.key)),
});

/** `count` receipts of the offer by a new member, as the member side writes them (each grant transfer is one of the member's deposits). */
async function receipts(o: OpsApp, offerId: number, count: number): Promise<void> {
  const member = await signedInMember(o);
  const [user] = await o.db.select({ id: users.id }).from(users).where(eq(users.phone, member.phone));
  for (let i = 0; i < count; i++) {
    const reference = `REF-${offerId}-${member.phone}-${i}`;
    const deposit = await call(o.app, endpoints.opsDeposit, { username: member.phone, amount: 100, reference }, { token: o.adminToken });
    expect(deposit.statusCode, deposit.body).toBe(200);
    const [transfer] = await o.db.select({ id: ledgerTransfers.id }).from(ledgerTransfers).where(eq(ledgerTransfers.reference, reference));
    const status = i === count - 1 ? 'active' : 'finished';
    await o.db.insert(memberBonuses).values({
      userId: user!.id,
      bonusId: offerId,
      bonusCode: 'ANY',
      bonusType: 'limit',
      status,
      depositAmount: 0n,
      bonusAmount: 5_000n,
      turnoverTarget: 15_000n,
      ownAtGrant: 0n,
      grantTransferId: transfer!.id,
      activatedAt: o.clock(),
      ...(status === 'finished' && { endedAt: o.clock(), endReason: 'threshold' as const }),
    });
  }
}

const WELCOME = { ...BONUS, code: 'OPS-WELCOME' };

describe('POST and GET /api/ops/bonuses', () => {
  it('creates a bonus and a promotion in minor units and lists them, oldest first, with their receipts', async () => {
    const o = await opsApp();
    const bonus = await created(o, BONUS);
    o.clock.advance(60_000);
    const promotion = await created(o, PROMOTION);

    expect(bonus).toEqual({ id: expect.any(String), ...WELCOME, received: 0, updatedAt: new Date(o.clock().getTime() - 60_000).toISOString() });
    expect(promotion).toEqual({ id: expect.any(String), ...PROMOTION, received: 0, updatedAt: o.clock().toISOString() });
    expect(await rowOf(o, 'OPS-WELCOME')).toMatchObject({
      kind: 'bonus',
      bonusType: 'limit',
      grantKind: 'percent',
      grantPercent: 100,
      grantCap: 50_000n,
      minDeposit: 10_000n,
      grantAmount: null,
      withdrawCap: 200_000n,
      endThreshold: 1_050n,
      status: 'active',
    });
    expect(await rowOf(o, 'OPS_FREE50')).toMatchObject({
      kind: 'promotion',
      grantKind: 'fixed',
      grantAmount: 5_000n,
      grantPercent: null,
      grantCap: null,
      minDeposit: null,
      withdrawCap: null,
      endThreshold: 0n,
      quota: 100,
      startsAt: new Date(PROMOTION.startsAt),
      endsAt: new Date(PROMOTION.endsAt),
    });

    await receipts(o, Number(bonus.id), 2);
    const list = await ops(o, endpoints.opsBonuses);
    expect(list.statusCode, list.body).toBe(200);
    const { bonuses: listed } = v.parse(OpsBonusesResponse, list.json());
    // The demo offers the seed added come first.
    const seeded = (await o.db.select({ id: bonuses.id }).from(bonuses).orderBy(asc(bonuses.id))).map((row) => String(row.id)).slice(0, -2);
    expect(listed.map((offer) => offer.id)).toEqual([...seeded, bonus.id, promotion.id]);
    expect(listed.slice(-2)).toEqual([
      { ...bonus, received: 2 },
      { ...promotion, received: 0 },
    ]);
  });

  it('lists the demo offers as an operator could write them again (they pass the rules, the cleaning and the ceiling)', async () => {
    const o = await opsApp();
    const offers = await listOffers(o.db);
    expect(offers.length).toBeGreaterThan(0);
    expect(offers.map((offer) => [offer.code, offerError(definitionOf(offer))])).toEqual(offers.map((offer) => [offer.code, null]));
    expect(offers.map((offer) => cleanOffer(definitionOf(offer)))).toEqual(offers.map(definitionOf));
    // Active as seeded, and marketing could make them so.
    const stored = await getSettings(o.db, 'offerGrantCeiling', 'offerMinTurnoverMultiplier');
    const bounded = (offer: (typeof offers)[number]) => ({ ...offer, grant: grantOf(offer) });
    expect(offers.map((offer) => [offer.code, offer.status, ceilingError(bounded(offer), 'active', boundsOf(stored, offer.currency), 'marketing')])).toEqual(
      offers.map((offer) => [offer.code, 'active', null]),
    );
  });

  it('refuses a code that is taken, whatever its case, with 409 KEY_INVALID and writes nothing', async () => {
    const o = await opsApp();
    await created(o, BONUS);
    const before = await written(o);
    for (const code of ['OPS-WELCOME', ' Ops-Welcome ']) {
      const again = await ops(o, endpoints.opsBonusCreate, { ...PROMOTION, code });
      expect([code, again.statusCode, again.json()]).toEqual([code, 409, { message: 'KEY_INVALID' }]);
    }
    expect(await written(o)).toEqual(before);
  });

  it('takes a window written with offsets as instants', async () => {
    const o = await opsApp();
    // 10:00 at +07:00 is 03:00Z, before 05:00Z: compared as text it would look the other way round.
    const offer = await created(o, { ...PROMOTION, startsAt: '2026-03-01T10:00:00+07:00', endsAt: '2026-03-01T05:00:00Z' });
    expect([offer.startsAt, offer.endsAt]).toEqual(['2026-03-01T03:00:00.000Z', '2026-03-01T05:00:00.000Z']);
  });
});

describe('PUT /api/ops/bonuses/:code', () => {
  it('rewrites an offer, its grant and status included, and answers it as written', async () => {
    const o = await opsApp();
    const before = await created(o, BONUS);
    await receipts(o, Number(before.id), 1);
    o.clock.advance(3_600_000);
    const change = {
      ...WELCOME,
      type: 'week',
      maxReceived: 2,
      grant: { kind: 'fixed', amount: 200 },
      withdrawCap: null,
      endThreshold: 5,
      quota: 10,
      startsAt: '2026-03-02T00:00:00.000Z',
      endsAt: null,
      status: 'paused',
    };
    // The path's code is read as the body's is: trimmed and uppercased.
    const response = await ops(o, endpoints.opsBonusChange, change, { code: 'ops-welcome' });
    expect(response.statusCode, response.body).toBe(200);
    expect(v.parse(OpsBonusResponse, response.json()).bonus).toEqual({ ...change, id: before.id, received: 1, updatedAt: o.clock().toISOString() });
    expect(await rowOf(o, 'OPS-WELCOME')).toMatchObject({
      bonusType: 'week',
      grantKind: 'fixed',
      grantAmount: 20_000n,
      grantPercent: null,
      grantCap: null,
      minDeposit: null,
      withdrawCap: null,
      endThreshold: 500n,
      status: 'paused',
      createdAt: new Date(o.clock().getTime() - 3_600_000),
      updatedAt: o.clock(),
    });
  });

  it('keeps the code, kind and currency (400 KEY_INVALID) and answers 404 NO_DATA for an unknown code, writing nothing', async () => {
    const o = await opsApp();
    await created(o, BONUS);
    await created(o, PROMOTION);
    const before = await written(o);
    const refusals: [string, object, number, string][] = [
      ['OPS-WELCOME', { ...BONUS, code: 'OPS_FREE50' }, 400, 'KEY_INVALID'],
      ['OPS-WELCOME', { ...BONUS, code: 'OTHER' }, 400, 'KEY_INVALID'],
      ['OPS-WELCOME', { ...BONUS, kind: 'promotion' }, 400, 'KEY_INVALID'],
      ['OPS-WELCOME', { ...BONUS, currency: 'LAK' }, 400, 'KEY_INVALID'],
      ['NOSUCH', { ...BONUS, code: 'NOSUCH' }, 404, 'NO_DATA'],
      ['x', BONUS, 400, 'NO_DATA'],
    ];
    for (const [code, body, status, message] of refusals) {
      const response = await ops(o, endpoints.opsBonusChange, body, { code });
      expect([code, body, response.statusCode, response.json()]).toEqual([code, body, status, { message }]);
    }
    expect(await written(o)).toEqual(before);
  });
});

describe('POST /api/ops/bonuses/:code/paused and /active', () => {
  it('pauses and resumes an offer; the same status again writes nothing', async () => {
    const o = await opsApp();
    const offer = await created(o, PROMOTION);
    o.clock.advance(1_000);
    const paused = await ops(o, endpoints.opsBonusPaused, undefined, { code: 'ops_free50' });
    expect(paused.statusCode, paused.body).toBe(200);
    expect(v.parse(OpsBonusResponse, paused.json()).bonus).toEqual({ ...offer, status: 'paused', updatedAt: o.clock().toISOString() });
    expect((await rowOf(o, 'OPS_FREE50'))?.status).toBe('paused');

    const before = await written(o);
    o.clock.advance(1_000);
    const again = await ops(o, endpoints.opsBonusPaused, undefined, { code: 'OPS_FREE50' });
    expect([again.statusCode, again.json().bonus.status]).toEqual([200, 'paused']);
    expect(await written(o)).toEqual(before);

    const resumed = await ops(o, endpoints.opsBonusActive, undefined, { code: 'OPS_FREE50' });
    expect(resumed.json().bonus).toEqual({ ...offer, status: 'active', updatedAt: o.clock().toISOString() });
    expect((await rowOf(o, 'OPS_FREE50'))?.status).toBe('active');
    expect((await changesOf(o)).map((change) => change.action)).toEqual(['bonus.create', 'bonus.paused', 'bonus.active']);
  });

  it('answers 404 NO_DATA for an unknown code', async () => {
    const o = await opsApp();
    for (const endpoint of [endpoints.opsBonusPaused, endpoints.opsBonusActive]) {
      const response = await ops(o, endpoint, undefined, { code: 'NOSUCH' });
      expect([response.statusCode, response.json()]).toEqual([404, { message: 'NO_DATA' }]);
    }
    expect(await changesOf(o)).toEqual([]);
  });
});

describe('who may change offers and texts', () => {
  const TEXTS = { texts: { th: ['ก'], la: ['ກ'], en: ['a'] } };
  const calls: [Endpoint, unknown, string?][] = [
    [endpoints.opsBonuses, undefined],
    [endpoints.opsBonusCreate, PROMOTION],
    [endpoints.opsBonusChange, BONUS, 'OPS-WELCOME'],
    [endpoints.opsBonusPaused, undefined, 'OPS-WELCOME'],
    [endpoints.opsBonusActive, undefined, 'OPS-WELCOME'],
    [endpoints.opsAgreements, TEXTS],
    [endpoints.opsConditions, TEXTS],
    [endpoints.opsChanges, undefined],
  ];

  /** Finance reads the offers and makes active what is above the grant ceiling (the offer's own rule decides; OPS-WELCOME is active already). */
  const financeMay: Endpoint[] = [endpoints.opsBonuses, endpoints.opsBonusActive];

  it('refuses finance but for the list and resuming (403 UNAUTHORIZED), a member (403) and anyone without a session (401), writing nothing', async () => {
    const o = await opsApp();
    await created(o, BONUS);
    const finance = await operatorOf(o, 'finance', '0800000200');
    const member = await signedInMember(o);
    const before = await written(o);
    for (const [endpoint, body, code] of calls) {
      const params = code === undefined ? {} : { params: { code } };
      const asFinance = await call(o.app, endpoint, body, { token: finance, ...params });
      const asMember = await call(o.app, endpoint, body, { token: member.token, ...params });
      const anonymous = await call(o.app, endpoint, body, params);
      if (financeMay.includes(endpoint)) expect([endpoint.path, asFinance.statusCode]).toEqual([endpoint.path, 200]);
      else expect([endpoint.path, asFinance.statusCode, asFinance.json()]).toEqual([endpoint.path, 403, { message: 'UNAUTHORIZED' }]);
      expect([endpoint.path, asMember.statusCode, asMember.json()]).toEqual([endpoint.path, 403, { message: 'UNAUTHORIZED' }]);
      expect([endpoint.path, anonymous.statusCode, anonymous.json()]).toEqual([endpoint.path, 401, { message: 'invalid-token' }]);
    }
    expect(await written(o)).toEqual(before);
  });

  it('lets an admin do everything marketing does', async () => {
    const o = await opsApp();
    await created(o, BONUS);
    for (const [endpoint, body, code] of calls) {
      const response = await call(o.app, endpoint, body, { token: o.adminToken, ...(code !== undefined && { params: { code } }) });
      expect([endpoint.path, response.statusCode]).toEqual([endpoint.path, 200]);
    }
  });
});

describe('bad input', () => {
  const percent = BONUS.grant;
  const refused: [string, unknown, string][] = [
    ['no code', { ...BONUS, code: undefined }, 'KEY_MISSING'],
    ['a code too short', { ...BONUS, code: 'A' }, 'KEY_INVALID'],
    ['a code with a space inside', { ...BONUS, code: 'WEL COME' }, 'KEY_INVALID'],
    ['an unknown kind', { ...BONUS, kind: 'gift' }, 'KEY_INVALID'],
    ['an unknown type', { ...BONUS, type: 'month' }, 'KEY_INVALID'],
    ['an unknown status', { ...BONUS, status: 'deleted' }, 'KEY_INVALID'],
    ['an unknown grant', { ...BONUS, grant: { kind: 'free' } }, 'KEY_INVALID'],
    ['a percent of 0', { ...BONUS, grant: { ...percent, percent: 0 } }, 'KEY_INVALID'],
    ['a cap of 0', { ...BONUS, grant: { ...percent, cap: 0 } }, 'KEY_INVALID'],
    ['a cap below 0.01', { ...BONUS, grant: { ...percent, cap: 0.001 } }, 'KEY_INVALID'],
    ['a minimum deposit of three decimals', { ...BONUS, grant: { ...percent, minDeposit: 100.005 } }, 'KEY_INVALID'],
    ['an end threshold of three decimals', { ...BONUS, endThreshold: 0.005 }, 'KEY_INVALID'],
    ['a negative end threshold', { ...BONUS, endThreshold: -1 }, 'KEY_INVALID'],
    ['a withdrawal cap below the grant cap', { ...BONUS, withdrawCap: 499.99 }, 'KEY_INVALID'],
    ['a withdrawal cap below the fixed amount', { ...PROMOTION, withdrawCap: 49 }, 'KEY_INVALID'],
    ['an end threshold at the grant cap', { ...BONUS, endThreshold: 500 }, 'KEY_INVALID'],
    ['an end threshold above the fixed amount', { ...PROMOTION, endThreshold: 60 }, 'KEY_INVALID'],
    ['a turnover multiplier of 0', { ...BONUS, turnoverMultiplier: 0 }, 'KEY_INVALID'],
    ['a percent forfeited above 100', { ...BONUS, percentFail: 101 }, 'KEY_INVALID'],
    ['eleven banners', { ...BONUS, banners: Array(11).fill(BONUS.banners[0]) }, 'KEY_INVALID'],
    ['a banner image of javascript:', { ...BONUS, banners: [{ ...BONUS.banners[0], image: 'javascript:alert(1)' }] }, 'KEY_INVALID'],
    ['a banner image of data:', { ...BONUS, banners: [{ ...BONUS.banners[0], image: 'data:image/svg+xml,<svg onload=alert(1)>' }] }, 'KEY_INVALID'],
    ['a banner image of another site without a scheme', { ...BONUS, banners: [{ ...BONUS.banners[0], image: '//evil.example/a.png' }] }, 'KEY_INVALID'],
    ['a banner image of a relative path', { ...BONUS, banners: [{ ...BONUS.banners[0], image: 'images/a.png' }] }, 'KEY_INVALID'],
    ['a banner image of an empty text', { ...BONUS, banners: [{ ...BONUS.banners[0], image: '' }] }, 'KEY_INVALID'],
    ['a window that ends when it starts', { ...PROMOTION, endsAt: PROMOTION.startsAt }, 'KEY_INVALID'],
    ['a window that ends before it starts, in another offset', { ...PROMOTION, startsAt: '2026-03-01T05:00:00Z', endsAt: '2026-03-01T10:00:00+07:00' }, 'KEY_INVALID'],
    ['a day the calendar lacks', { ...PROMOTION, startsAt: '2026-02-30T00:00:00Z', endsAt: null }, 'KEY_INVALID'],
    ['an offset JavaScript cannot read', { ...PROMOTION, startsAt: null, endsAt: '2026-03-01T10:00:00+07' }, 'KEY_INVALID'],
    ['not a time', { ...PROMOTION, startsAt: 'tomorrow' }, 'KEY_INVALID'],
    ['an array', [BONUS], 'KEY_INVALID'],
  ];

  it('answers 400 with a catalogue code and writes nothing, on create and on change', async () => {
    const o = await opsApp();
    await created(o, { ...BONUS, code: 'KEEP' });
    await created(o, { ...PROMOTION, code: 'KEEP2' });
    const before = await written(o);
    for (const [what, body, message] of refused) {
      const create = await ops(o, endpoints.opsBonusCreate, body);
      expect([what, create.statusCode, create.json()]).toEqual([what, 400, { message }]);
      expect(ERROR_CODES).toContain(message);
      // The same body as a change of an offer of its kind; a case about the code keeps its own.
      const { kind, code } = (Array.isArray(body) ? {} : body) as { kind?: string; code?: string };
      const target = kind === 'promotion' ? 'KEEP2' : 'KEEP';
      const aboutTheCode = code !== BONUS.code && code !== PROMOTION.code;
      const change = await ops(o, endpoints.opsBonusChange, aboutTheCode || Array.isArray(body) ? body : { ...(body as object), code: target }, { code: target });
      expect([what, change.statusCode, change.json()]).toEqual([what, 400, { message }]);
    }
    expect(await written(o)).toEqual(before);
  });

  it('refuses texts without every language or with too many items, writing nothing', async () => {
    const o = await opsApp();
    const before = await written(o);
    const items = (n: number) => Array.from({ length: n }, (_, i) => `<p>${i}</p>`);
    const cases: [unknown, string][] = [
      [{ texts: { th: ['ก'], en: ['a'] } }, 'KEY_MISSING'],
      [{ texts: { th: ['ก'], la: ['ກ'], en: items(51) } }, 'KEY_INVALID'],
      [{ texts: { th: ['ก'], la: ['ກ'], en: [1] } }, 'KEY_INVALID'],
      [{ texts: { th: 'ก', la: ['ກ'], en: ['a'] } }, 'KEY_INVALID'],
      [{}, 'KEY_MISSING'],
    ];
    for (const endpoint of [endpoints.opsAgreements, endpoints.opsConditions]) {
      for (const [body, message] of cases) {
        const response = await ops(o, endpoint, body);
        expect([endpoint.path, body, response.statusCode, response.json()]).toEqual([endpoint.path, body, 400, { message }]);
      }
    }
    expect(await written(o)).toEqual(before);
  });
});

describe('the audit trail', () => {
  it('records every write once, with its operator, time and value; GET /api/ops/changes lists them newest first', async () => {
    const o = await opsApp();
    const texts = { th: ['<p>ข้อ 1</p>'], la: ['<p>ຂໍ້ 1</p>'], en: ['<p>Rule 1</p>', '<p>Rule 2</p>'] };
    const writes: [Endpoint, unknown, string | undefined, string, string, unknown][] = [
      [endpoints.opsBonusCreate, BONUS, undefined, 'bonus.create', 'OPS-WELCOME', WELCOME],
      [endpoints.opsBonusChange, { ...BONUS, maxReceived: 3 }, 'OPS-WELCOME', 'bonus.change', 'OPS-WELCOME', { ...WELCOME, maxReceived: 3 }],
      [endpoints.opsBonusPaused, undefined, 'OPS-WELCOME', 'bonus.paused', 'OPS-WELCOME', { ...WELCOME, maxReceived: 3, status: 'paused' }],
      [endpoints.opsBonusActive, undefined, 'OPS-WELCOME', 'bonus.active', 'OPS-WELCOME', { ...WELCOME, maxReceived: 3 }],
      [endpoints.opsAgreements, { texts }, undefined, 'settings.agreements', 'agreements', texts],
      [endpoints.opsConditions, { texts }, undefined, 'settings.conditions', 'conditions', texts],
    ];
    const tokens = [o.marketing.token, o.adminToken];
    const adminId = (await o.db.select({ id: operators.id }).from(operators).where(eq(operators.phone, ADMIN.phone)))[0]!.id;
    for (const [index, [endpoint, body, code, action, subject, value]] of writes.entries()) {
      o.clock.advance(60_000);
      const before = await changesOf(o);
      const response = await call(o.app, endpoint, body, { token: tokens[index % 2], ...(code !== undefined && { params: { code } }) });
      expect([action, response.statusCode]).toEqual([action, 200]);
      const after = await changesOf(o);
      expect(after.slice(0, before.length)).toEqual(before);
      expect(after.slice(before.length)).toEqual([
        { id: expect.any(Number), operatorId: index % 2 === 0 ? o.marketing.id : adminId, action, subject, value, createdAt: o.clock() },
      ]);
    }

    const list = await ops(o, endpoints.opsChanges);
    expect(list.statusCode, list.body).toBe(200);
    const { changes } = v.parse(OpsChangesResponse, list.json());
    expect(changes.map(({ operator, action, subject, createdAt }) => ({ operator, action, subject, createdAt }))).toEqual(
      writes
        .map(([, , , action, subject], index) => ({
          operator: index % 2 === 0 ? o.marketing.phone : ADMIN.phone,
          action,
          subject,
          createdAt: new Date(o.clock().getTime() - (writes.length - 1 - index) * 60_000).toISOString(),
        }))
        .reverse(),
    );
  });

  it('lists at most 200 changes, the newest', async () => {
    const o = await opsApp();
    const start = o.clock().getTime();
    await o.db.insert(auditLog).values(
      Array.from({ length: 205 }, (_, i) => ({ operatorId: o.marketing.id, action: 'bonus.change', subject: `C${i}`, after: {}, createdAt: new Date(start + i * 1_000) })),
    );
    const { changes } = (await ops(o, endpoints.opsChanges)).json() as { changes: { subject: string }[] };
    expect(changes.length).toBe(200);
    expect([changes[0]!.subject, changes[199]!.subject]).toEqual(['C204', 'C5']);
  });

  it('writes an offer or a text only together with its audit row (one transaction)', async () => {
    const o = await opsApp();
    const nobody = { operatorId: 999_999, role: 'marketing' } as const;
    const definition = { ...WELCOME, grant: { ...WELCOME.grant }, banners: [...WELCOME.banners] };
    // The audit row's operator does not exist: its insert fails after the offer's, and both roll back.
    const before = await written(o);
    await expect(createOffer(o.db, nobody, definition, o.clock())).rejects.toThrow();
    expect(await written(o)).toEqual(before);

    await created(o, BONUS);
    const afterCreate = await written(o);
    await expect(changeOffer(o.db, nobody, 'OPS-WELCOME', { ...definition, maxReceived: 9 }, o.clock())).rejects.toThrow();
    await expect(putMemberTexts(o.db, nobody.operatorId, 'agreements', { th: [], la: [], en: ['changed'] }, o.clock())).rejects.toThrow();
    expect(await written(o)).toEqual(afterCreate);
  });
});

describe('PUT /api/ops/settings/agreements and /conditions', () => {
  it('replaces the texts members read, in the language they ask for', async () => {
    const o = await opsApp();
    const agreements = { th: ['<p>ข้อตกลง</p>'], la: ['<p>ຂໍ້ຕົກລົງ</p>'], en: ['<p>Agreement one</p>', '<p>Agreement two</p>'] };
    const conditions = { th: ['<p>เงื่อนไข</p>', '<p>สอง</p>'], la: [], en: ['<p>Condition</p>'] };
    const putAgreements = await ops(o, endpoints.opsAgreements, { texts: agreements });
    const putConditions = await ops(o, endpoints.opsConditions, { texts: conditions });
    expect([putAgreements.statusCode, putAgreements.json()]).toEqual([200, { texts: agreements }]);
    expect([putConditions.statusCode, putConditions.json()]).toEqual([200, { texts: conditions }]);
    expect(await getSetting(o.db, 'agreements')).toEqual(agreements);

    for (const [language, key] of [
      ['en', 'en'],
      ['th-TH', 'th'],
      ['lo', 'la'],
      ['la', 'la'],
    ] as const) {
      const readAgreements = await call(o.app, endpoints.lookupAgreements, undefined, { language });
      const readConditions = await call(o.app, endpoints.lookupConditions, undefined, { language });
      expect([language, readAgreements.json()]).toEqual([language, { agreements: agreements[key] }]);
      expect([language, readConditions.json()]).toEqual([language, { conditions: conditions[key] }]);
    }
  });
});

describe('the grant ceiling (offerGrantCeiling: 1,000 baht by default)', () => {
  /** A promotion code of a fixed 5,000 baht: above the ceiling. */
  const BIG = { ...PROMOTION, code: 'OPS_BIG', grant: { kind: 'fixed', amount: 5_000 }, startsAt: null, endsAt: null } as const;
  const paused = { ...BIG, status: 'paused' } as const;

  async function withFinance(o: OpsApp) {
    const phone = '0800000200';
    const token = await operatorOf(o, 'finance', phone);
    const [operator] = await o.db.select({ id: operators.id }).from(operators).where(eq(operators.phone, phone));
    const [admin] = await o.db.select({ id: operators.id }).from(operators).where(eq(operators.phone, ADMIN.phone));
    return { finance: { id: operator!.id, token }, adminId: admin!.id };
  }

  it('lets marketing write an offer above it only paused: making it active is 403 UNAUTHORIZED, with nothing written and no audit row', async () => {
    const o = await opsApp();
    const before = await written(o);
    const refused = await ops(o, endpoints.opsBonusCreate, BIG);
    expect([refused.statusCode, refused.json()]).toEqual([403, { message: 'UNAUTHORIZED' }]);
    // A percent grant is as large as its cap, whatever its percent.
    const percent = await ops(o, endpoints.opsBonusCreate, { ...BONUS, grant: { kind: 'percent', percent: 1000, cap: 1_000.01, minDeposit: 0 }, withdrawCap: null });
    expect([percent.statusCode, percent.json()]).toEqual([403, { message: 'UNAUTHORIZED' }]);
    expect(await written(o)).toEqual(before);

    const offer = await created(o, paused);
    expect(offer.status).toBe('paused');
    const afterCreate = await written(o);
    const attempts: [Endpoint, unknown, string][] = [
      [endpoints.opsBonusActive, undefined, 'OPS_BIG'],
      [endpoints.opsBonusChange, BIG, 'OPS_BIG'],
      [endpoints.opsBonusChange, { ...BIG, grant: { kind: 'fixed', amount: 1_000.01 } }, 'OPS_BIG'],
      // Raising an active offer's grant above the ceiling is making an offer above it active.
      [endpoints.opsBonusChange, { ...WELCOME, grant: { ...WELCOME.grant, cap: 2_000 } }, 'OPS-WELCOME'],
    ];
    await created(o, BONUS);
    const afterBonus = await written(o);
    expect(afterBonus.changes.length).toBe(afterCreate.changes.length + 1);
    for (const [endpoint, body, code] of attempts) {
      const response = await ops(o, endpoint, body, { code });
      expect([endpoint.path, body, response.statusCode, response.json()]).toEqual([endpoint.path, body, 403, { message: 'UNAUTHORIZED' }]);
    }
    expect(await written(o)).toEqual(afterBonus);
    expect((await rowOf(o, 'OPS_BIG'))?.status).toBe('paused');
    expect((await rowOf(o, 'OPS-WELCOME'))?.grantCap).toBe(50_000n);

    // Paused, marketing may still change it.
    const change = await ops(o, endpoints.opsBonusChange, { ...paused, quota: 5 }, { code: 'OPS_BIG' });
    expect([change.statusCode, change.json().bonus?.quota]).toEqual([200, 5]);
  });

  it('lets finance or an admin make it active; the audit row names who did; marketing may still pause it', async () => {
    const o = await opsApp();
    const { finance, adminId } = await withFinance(o);
    await created(o, paused);
    o.clock.advance(60_000);
    const activated = await call(o.app, endpoints.opsBonusActive, undefined, { token: finance.token, params: { code: 'ops_big' } });
    expect([activated.statusCode, activated.json().bonus?.status]).toEqual([200, 'active']);
    expect((await rowOf(o, 'OPS_BIG'))?.status).toBe('active');
    expect((await changesOf(o)).at(-1)).toMatchObject({ operatorId: finance.id, action: 'bonus.active', subject: 'OPS_BIG', value: { ...BIG, status: 'active' }, createdAt: o.clock() });

    // Active above the ceiling, marketing cannot write it active again (not even its texts), nor ask for it to be active.
    const before = await written(o);
    const rewrite = await ops(o, endpoints.opsBonusChange, { ...BIG, description: { th: 'ใหม่', la: 'ໃໝ່', en: 'New' } }, { code: 'OPS_BIG' });
    const resume = await ops(o, endpoints.opsBonusActive, undefined, { code: 'OPS_BIG' });
    expect([rewrite.statusCode, rewrite.json(), resume.statusCode, resume.json()]).toEqual([403, { message: 'UNAUTHORIZED' }, 403, { message: 'UNAUTHORIZED' }]);
    expect(await written(o)).toEqual(before);

    // Marketing may take it back; finance may not pause (it is not theirs), an admin may resume it.
    const pausedAgain = await ops(o, endpoints.opsBonusPaused, undefined, { code: 'OPS_BIG' });
    expect([pausedAgain.statusCode, pausedAgain.json().bonus?.status]).toEqual([200, 'paused']);
    const financePause = await call(o.app, endpoints.opsBonusPaused, undefined, { token: finance.token, params: { code: 'OPS_BIG' } });
    expect(financePause.statusCode).toBe(403);
    o.clock.advance(60_000);
    const byAdmin = await call(o.app, endpoints.opsBonusActive, undefined, { token: o.adminToken, params: { code: 'OPS_BIG' } });
    expect([byAdmin.statusCode, byAdmin.json().bonus?.status]).toEqual([200, 'active']);
    expect((await changesOf(o)).slice(-3).map((row) => [row.operatorId, row.action])).toEqual([
      [finance.id, 'bonus.active'],
      [o.marketing.id, 'bonus.paused'],
      [adminId, 'bonus.active'],
    ]);

    // An admin writes such an offer active at once, on create and on change.
    const create = await call(o.app, endpoints.opsBonusCreate, { ...BIG, code: 'OPS_BIG2' }, { token: o.adminToken });
    const put = await call(o.app, endpoints.opsBonusChange, { ...BIG, quota: 7 }, { token: o.adminToken, params: { code: 'OPS_BIG' } });
    expect([create.statusCode, create.json().bonus?.status, put.statusCode, put.json().bonus?.status]).toEqual([200, 'active', 200, 'active']);
    expect((await changesOf(o)).slice(-2).map((row) => [row.operatorId, row.action, row.subject])).toEqual([
      [adminId, 'bonus.create', 'OPS_BIG2'],
      [adminId, 'bonus.change', 'OPS_BIG'],
    ]);
  });

  it('lets marketing make active, as before, an offer at or below it', async () => {
    const o = await opsApp();
    const atCeiling = await created(o, { ...BIG, grant: { kind: 'fixed', amount: 1_000 } });
    const percent = await created(o, { ...BONUS, code: 'OPS-PCT', grant: { kind: 'percent', percent: 1000, cap: 1_000, minDeposit: 0 }, withdrawCap: null });
    expect([atCeiling.status, percent.status]).toEqual(['active', 'active']);
    await ops(o, endpoints.opsBonusPaused, undefined, { code: 'OPS_BIG' });
    const resumed = await ops(o, endpoints.opsBonusActive, undefined, { code: 'OPS_BIG' });
    expect([resumed.statusCode, resumed.json().bonus?.status]).toEqual([200, 'active']);
    const changed = await ops(o, endpoints.opsBonusChange, { ...BIG, grant: { kind: 'fixed', amount: 999.99 } }, { code: 'OPS_BIG' });
    expect([changed.statusCode, changed.json().bonus?.status]).toEqual([200, 'active']);
  });

  it('holds marketing to what one member may receive in a period and to the smallest turnover, as an attack review farmed them', async () => {
    const o = await opsApp();
    const { finance } = await withFinance(o);
    const before = await written(o);
    // The ceiling's grant, a thousand times a day, played through once: paused only.
    const farmed = { ...BONUS, code: 'OPS_FARM', type: 'day', grant: { kind: 'fixed', amount: 1_000 }, maxReceived: 1_000, turnoverMultiplier: 1 } as const;
    const attempts = [farmed, { ...farmed, turnoverMultiplier: 5 }, { ...farmed, maxReceived: 1, turnoverMultiplier: 1 }, { ...farmed, grant: { kind: 'fixed', amount: 500 }, maxReceived: 3, turnoverMultiplier: 5 }];
    for (const body of attempts) {
      const refused = await ops(o, endpoints.opsBonusCreate, body);
      expect([body, refused.statusCode, refused.json()]).toEqual([body, 403, { message: 'UNAUTHORIZED' }]);
    }
    expect(await written(o)).toEqual(before);
    // Within both bounds (a quota keeps it so), marketing makes it active.
    expect((await created(o, { ...farmed, code: 'OPS_FAIR', grant: { kind: 'fixed', amount: 500 }, maxReceived: 2, turnoverMultiplier: 2 })).status).toBe('active');
    expect((await created(o, { ...farmed, code: 'OPS_FEW', maxReceived: 1_000, quota: 1, turnoverMultiplier: 2 })).status).toBe('active');
    // Written paused, it waits for finance.
    await created(o, { ...farmed, status: 'paused' });
    expect((await ops(o, endpoints.opsBonusActive, undefined, { code: 'OPS_FARM' })).statusCode).toBe(403);
    const activated = await call(o.app, endpoints.opsBonusActive, undefined, { token: finance.token, params: { code: 'OPS_FARM' } });
    expect([activated.statusCode, activated.json().bonus?.status]).toEqual([200, 'active']);
    // The minimum is a setting, read at each write.
    await putSetting(o.db, 'offerMinTurnoverMultiplier', 1);
    expect((await created(o, { ...farmed, code: 'OPS_ONCE', maxReceived: 1 })).status).toBe('active');
  });

  it('reads the ceiling from the settings, per currency, at each write; a value that is not an amount lets marketing make nothing active', async () => {
    const o = await opsApp();
    expect(await getSetting(o.db, 'offerGrantCeiling')).toEqual(DEFAULT_SETTINGS.offerGrantCeiling);
    await putSetting(o.db, 'offerGrantCeiling', { BAHT: 499.99, LAK: 500_000 });
    const lowered = await ops(o, endpoints.opsBonusCreate, BONUS);
    expect([lowered.statusCode, lowered.json()]).toEqual([403, { message: 'UNAUTHORIZED' }]);

    await putSetting(o.db, 'offerGrantCeiling', { BAHT: 5_000, LAK: 500_000 });
    expect((await created(o, BONUS)).status).toBe('active');
    expect((await created(o, BIG)).status).toBe('active');
    // LAK offers are held to the LAK ceiling.
    const lak = { ...BIG, code: 'OPS_LAK', currency: 'LAK', grant: { kind: 'fixed', amount: 500_001 } } as const;
    const aboveLak = await ops(o, endpoints.opsBonusCreate, lak);
    expect([aboveLak.statusCode, aboveLak.json()]).toEqual([403, { message: 'UNAUTHORIZED' }]);
    expect((await created(o, { ...lak, grant: { kind: 'fixed', amount: 500_000 } })).status).toBe('active');

    // An admin's typo in the settings table (a bare number, a text) fails closed.
    for (const broken of [1_000, { BAHT: '5000', LAK: 500_000 }, { LAK: 500_000 }]) {
      await putSetting(o.db, 'offerGrantCeiling', broken as unknown as Settings['offerGrantCeiling']);
      const response = await ops(o, endpoints.opsBonusCreate, { ...PROMOTION, code: 'OPS_SMALL', startsAt: null, endsAt: null });
      expect([broken, response.statusCode, response.json()]).toEqual([broken, 403, { message: 'UNAUTHORIZED' }]);
    }
  });
});

describe('HTML written by operators', () => {
  /** Harmless markup with every dangerous part the review named (and a few more) mixed in. */
  const DIRTY = [
    '<h3>Title</h3><p>Keep <b>b</b>, <strong>strong</strong>, <i>i</i>, <em>em</em>, <u>u</u>,<br><span>span</span> and <a href="https://example.com/terms" target="_blank">a link</a>.</p>',
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(2)>',
    '<a href="javascript:alert(3)">click</a>',
    '<form action="https://evil.example/login"><p>Log in again</p><input type=password name=password><button>Go</button></form>',
    '<div style="position:fixed;inset:0;z-index:9999" class="modal" onclick="alert(4)">overlay</div>',
    '<iframe src="https://evil.example/"></iframe><object data="x.swf"></object><embed src="x.swf">',
    '<img src="/images/bonuses/welcome.svg" alt="Welcome" onload="alert(5)"><img src="https://cdn.example/a.png" alt="">',
    '<ol><li>one</li></ol><table><thead><tr><th>h</th></tr></thead><tbody><tr><td colspan="2">cell</td></tr></tbody></table>',
    '<a href="mailto:help@example.com">mail</a> <a href="tel:+6621234567">call</a>',
  ].join('');
  const CLEAN = [
    '<h3>Title</h3><p>Keep <b>b</b>, <strong>strong</strong>, <i>i</i>, <em>em</em>, <u>u</u>,<br><span>span</span> and <a href="https://example.com/terms" target="_blank" rel="noopener noreferrer">a link</a>.</p>',
    '<a rel="noopener noreferrer">click</a>',
    '<p>Log in again</p>',
    '<div>overlay</div>',
    '<img src="/images/bonuses/welcome.svg" alt="Welcome"><img src="https://cdn.example/a.png" alt="">',
    '<ol><li>one</li></ol><table><thead><tr><th>h</th></tr></thead><tbody><tr><td colspan="2">cell</td></tr></tbody></table>',
    '<a href="mailto:help@example.com" rel="noopener noreferrer">mail</a> <a href="tel:+6621234567" rel="noopener noreferrer">call</a>',
  ].join('');
  const DANGEROUS = /<script|alert|onerror|onload|onclick|javascript:|<form|<input|password|<button|style=|position|class=|<iframe|<object|<embed|src="x"/i;
  const localized = (html: string) => ({ th: html, la: html, en: html });

  it('cleans to what the allowlist keeps (the markup above), and cleaning again changes nothing', () => {
    expect(DANGEROUS.test(DIRTY)).toBe(true);
    expect(cleanHtml(DIRTY)).toBe(CLEAN);
    expect(DANGEROUS.test(CLEAN)).toBe(false);
    expect(cleanHtml(CLEAN)).toBe(CLEAN);
    // The default texts (the notice's too) are as the allowlist keeps them.
    const defaults = [...Object.values(DEFAULT_SETTINGS.agreements), ...Object.values(DEFAULT_SETTINGS.conditions), ...Object.values(DEFAULT_SETTINGS.notice)].flat();
    expect(defaults.map(cleanHtml)).toEqual(defaults);
    expect(['<a href="JaVaScRiPt&colon;alert(1)">x</a>', '<a href=" java\tscript:alert(1)">x</a>', '<a href="/login">x</a>'].map(cleanHtml)).toEqual(
      Array(3).fill('<a rel="noopener noreferrer">x</a>'),
    );
    expect(['<img src="//evil.example/a.png">', '<img src="data:image/png;base64,AAAA">', '<svg><script>alert(1)</script></svg>', '<style>p{}</style>'].map(cleanHtml)).toEqual(Array(4).fill(''));
  });

  it('stores the agreements and the conditions cleaned: the PUT, the audit row and GET /api/lookup/agreements and /conditions answer them so', async () => {
    const o = await opsApp();
    const texts = { th: [DIRTY], la: ['<p>ok</p>'], en: ['<p>first</p>', DIRTY] };
    const stored = { th: [CLEAN], la: ['<p>ok</p>'], en: ['<p>first</p>', CLEAN] };
    for (const [endpoint, read, key] of [
      [endpoints.opsAgreements, endpoints.lookupAgreements, 'agreements'],
      [endpoints.opsConditions, endpoints.lookupConditions, 'conditions'],
    ] as const) {
      const put = await ops(o, endpoint, { texts });
      expect([key, put.statusCode, put.json()]).toEqual([key, 200, { texts: stored }]);
      expect(await getSetting(o.db, key)).toEqual(stored);
      expect((await changesOf(o)).at(-1)?.value).toEqual(stored);
      const en = await call(o.app, read, undefined, { language: 'en' });
      const th = await call(o.app, read, undefined, { language: 'th' });
      expect([en.json(), th.json()]).toEqual([{ [key]: stored.en }, { [key]: stored.th }]);
      expect(DANGEROUS.test(en.body + th.body)).toBe(false);
    }
  });

  it('stores offers cleaned: GET /api/bonus (banners) and GET /api/promotion/find/{code} (description) answer them without the dangerous parts', async () => {
    const o = await opsApp();
    const bonus = await created(o, { ...BONUS, banners: [{ image: 'https://cdn.example/banner.png', html: localized(DIRTY) }], description: localized(DIRTY) });
    const promotion = await created(o, { ...PROMOTION, startsAt: null, endsAt: null, banners: [{ image: '/images/bonuses/promotion.svg', html: localized(DIRTY) }], description: localized(DIRTY) });
    for (const offer of [bonus, promotion]) {
      expect([offer.code, offer.banners.map((banner) => banner.html), offer.description]).toEqual([offer.code, [localized(CLEAN)], localized(CLEAN)]);
      expect(await rowOf(o, offer.code)).toMatchObject({ banners: offer.banners, description: localized(CLEAN) });
    }
    expect((await changesOf(o)).map((change) => (change.value as { description: unknown }).description)).toEqual([localized(CLEAN), localized(CLEAN)]);

    const member = await signedInMember(o);
    const list = await call(o.app, endpoints.bonusList, undefined, { token: member.token, language: 'en' });
    expect(list.statusCode, list.body).toBe(200);
    const listed = (list.json() as { bonuses: { code: string; banners: { image: string; html: string }[] }[] }).bonuses.find((item) => item.code === 'OPS-WELCOME');
    expect(listed?.banners).toEqual([{ image: 'https://cdn.example/banner.png', html: CLEAN }]);
    const found = await call(o.app, endpoints.promotionFind, undefined, { token: member.token, language: 'th', params: { code: 'OPS_FREE50' } });
    expect([found.statusCode, found.json()]).toEqual([200, { code: 'OPS_FREE50', percentFail: PROMOTION.percentFail, description: CLEAN }]);
    expect(DANGEROUS.test(list.body + found.body)).toBe(false);

    // A change is cleaned too.
    const change = await ops(o, endpoints.opsBonusChange, { ...PROMOTION, startsAt: null, endsAt: null, description: { th: '<p onclick="x()">new</p><script>1</script>', la: 'ok', en: DIRTY } }, { code: 'OPS_FREE50' });
    expect([change.statusCode, change.json().bonus?.description]).toEqual([200, { th: '<p>new</p>', la: 'ok', en: CLEAN }]);
  });

  it('refuses, 400 KEY_INVALID and nothing written, a text that cleaning makes longer than the contract allows', async () => {
    const o = await opsApp();
    const before = await written(o);
    const long = '&'.repeat(20_000);
    expect(cleanHtml(long).length).toBeGreaterThan(20_000);
    const offer = await ops(o, endpoints.opsBonusCreate, { ...BONUS, description: { ...BONUS.description, en: long } });
    const text = await ops(o, endpoints.opsConditions, { texts: { th: [long], la: [], en: [] } });
    expect([offer.statusCode, offer.json(), text.statusCode, text.json()]).toEqual([400, { message: 'KEY_INVALID' }, 400, { message: 'KEY_INVALID' }]);
    expect(await written(o)).toEqual(before);
  });
});

describe('the offer rules', () => {
  const percent = (cap: bigint) => ({ kind: 'percent' as const, percent: 100, cap, minDeposit: 0n });
  const fixed = (amount: bigint) => ({ kind: 'fixed' as const, amount });

  it('needs a percent grant capped at 0.01 or more', () => {
    expect([percentCapError(percent(0n)), percentCapError(percent(1n)), percentCapError(fixed(0n))]).toEqual(['KEY_INVALID', null, null]);
  });

  it('keeps a withdrawal cap at or above what the bonus credits', () => {
    expect([withdrawCapError(percent(500n), 499n), withdrawCapError(percent(500n), 500n), withdrawCapError(fixed(500n), null)]).toEqual(['KEY_INVALID', null, null]);
    expect([withdrawCapError(fixed(500n), 499n), withdrawCapError(fixed(500n), 501n)]).toEqual(['KEY_INVALID', null]);
  });

  it('keeps the end threshold below what the bonus credits', () => {
    expect([endThresholdError(percent(500n), 500n), endThresholdError(percent(500n), 499n), endThresholdError(fixed(1n), 0n)]).toEqual(['KEY_INVALID', null, null]);
  });

  /** A bonus received once a period, played through twice, with no quota; its bounds a ceiling of 1,000 and a turnover of at least 2. */
  const once = (
    grant: ReturnType<typeof fixed> | ReturnType<typeof percent>,
    more: { kind?: 'bonus' | 'promotion'; maxReceived?: number; quota?: number | null; turnoverMultiplier?: number } = {},
  ) => ({
    kind: 'bonus' as const,
    grant,
    maxReceived: 1,
    quota: null,
    turnoverMultiplier: 2,
    ...more,
  });
  const bounds = { ceiling: 100_000n, minTurnoverMultiplier: 2 };

  it('makes an offer above the ceiling active by finance or an admin only', () => {
    const roles = ['marketing', 'finance', 'admin', 'support'] as const;
    expect(roles.map((role) => ceilingError(once(fixed(100_001n)), 'active', bounds, role))).toEqual(['UNAUTHORIZED', null, null, 'UNAUTHORIZED']);
    expect(roles.map((role) => ceilingError(once(percent(100_001n)), 'paused', bounds, role))).toEqual([null, null, null, null]);
    expect([ceilingError(once(fixed(100_000n)), 'active', bounds, 'marketing'), ceilingError(once(percent(100_000n)), 'active', bounds, 'marketing')]).toEqual([null, null]);
    expect([ceilingError(once(percent(100_001n)), 'active', bounds, 'marketing')]).toEqual(['UNAUTHORIZED']);
  });

  it('counts what one member may receive in a period against the ceiling: the grant times the receipts, at most the quota', () => {
    expect([
      memberExposure(once(fixed(100_000n), { maxReceived: 1_000 })),
      memberExposure(once(percent(50_000n), { maxReceived: 2 })),
      memberExposure(once(fixed(100_000n), { maxReceived: 1_000, quota: 3 })),
      memberExposure(once(fixed(7n), { maxReceived: 5, quota: 100 })),
      // A member receives a promotion code once.
      memberExposure(once(fixed(100_000n), { kind: 'promotion', maxReceived: 1_000 })),
    ]).toEqual([100_000_000n, 100_000n, 300_000n, 35n, 100_000n]);
    // The farmed offer of an attack review: the ceiling's grant, 1,000 receipts a day.
    expect(ceilingError(once(fixed(100_000n), { maxReceived: 1_000 }), 'active', bounds, 'marketing')).toBe('UNAUTHORIZED');
    expect(ceilingError(once(fixed(50_000n), { maxReceived: 2 }), 'active', bounds, 'marketing')).toBeNull();
    expect(ceilingError(once(fixed(50_000n), { maxReceived: 3 }), 'active', bounds, 'marketing')).toBe('UNAUTHORIZED');
    expect(ceilingError(once(fixed(50_000n), { maxReceived: 3, quota: 2 }), 'active', bounds, 'marketing')).toBeNull();
  });

  it('counts a turnover below the minimum as above the bounds, and reads a minimum that is not a number as none allowed', () => {
    expect(['marketing', 'finance'].map((role) => ceilingError(once(fixed(1n), { turnoverMultiplier: 1 }), 'active', bounds, role as OperatorRole))).toEqual(['UNAUTHORIZED', null]);
    expect(ceilingError(once(fixed(1n), { turnoverMultiplier: 2 }), 'active', bounds, 'marketing')).toBeNull();
    const ceiling = { BAHT: 1_000, LAK: 500_000 };
    expect(boundsOf({ offerGrantCeiling: ceiling, offerMinTurnoverMultiplier: 3 }, 'LAK')).toEqual({ ceiling: 50_000_000n, minTurnoverMultiplier: 3 });
    const broken = [null, undefined, '2', Number.NaN] as unknown as number[];
    expect(broken.map((minimum) => boundsOf({ offerGrantCeiling: ceiling, offerMinTurnoverMultiplier: minimum }, 'BAHT').minTurnoverMultiplier)).toEqual(
      Array(broken.length).fill(Number.POSITIVE_INFINITY),
    );
    expect(ceilingError(once(fixed(1n), { turnoverMultiplier: 100 }), 'active', { ceiling: 100_000n, minTurnoverMultiplier: Number.POSITIVE_INFINITY }, 'marketing')).toBe('UNAUTHORIZED');
  });

  it('reads the ceiling per currency in minor units, failing closed', () => {
    expect([perCurrencyAmount({ BAHT: 1_000, LAK: 500_000 }, 'BAHT'), perCurrencyAmount({ BAHT: 1_000, LAK: 500_000 }, 'LAK'), perCurrencyAmount({ BAHT: 0.29, LAK: 1 }, 'BAHT')]).toEqual([
      100_000n,
      50_000_000n,
      29n,
    ]);
    const broken = [null, undefined, 1_000, { BAHT: '1000' }, { BAHT: -1 }, { BAHT: Number.NaN }, { LAK: 1 }] as unknown as Settings['offerGrantCeiling'][];
    expect(broken.map((setting) => perCurrencyAmount(setting, 'BAHT'))).toEqual(Array(broken.length).fill(0n));
  });

  it('takes banner images of http(s) or of this site only', () => {
    expect(['/images/a.svg', 'https://cdn.example/a.png', 'http://cdn.example/a.png'].map(bannerImageError)).toEqual([null, null, null]);
    const refused = ['javascript:alert(1)', 'data:image/png;base64,AAAA', '//evil.example/a.png', '/\\evil.example/a.png', 'images/a.png', 'ftp://x.example/a', 'https://', '', ' /a.png'];
    expect(refused.map(bannerImageError)).toEqual(Array(refused.length).fill('KEY_INVALID'));
    expect(isImageUrl('/a b.png')).toBe(false);
  });

  it('reads times as instants', () => {
    expect(['2026-02-28T00:00:00Z', '2028-02-29T23:59:59.999+07:00', null].map(instantError)).toEqual([null, null, null]);
    expect(['2026-02-29T00:00:00Z', '2026-04-31T00:00:00Z', '2026-03-01T10:00:00+07', 'soon'].map(instantError)).toEqual(Array(4).fill('KEY_INVALID'));
    expect([windowError('2026-03-01T10:00:00+07:00', '2026-03-01T05:00:00Z'), windowError('2026-03-01T05:00:00Z', '2026-03-01T10:00:00+07:00')]).toEqual([
      null,
      'KEY_INVALID',
    ]);
    expect([windowError(null, '2026-03-01T05:00:00Z'), windowError('2026-03-01T05:00:00Z', '2026-03-01T05:00:00.000Z')]).toEqual([null, 'KEY_INVALID']);
  });
});
