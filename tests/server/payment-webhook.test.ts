/**
 * The payment webhook POST /api/hooks/payments/{provider}: signed over the
 * raw body, credited once per provider transaction and only for an open QR
 * of that provider with its amount; every other payment kept for review;
 * forged, stale and replayed calls credit nothing.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { endpoints } from '../../src/contract/endpoints.ts';
import { buildApp } from '../../src/server/app.ts';
import { ConfigError, loadConfig } from '../../src/server/config.ts';
import { depositQrCodes, ledgerTransfers, payments } from '../../src/server/db/schema.ts';
import { PaymentSimulator } from '../../src/server/payments/simulator.ts';
import { signature, signedHeaders } from '../../src/server/payments/webhook.ts';
import { putSetting } from '../../src/server/repositories/settings.ts';
import type { TestApp } from './helpers/app.ts';
import { createQr, injectTransport, simulatorFor } from './helpers/deposits.ts';
import { call } from './helpers/http.ts';
import { buildMoneyApp, checkLedgerAfterEach, ledgerSnapshot, memberWithMoney, walletOf, type MoneyApp } from './helpers/money.ts';

checkLedgerAfterEach();

async function qrStatus(t: TestApp, qrcodeId: string) {
  const [row] = await t.db.select({ status: depositQrCodes.status }).from(depositQrCodes).where(eq(depositQrCodes.id, Number(qrcodeId)));
  return row?.status;
}

/** Posts bytes to the webhook as a provider would, with the given headers. */
function postHook(t: TestApp, provider: string, body: string, headers: Record<string, string>) {
  return t.app.inject({ method: 'POST', url: `/api/hooks/payments/${provider}`, headers: { 'content-type': 'application/json', ...headers }, payload: body });
}

async function memberWithQr(m: MoneyApp, amount = 250) {
  const member = await memberWithMoney(m, { wallet: 10 });
  const qr = await createQr(m, member.token, 'KBANK', amount);
  return { member, qr };
}

describe('POST /api/hooks/payments/{provider}', () => {
  it('credits the wallet for a signed payment of an open QR, once, and marks the QR paid', async () => {
    const m = await buildMoneyApp();
    const { member, qr } = await memberWithQr(m, 250.5);
    const response = await simulatorFor(m).pay({ provider: 'KBANK', qrcodeId: qr.qrcodeId, amount: 250.5, transactionId: 'KB-0001' });
    expect(response.status, response.body).toBe(200);
    const answer = JSON.parse(response.body);
    expect(answer).toEqual({ message: 'SUCCESS', paymentId: expect.stringMatching(/^\d+$/), status: 'credited' });

    expect((await walletOf(m, member.token)).wallet).toBe(260.5);
    expect(await qrStatus(m, qr.qrcodeId)).toBe('paid');
    const [payment] = await m.db.select().from(payments);
    expect(payment).toMatchObject({ provider: 'KBANK', transactionId: 'KB-0001', qrCodeId: Number(qr.qrcodeId), userId: member.userId, amount: 25_050n, status: 'credited', reason: null });
    const [transfer] = await m.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.id, payment!.transferId!));
    expect(transfer).toMatchObject({ kind: 'deposit', amount: 25_050n, idempotencyKey: 'payment:KBANK:KB-0001', phase: 'posted' });

    // The statement shows the deposit (spec 2: SUCCESS).
    const statement = (await call(m.app, endpoints.statement, { page: 1, limit: 10 }, { token: member.token })).json();
    expect(statement.statements[0]).toMatchObject({ statementType: 'deposit', amount: 250.5, status: 'SUCCESS' });
  });

  it('answers a replayed transaction with its first outcome and credits nothing more', async () => {
    const m = await buildMoneyApp();
    const { member, qr } = await memberWithQr(m);
    const simulator = simulatorFor(m);
    const first = await simulator.pay({ provider: 'KBANK', qrcodeId: qr.qrcodeId, amount: 250, transactionId: 'KB-REPLAY' });
    const before = await ledgerSnapshot(m.db);
    m.clock.advance(60_000);
    for (const amount of [250, 999]) {
      const again = await simulator.pay({ provider: 'KBANK', qrcodeId: qr.qrcodeId, amount, transactionId: 'KB-REPLAY' });
      expect([again.status, JSON.parse(again.body)]).toEqual([200, JSON.parse(first.body)]);
    }
    expect(await ledgerSnapshot(m.db)).toEqual(before);
    expect(await m.db.select().from(payments)).toHaveLength(1);
    expect((await walletOf(m, member.token)).wallet).toBe(260);
  });

  it('verifies the raw bytes: any JSON layout the provider signed passes, and one changed byte fails', async () => {
    const m = await buildMoneyApp();
    const { member, qr } = await memberWithQr(m);
    const secret = m.config.paymentWebhookSecrets.KBANK;
    const body = `{\n  "paidAt": "${m.clock().toISOString()}",\n  "amount": 250.00,\n  "qrcodeId": "${qr.qrcodeId}",\n  "transactionId": "KB-RAW"\n}`;
    const forged = body.replace('250.00', '250.01');
    expect((await postHook(m, 'KBANK', forged, signedHeaders(secret, body, m.clock(), 'KBANK'))).statusCode).toBe(401);
    const response = await postHook(m, 'KBANK', body, signedHeaders(secret, body, m.clock(), 'KBANK'));
    expect(response.statusCode, response.body).toBe(200);
    expect((await walletOf(m, member.token)).wallet).toBe(260);
  });

  it('refuses forged, unsigned, stale and future calls with 401 UNAUTHORIZED and records nothing', async () => {
    const m = await buildMoneyApp();
    const { qr } = await memberWithQr(m);
    const secret = m.config.paymentWebhookSecrets.KBANK;
    const body = JSON.stringify({ transactionId: 'KB-FORGED', qrcodeId: qr.qrcodeId, amount: 250, paidAt: m.clock().toISOString() });
    const now = m.clock();
    const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);
    const timestamp = String(Math.floor(now.getTime() / 1000));
    const before = await ledgerSnapshot(m.db);
    const attempts: Record<string, Record<string, string>> = {
      'no headers': {},
      'no signature': { 'x-timestamp': timestamp },
      'no timestamp': { 'x-signature': signature(secret, timestamp, body, 'KBANK') },
      'another secret': signedHeaders('someone-elses-secret-value', body, now, 'KBANK'),
      'a guessed secret': signedHeaders('x'.repeat(20), body, now, 'KBANK'),
      'signature of another body': signedHeaders(secret, `${body} `, now, 'KBANK'),
      'malformed signature': { 'x-timestamp': timestamp, 'x-signature': 'zz' },
      'malformed timestamp': { 'x-timestamp': '17e8', 'x-signature': signature(secret, '17e8', body, 'KBANK') },
      'older than 5 minutes': signedHeaders(secret, body, at(-5 * 60_000 - 1_000), 'KBANK'),
      'in the future': signedHeaders(secret, body, at(60_000), 'KBANK'),
      // Replayed from another provider's path (they may share a secret), or signed for none.
      'signed for another provider': signedHeaders(secret, body, now, 'WW'),
      'signed for no provider': signedHeaders(secret, body, now),
    };
    for (const [name, headers] of Object.entries(attempts)) {
      const response = await postHook(m, 'KBANK', body, headers);
      expect([name, response.statusCode, response.json()]).toEqual([name, 401, { message: 'UNAUTHORIZED' }]);
    }
    // Within the window on both sides: accepted.
    expect((await postHook(m, 'KBANK', body, signedHeaders(secret, body, at(-4 * 60_000), 'KBANK'))).statusCode).toBe(200);
    expect(await m.db.select().from(payments)).toHaveLength(1);
    expect(await ledgerSnapshot(m.db)).not.toEqual(before);
  });

  it('uses each provider’s own secret', async () => {
    const m = await buildMoneyApp();
    const { qr } = await memberWithQr(m);
    const body = JSON.stringify({ transactionId: 'WW-1', qrcodeId: qr.qrcodeId, amount: 250, paidAt: m.clock().toISOString() });
    const withKbankSecret = signedHeaders(m.config.paymentWebhookSecrets.KBANK, body, m.clock(), 'WW');
    const own = { ...m.config, paymentWebhookSecrets: { ...m.config.paymentWebhookSecrets, WW: 'ww-secret-of-its-own-123' } };
    await m.app.close();
    const app = await buildApp({ config: own, db: m.db, clock: m.clock });
    try {
      const refused = await app.inject({ method: 'POST', url: '/api/hooks/payments/WW', headers: { 'content-type': 'application/json', ...withKbankSecret }, payload: body });
      expect(refused.statusCode).toBe(401);
      const signed = signedHeaders('ww-secret-of-its-own-123', body, m.clock(), 'WW');
      const accepted = await app.inject({ method: 'POST', url: '/api/hooks/payments/WW', headers: { 'content-type': 'application/json', ...signed }, payload: body });
      // The QR is KBANK's: accepted and kept for review.
      expect([accepted.statusCode, accepted.json().status]).toEqual([200, 'review']);
    } finally {
      await app.close();
    }
  });

  it('keeps payments it cannot credit for review, with a reason, and credits nothing', async () => {
    const m = await buildMoneyApp();
    const member = await memberWithMoney(m, { wallet: 10 });
    const simulator = simulatorFor(m);
    const replaced = await createQr(m, member.token, 'KBANK', 100);
    const open = await createQr(m, member.token, 'KBANK', 200);
    const cancelled = await createQr(m, member.token, 'E2P', 300);
    await call(m.app, endpoints.qrCancel, undefined, { token: member.token, params: { qrcodeId: cancelled.qrcodeId } });
    const expiring = await createQr(m, member.token, 'WW', 400);
    const before = await ledgerSnapshot(m.db);
    m.clock.advance(15 * 60_000);
    const late = await simulator.pay({ provider: 'WW', qrcodeId: expiring.qrcodeId, amount: 400, transactionId: 'T-LATE' });
    m.clock.advance(-15 * 60_000 + 1);
    const cases = [
      { provider: 'KBANK', qrcodeId: '987654', amount: 100, reason: 'UNKNOWN_QR' },
      { provider: 'KBANK', qrcodeId: '99999999999999999', amount: 100, reason: 'UNKNOWN_QR' },
      { provider: 'WW', qrcodeId: open.qrcodeId, amount: 200, reason: 'OTHER_PROVIDER' },
      { provider: 'KBANK', qrcodeId: replaced.qrcodeId, amount: 100, reason: 'QR_NOT_OPEN' },
      { provider: 'E2P', qrcodeId: cancelled.qrcodeId, amount: 300, reason: 'QR_NOT_OPEN' },
      { provider: 'KBANK', qrcodeId: open.qrcodeId, amount: 200.01, reason: 'AMOUNT_MISMATCH' },
    ] as const;
    for (const [index, payment] of cases.entries()) {
      const response = await simulator.pay({ ...payment, transactionId: `T-${index}` });
      expect([payment.reason, response.status, JSON.parse(response.body).status]).toEqual([payment.reason, 200, 'review']);
    }
    expect([late.status, JSON.parse(late.body).status]).toEqual([200, 'review']);
    expect(await ledgerSnapshot(m.db)).toEqual(before);
    const kept = await m.db.select().from(payments).orderBy(payments.id);
    expect(kept.map((row) => [row.transactionId, row.status, row.reason])).toEqual([
      ['T-LATE', 'review', 'QR_EXPIRED'],
      ...cases.map((payment, index) => [`T-${index}`, 'review', payment.reason]),
    ]);
    expect(kept[0]).toMatchObject({ userId: member.userId, qrCodeId: Number(expiring.qrcodeId), amount: 40_000n, transferId: null });
    expect(kept[1]).toMatchObject({ userId: null, qrCodeId: null });
    expect(await qrStatus(m, expiring.qrcodeId)).toBe('expired');
    expect(await qrStatus(m, open.qrcodeId)).toBe('open');
  });

  it('keeps a payment above qrMaximum for review (ABOVE_MAXIMUM), even one that pays its QR exactly', async () => {
    const m = await buildMoneyApp();
    const { member, qr } = await memberWithQr(m, 250);
    const simulator = simulatorFor(m);
    const before = await ledgerSnapshot(m.db);
    const huge = await simulator.pay({ provider: 'KBANK', qrcodeId: qr.qrcodeId, amount: 1_000_000, transactionId: 'KB-HUGE' });
    expect([huge.status, JSON.parse(huge.body).status]).toEqual([200, 'review']);
    // An operator lowers the maximum below a QR that is already open.
    await putSetting(m.db, 'qrMaximum', 200);
    const exact = await simulator.pay({ provider: 'KBANK', qrcodeId: qr.qrcodeId, amount: 250, transactionId: 'KB-EXACT' });
    expect([exact.status, JSON.parse(exact.body).status]).toEqual([200, 'review']);

    expect(await ledgerSnapshot(m.db)).toEqual(before);
    const kept = await m.db.select().from(payments).orderBy(payments.id);
    expect(kept.map((row) => [row.transactionId, row.status, row.reason, row.transferId])).toEqual([
      ['KB-HUGE', 'review', 'ABOVE_MAXIMUM', null],
      ['KB-EXACT', 'review', 'ABOVE_MAXIMUM', null],
    ]);
    expect(await qrStatus(m, qr.qrcodeId)).toBe('open');
    expect((await walletOf(m, member.token)).wallet).toBe(10);
  });

  it('keeps a second payment for a paid QR for review', async () => {
    const m = await buildMoneyApp();
    const { member, qr } = await memberWithQr(m);
    const simulator = simulatorFor(m);
    await simulator.pay({ provider: 'KBANK', qrcodeId: qr.qrcodeId, amount: 250, transactionId: 'T-1' });
    const second = await simulator.pay({ provider: 'KBANK', qrcodeId: qr.qrcodeId, amount: 250, transactionId: 'T-2' });
    expect(JSON.parse(second.body).status).toBe('review');
    expect((await walletOf(m, member.token)).wallet).toBe(260);
  });

  it('answers 404 NO_DATA for an unknown provider and 400 KEY_INVALID for a signed body that is not a payment', async () => {
    const m = await buildMoneyApp();
    const secret = m.config.paymentWebhookSecrets.KBANK;
    const unknown = await postHook(m, 'SCB', '{}', signedHeaders(secret, '{}', m.clock(), 'KBANK'));
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { message: 'NO_DATA' }]);
    for (const body of ['not json', '[]', '{}', JSON.stringify({ transactionId: 'x', qrcodeId: '1', amount: -1, paidAt: m.clock().toISOString() })]) {
      const response = await postHook(m, 'KBANK', body, signedHeaders(secret, body, m.clock(), 'KBANK'));
      expect([body, response.statusCode, response.json()]).toEqual([body, 400, { message: 'KEY_INVALID' }]);
    }
    expect(await m.db.select().from(payments)).toEqual([]);
  });

  it('credits once when two copies of one webhook arrive at once', async () => {
    const m = await buildMoneyApp();
    const { member, qr } = await memberWithQr(m);
    const simulator = simulatorFor(m);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => simulator.pay({ provider: 'KBANK', qrcodeId: qr.qrcodeId, amount: 250, transactionId: 'KB-RACE' })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(JSON.parse(answers[0]!.body).status).toBe('credited');
    expect(await m.db.select().from(payments)).toHaveLength(1);
    expect(await m.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.idempotencyKey, 'payment:KBANK:KB-RACE'))).toHaveLength(1);
    expect((await walletOf(m, member.token)).wallet).toBe(260);
  });

  it('credits one of two different payments racing for one QR and keeps the other for review', async () => {
    const m = await buildMoneyApp();
    const { member, qr } = await memberWithQr(m);
    const simulator = simulatorFor(m);
    const answers = await Promise.all(
      ['KB-A', 'KB-B', 'KB-C'].map((transactionId) => simulator.pay({ provider: 'KBANK', qrcodeId: qr.qrcodeId, amount: 250, transactionId })),
    );
    expect(answers.map((answer) => JSON.parse(answer.body).status).sort()).toEqual(['credited', 'review', 'review']);
    expect((await walletOf(m, member.token)).wallet).toBe(260);
  });
});

describe('GET /api/hooks/simulator/qrcodes/{id}', () => {
  it('tells the simulator a QR’s provider and amount when signed, and nothing otherwise', async () => {
    const m = await buildMoneyApp();
    const { qr } = await memberWithQr(m, 75.5);
    expect(await simulatorFor(m).lookUp(qr.qrcodeId)).toEqual({ qrcodeId: qr.qrcodeId, provider: 'KBANK', amount: 75.5, status: 'open' });
    expect(await simulatorFor(m).lookUp('424242')).toBeNull();
    const forged = new PaymentSimulator({ ...m.config, paymentWebhookSecret: 'a-guessed-secret-value' }, injectTransport(m), m.clock);
    await expect(forged.lookUp(qr.qrcodeId)).rejects.toThrow(/401/);
    const unsigned = await m.app.inject({ method: 'GET', url: `/api/hooks/simulator/qrcodes/${qr.qrcodeId}` });
    expect([unsigned.statusCode, unsigned.json()]).toEqual([401, { message: 'UNAUTHORIZED' }]);
  });
});

describe('PAYMENT_WEBHOOK_SECRET', () => {
  it('is every provider’s secret unless PAYMENT_WEBHOOK_SECRET_<PROVIDER> names one, and must be 16-256 characters', () => {
    const shared = 's'.repeat(16);
    const config = loadConfig({ PAYMENT_WEBHOOK_SECRET: shared, PAYMENT_WEBHOOK_SECRET_WW: 'w'.repeat(40) });
    expect(config.paymentWebhookSecret).toBe(shared);
    expect(config.paymentWebhookSecrets).toEqual({ KBANK: shared, WW: 'w'.repeat(40), E2P: shared });
    const defaults = loadConfig({});
    expect(new Set(Object.values(defaults.paymentWebhookSecrets))).toEqual(new Set([defaults.paymentWebhookSecret]));
    expect(() => loadConfig({ PAYMENT_WEBHOOK_SECRET: 'too-short' })).toThrow('PAYMENT_WEBHOOK_SECRET must be 16 to 256 characters (got 9 characters)');
    expect(() => loadConfig({ PAYMENT_WEBHOOK_SECRET_E2P: 'short' })).toThrow(ConfigError);
  });
});
