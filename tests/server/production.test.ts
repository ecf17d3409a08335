/**
 * Production mode (NODE_ENV=production) against the attacks an outside
 * review made on the app started with the README's defaults: a payment
 * webhook signed with the secret in the source credited a QR of 1,000,000,
 * a voucher made with the same secret credited 50,000,000, and the
 * simulators were always on. In production nothing in the source is a key,
 * and the simulators are not there at all.
 */
import { describe, expect, it, vi } from 'vitest';
import { endpoints } from '../../src/contract/endpoints.ts';
import { toMinor } from '../../src/contract/money.ts';
import { loadConfig } from '../../src/server/config.ts';
import { eq } from 'drizzle-orm';
import { bonuses, operators, payments, trueLinks, wheels } from '../../src/server/db/schema.ts';
import { DEFAULT_SETTINGS, DEMO_REWARD_SETTINGS, DEMO_WHEEL } from '../../src/server/db/seed-data.ts';
import { getSettings } from '../../src/server/repositories/settings.ts';
import { changeWheel } from '../../src/server/rewards/rewards-ops.ts';
import { seed } from '../../src/server/db/seed.ts';
import { checkLedger } from '../../src/server/ledger/check.ts';
import { PaymentSimulator, simulatorLookupPayload, simulatorQrPath } from '../../src/server/payments/simulator.ts';
import { giftLink, simulatedVoucher } from '../../src/server/payments/truemoney.ts';
import { signedHeaders } from '../../src/server/payments/webhook.ts';
import { findUserByPhone } from '../../src/server/repositories/users.ts';
import { buildTestApp } from './helpers/app.ts';
import { createQr, encrypt, injectTransport, simulatorFor } from './helpers/deposits.ts';
import { call } from './helpers/http.ts';
import { login, signedInMember } from './helpers/members.ts';
import { operatorToken } from './helpers/operators.ts';
import { ledgerSnapshot } from './helpers/money.ts';
import { PRODUCTION_ENV, productionOverrides, REAL_WEBHOOK_SECRET } from './helpers/production.ts';

/** The development default of PAYMENT_WEBHOOK_SECRET: anyone who reads the source has it. */
const SOURCE_SECRET = loadConfig({}).paymentWebhookSecret;

async function productionApp() {
  const t = await buildTestApp(productionOverrides());
  const member = await signedInMember(t);
  return { t, member };
}

function voucherLink(secret: string, phone: string, amount: number): string {
  return encrypt(giftLink(simulatedVoucher(secret, phone, toMinor(amount))));
}

describe('production mode', () => {
  it('does not start with the payment secret that is in the source, and a webhook forged with it credits nothing', async () => {
    const { PAYMENT_WEBHOOK_SECRET: _unset, ...withoutSecret } = PRODUCTION_ENV;
    expect(() => loadConfig(withoutSecret)).toThrow(/^Invalid configuration: PAYMENT_WEBHOOK_SECRET /);
    expect(() => loadConfig({ ...PRODUCTION_ENV, PAYMENT_WEBHOOK_SECRET: SOURCE_SECRET })).toThrow(/^Invalid configuration: PAYMENT_WEBHOOK_SECRET /);

    const { t, member } = await productionApp();
    const huge = await call(t.app, endpoints.qrCreate, { amount: 1_000_000 }, { token: member.token, params: { bankCode: 'KBANK' } });
    expect([huge.statusCode, huge.json()]).toEqual([400, { message: 'QR_FAIL' }]);
    const qr = await createQr(t, member.token, 'KBANK', 500);
    const before = await ledgerSnapshot(t.db);

    const sourceSecrets = { KBANK: SOURCE_SECRET, WW: SOURCE_SECRET, E2P: SOURCE_SECRET };
    const forger = new PaymentSimulator({ paymentWebhookSecret: SOURCE_SECRET, paymentWebhookSecrets: sourceSecrets }, injectTransport(t), t.clock);
    for (const amount of [1_000_000, 500]) {
      const response = await forger.pay({ provider: 'KBANK', qrcodeId: qr.qrcodeId, amount });
      expect([amount, response.status, JSON.parse(response.body)]).toEqual([amount, 401, { message: 'UNAUTHORIZED' }]);
    }

    expect(await ledgerSnapshot(t.db)).toEqual(before);
    expect(await t.db.select().from(payments)).toEqual([]);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('has no voucher simulator: a voucher made with the source’s secret, or even with the server’s own, credits nothing', async () => {
    const { t, member } = await productionApp();
    const before = await ledgerSnapshot(t.db);

    for (const secret of [SOURCE_SECRET, REAL_WEBHOOK_SECRET]) {
      const response = await call(t.app, endpoints.trueLink, { link: voucherLink(secret, member.phone, 50_000_000) }, { token: member.token });
      expect([response.statusCode, response.json()]).toEqual([404, { message: 'NO_DATA' }]);
    }

    expect(await ledgerSnapshot(t.db)).toEqual(before);
    expect(await t.db.select().from(trueLinks)).toEqual([]);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('answers 404 on the simulator’s QR lookup, even signed with the server’s own secret', async () => {
    const { t, member } = await productionApp();
    const qr = await createQr(t, member.token, 'KBANK', 100);
    const path = simulatorQrPath(qr.qrcodeId);

    const response = await t.app.inject({ method: 'GET', url: path, headers: signedHeaders(REAL_WEBHOOK_SECRET, simulatorLookupPayload(path), t.clock()) });

    expect([response.statusCode, response.json()]).toEqual([404, { message: 'NO_DATA' }]);
  });

  it('keeps a payment above the maximum for review even when the provider really signed it', async () => {
    const { t, member } = await productionApp();
    const qr = await createQr(t, member.token, 'KBANK', 500);
    const before = await ledgerSnapshot(t.db);

    const response = await simulatorFor(t).pay({ provider: 'KBANK', qrcodeId: qr.qrcodeId, amount: 1_000_000 });

    expect([response.status, JSON.parse(response.body).status]).toEqual([200, 'review']);
    expect(await t.db.select({ reason: payments.reason }).from(payments)).toEqual([{ reason: 'ABOVE_MAXIMUM' }]);
    expect(await ledgerSnapshot(t.db)).toEqual(before);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('seeds no demo member and no demo offers', async () => {
    const { t } = await productionApp();

    expect(await findUserByPhone(t.db, t.config.demo.phone)).toBeUndefined();
    expect(await t.db.select().from(bonuses)).toEqual([]);
  });

  it('pauses the demo offers of a database that ran in demo mode, unless an operator changed them', async () => {
    const t = await buildTestApp();
    const production = { ...t.config, ...productionOverrides() };
    await t.db.update(bonuses).set({ updatedAt: new Date(t.clock().getTime() + 1) }).where(eq(bonuses.code, 'DAILY10'));
    const token = await login(t, t.config.demo.phone, t.config.demo.password);
    await call(t.app, endpoints.changePassword, { oldPassword: t.config.demo.password, newPassword: 'a-password-of-its-own' }, { token });

    await seed(t.db, production, t.clock);
    const statuses = Object.fromEntries((await t.db.select({ code: bonuses.code, status: bonuses.status }).from(bonuses)).map((row) => [row.code, row.status]));
    expect(statuses).toEqual({ WELCOME100: 'paused', DAILY10: 'active', WEEKLY20: 'paused', MEKONG50: 'paused' });
  });

  it('seeds no prize wheel and leaves the invite, the refund, the coins and the banners off', async () => {
    const { t } = await productionApp();

    expect(await t.db.select().from(wheels)).toEqual([]);
    const rewards = await getSettings(t.db, 'invite', 'refund', 'wheelCoins', 'inviteBanners', 'refundBanners');
    expect(rewards).toEqual({
      invite: DEFAULT_SETTINGS.invite,
      refund: DEFAULT_SETTINGS.refund,
      wheelCoins: DEFAULT_SETTINGS.wheelCoins,
      inviteBanners: [],
      refundBanners: [],
    });
    expect([rewards.invite.active, rewards.refund.active, rewards.wheelCoins]).toEqual([false, false, { BAHT: 0, LAK: 0 }]);
  });

  it('deactivates the demo wheel and switches off the demo’s invite and refund settings of a database that ran in demo mode', async () => {
    const t = await buildTestApp();
    const production = { ...t.config, ...productionOverrides() };
    const token = await login(t, t.config.demo.phone, t.config.demo.password);
    await call(t.app, endpoints.changePassword, { oldPassword: t.config.demo.password, newPassword: 'a-password-of-its-own' }, { token });
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => undefined);

    await seed(t.db, production, t.clock);
    await seed(t.db, production, t.clock);

    expect((await t.db.select({ active: wheels.active }).from(wheels))).toEqual([{ active: false }]);
    expect(await getSettings(t.db, 'invite', 'refund')).toEqual({ invite: { ...DEMO_REWARD_SETTINGS.invite, active: false }, refund: { ...DEMO_REWARD_SETTINGS.refund, active: false } });
    const said = warnings.mock.calls.map(([line]) => String(line));
    warnings.mockRestore();
    expect(said.filter((line) => line.includes('prize wheel'))).toHaveLength(1);
    expect(said.filter((line) => line.includes("Switched off the demo's invite"))).toHaveLength(1);
    expect(said.filter((line) => line.includes("Switched off the demo's refund"))).toHaveLength(1);
  });

  it('keeps the invite setting an operator wrote on, the demo’s numbers included', async () => {
    const t = await buildTestApp({ operator: { phone: '0800000001', password: 'operator-secret' } });
    const production = { ...t.config, ...productionOverrides() };
    const token = await login(t, t.config.demo.phone, t.config.demo.password);
    await call(t.app, endpoints.changePassword, { oldPassword: t.config.demo.password, newPassword: 'a-password-of-its-own' }, { token });
    const marketing = await operatorToken(t, 'marketing', '0800000502');
    const chosen = await call(t.app, endpoints.opsInvite, DEMO_REWARD_SETTINGS.invite, { token: marketing });
    expect(chosen.statusCode, chosen.body).toBe(200);

    await seed(t.db, production, t.clock);

    expect(await getSettings(t.db, 'invite', 'refund')).toEqual({ invite: DEMO_REWARD_SETTINGS.invite, refund: { ...DEMO_REWARD_SETTINGS.refund, active: false } });
  });

  it('keeps a wheel an operator wrote active when a demo database starts in production', async () => {
    const t = await buildTestApp({ operator: { phone: '0800000001', password: 'operator-secret' } });
    const production = { ...t.config, ...productionOverrides() };
    const token = await login(t, t.config.demo.phone, t.config.demo.password);
    await call(t.app, endpoints.changePassword, { oldPassword: t.config.demo.password, newPassword: 'a-password-of-its-own' }, { token });
    const [operator] = await t.db.select({ id: operators.id }).from(operators);
    await changeWheel(t.db, { operatorId: operator!.id, role: 'admin' }, DEMO_WHEEL, { BAHT: 100, LAK: 20_000 }, t.clock());

    await seed(t.db, production, t.clock);

    const rows = await t.db.select({ active: wheels.active, replaced: wheels.replacedAt, createdBy: wheels.createdBy }).from(wheels).orderBy(wheels.id);
    expect(rows).toEqual([
      { active: true, replaced: t.clock(), createdBy: null },
      { active: true, replaced: null, createdBy: operator!.id },
    ]);
  });

  it('does not start on a database whose demo member still has the password from the source', async () => {
    const t = await buildTestApp();
    const production = { ...t.config, ...productionOverrides() };

    await expect(seed(t.db, production, t.clock)).rejects.toThrow(/holds the demo member \(phone 0812345678\) with the password from the source code/);

    const token = await login(t, t.config.demo.phone, t.config.demo.password);
    const changed = await call(t.app, endpoints.changePassword, { oldPassword: t.config.demo.password, newPassword: 'a-password-of-its-own' }, { token });
    expect(changed.statusCode, changed.body).toBe(200);
    await expect(seed(t.db, production, t.clock)).resolves.toBeNull();
  });
});
