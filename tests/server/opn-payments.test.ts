/**
 * QR deposits through Opn Payments (PAYMENT_PROVIDER=opn) against the local
 * fake of Opn's API (src/server/payments/opn-fake.ts), which checks every
 * request as Opn's documentation describes it: the KBANK QR is a PromptPay
 * charge, its webhook only names a charge that is retrieved before anything
 * is credited, each charge is credited once, and expiry and cancel follow
 * the charge.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import { endpoints } from '../../src/contract/endpoints.ts';
import { ConfigError, FAKE_OPN_SECRET_KEY, loadConfig, type Config } from '../../src/server/config.ts';
import { depositQrCodes, ledgerTransfers, payments } from '../../src/server/db/schema.ts';
import { insertQr } from '../../src/server/repositories/qr-codes.ts';
import { markChargePaid, startFakeOpn, type FakeOpnOptions } from '../../src/server/payments/opn-fake.ts';
import { opnClient } from '../../src/server/payments/opn.ts';
import { DEFAULT_IP_LIMITS, DEFAULT_LOGINS_GLOBAL, OPN_CHARGE_CHECK_BATCH, OPN_CHARGE_CHECK_INTERVAL_MS, OPN_CHARGE_CHECK_MIN_AGE_MS } from '../../src/server/policy.ts';
import { testClock } from './helpers/app.ts';
import { createQr, simulatorFor } from './helpers/deposits.ts';
import { call } from './helpers/http.ts';
import { buildMoneyApp, checkLedgerAfterEach, ledgerSnapshot, memberWithMoney, userIdOf, walletOf, type MoneyApp } from './helpers/money.ts';
import { PRODUCTION_ENV } from './helpers/production.ts';
import { handTicker } from '../support/hand-ticker.ts';

checkLedgerAfterEach();

/** An app with Opn switched on against a fake of its own; the client's warnings and errors are collected. */
async function opnApp(fakeOptions: FakeOpnOptions = {}, { timeoutMs = 5_000, config = {} as Partial<Config> } = {}) {
  const clock = testClock();
  const fake = await startFakeOpn({ clock, ...fakeOptions });
  onTestFinished(() => fake.close());
  const lines: string[] = [];
  const log = { warn: (_: object, line: string) => void lines.push(line), error: (_: object, line: string) => void lines.push(line) };
  const credentials = { secretKey: FAKE_OPN_SECRET_KEY, apiUrl: fake.baseUrl };
  // No waiting between retries: the test counts the tries instead.
  const opn = opnClient({ ...credentials, timeoutMs, clock, log, sleep: async () => {} });
  const ticker = handTicker();
  const m = await buildMoneyApp({ paymentProvider: 'opn', opn: credentials, logLevel: 'info', ...config }, { clock, opn, jobTicker: ticker });
  await m.app.ready();
  return { m, fake, lines, ticker, opn };
}

async function memberWithOpnQr(m: MoneyApp, amount = 250) {
  const member = await memberWithMoney(m, { wallet: 10 });
  const qr = await createQr(m, member.token, 'KBANK', amount);
  const [row] = await m.db.select().from(depositQrCodes).where(eq(depositQrCodes.id, Number(qr.qrcodeId)));
  return { member, qr, chargeId: row!.chargeId! };
}

/** A `charge.complete` event as Opn posts it; `data` is whatever the sender claims. */
function completeEvent(data: object) {
  return JSON.stringify({ object: 'event', id: 'evnt_test_5x1753qdm0bdrsbru', key: 'charge.complete', created_at: '2026-03-02T03:00:00Z', data });
}

function postHook(m: MoneyApp, body: string, remoteAddress = '127.0.0.1') {
  return m.app.inject({ method: 'POST', url: '/api/hooks/payments/opn', headers: { 'content-type': 'application/json' }, payload: body, remoteAddress });
}

/** Opn's plain acknowledgement of an event it took, whatever became of it. */
const TAKEN = { message: 'SUCCESS' };

async function paymentOf(m: MoneyApp, chargeId: string) {
  const [payment] = await m.db.select().from(payments).where(eq(payments.transactionId, chargeId));
  return payment;
}

async function qrRow(m: MoneyApp, qrcodeId: string) {
  const [row] = await m.db.select().from(depositQrCodes).where(eq(depositQrCodes.id, Number(qrcodeId)));
  return row!;
}

describe('QR deposits through Opn Payments', () => {
  it('makes the KBANK QR a PromptPay charge and shows the QR read from its picture, framed as before', async () => {
    const { m, fake } = await opnApp();
    const { qr, chargeId } = await memberWithOpnQr(m, 250.5);
    // Basic auth with the secret key, satang, thb, source[type]=promptpay: the fake refuses anything else.
    expect(fake.refused).toEqual([]);
    expect(fake.requests).toEqual(['POST /charges', `GET /charges/${chargeId}/documents/qrcode.svg`]);
    expect(fake.charge(chargeId)).toMatchObject({ amount: 25_050, status: 'pending' });
    expect(qr.payload).toBe(fake.charge(chargeId)!.payload);
    expect(qr).toMatchObject({ amount: 250.5, receiverName: 'MEKONG WALLET CO LTD', expireIn: 15 * 60 });
    expect((await call(m.app, endpoints.qrGet, undefined, { token: (await memberWithMoney(m)).token, params: { bankCode: 'KBANK' } })).json().hasQrcode).toBe(false);
  });

  it('takes the QR text from raw_data when the charge answers it, without downloading the picture', async () => {
    const { m, fake } = await opnApp({ rawData: true });
    const { qr, chargeId } = await memberWithOpnQr(m);
    expect(fake.requests).toEqual(['POST /charges']);
    expect(qr.payload).toBe(fake.charge(chargeId)!.payload);
  });

  it('offers only the KBANK QR while Opn is on: the lookup leaves WW and E2P out and refuses a QR on them', async () => {
    const { m } = await opnApp();
    const member = await memberWithMoney(m);
    const lookup = (await call(m.app, endpoints.lookupDeposit, undefined, { token: member.token })).json();
    const codes = lookup.banks.map((bank: { bankCode: string }) => bank.bankCode);
    expect(codes).toContain('KBANK');
    expect(codes).not.toContain('WW');
    expect(codes).not.toContain('E2P');
    const refused = await call(m.app, endpoints.qrCreate, { amount: 100 }, { token: member.token, params: { bankCode: 'WW' } });
    expect([refused.statusCode, refused.json()]).toEqual([400, { message: 'QR_FAIL' }]);
  });

  it('credits a paid charge once, after retrieving it, however often and however fast the webhook arrives', async () => {
    const { m, fake } = await opnApp();
    const { member, qr, chargeId } = await memberWithOpnQr(m);
    fake.setStatus(chargeId, 'successful');
    const body = completeEvent({ object: 'charge', id: chargeId });
    const answers = await Promise.all([postHook(m, body), postHook(m, body)]);
    const asked = fake.requests.filter((request) => request === `GET /charges/${chargeId}`).length;
    const again = await postHook(m, body);
    // A plain acknowledgement: no payment id or status of ours goes to whoever posted.
    for (const answer of [...answers, again]) expect([answer.statusCode, answer.json()]).toEqual([200, TAKEN]);
    expect(await m.db.select().from(payments)).toHaveLength(1);
    // Retrieved before crediting; once recorded, the charge is settled and Opn is not asked again.
    expect(asked).toBeGreaterThanOrEqual(1);
    expect(fake.requests.filter((request) => request === `GET /charges/${chargeId}`)).toHaveLength(asked);

    expect((await walletOf(m, member.token)).wallet).toBe(260);
    expect((await qrRow(m, qr.qrcodeId)).status).toBe('paid');
    const [payment] = await m.db.select().from(payments);
    expect(payment).toMatchObject({ provider: 'opn', transactionId: chargeId, qrCodeId: Number(qr.qrcodeId), amount: 25_000n, status: 'credited' });
    const [transfer] = await m.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.id, payment!.transferId!));
    expect(transfer).toMatchObject({ kind: 'deposit', amount: 25_000n, idempotencyKey: `payment:opn:${chargeId}` });
  });

  it('never credits on the webhook’s word: a body claiming a successful charge of another amount is checked against Opn', async () => {
    const { m, fake } = await opnApp();
    const { member, chargeId } = await memberWithOpnQr(m);
    const forged = completeEvent({ object: 'charge', id: chargeId, status: 'successful', paid: true, amount: 9_999_900, currency: 'THB' });
    const before = await ledgerSnapshot(m.db);
    // Opn says the charge is still pending: nothing happens.
    expect((await postHook(m, forged)).json()).toEqual(TAKEN);
    expect(await ledgerSnapshot(m.db)).toEqual(before);
    expect(await m.db.select().from(payments)).toEqual([]);
    // Paid at Opn: the amount credited is Opn's, not the body's.
    fake.setStatus(chargeId, 'successful');
    expect((await postHook(m, forged)).json()).toEqual(TAKEN);
    expect(await paymentOf(m, chargeId)).toMatchObject({ status: 'credited', amount: 25_000n });
    expect((await walletOf(m, member.token)).wallet).toBe(260);
  });

  it('ignores a charge that is no QR of ours without asking Opn, and a charge Opn does not know, answering as for ours; refuses a body that is no event; acknowledges other events', async () => {
    const { m, fake } = await opnApp();
    const { qr } = await memberWithOpnQr(m);
    const asked = fake.requests.length;
    // Made-up ids, of Opn's form or not: answered from our own QRs, with no call to Opn.
    for (let i = 0; i < 150; i++) {
      const unknown = await postHook(m, completeEvent({ object: 'charge', id: `chrg_test_${String(i).padStart(19, '0')}` }));
      expect([unknown.statusCode, unknown.json()]).toEqual([200, TAKEN]);
    }
    for (const body of ['not json', JSON.stringify({ key: 'charge.complete' }), completeEvent({ object: 'charge', id: '../../account' }), completeEvent({ object: 'charge', id: 'chrg' })]) {
      expect((await postHook(m, body)).statusCode).toBe(400);
    }
    const other = JSON.stringify({ object: 'event', key: 'charge.create', data: { object: 'charge', id: 'chrg_test_0000000000000000000' } });
    expect((await postHook(m, other)).json()).toEqual(TAKEN);
    expect(fake.requests.length).toBe(asked);

    // A QR of ours whose charge Opn does not know: asked once, ignored.
    const ghost = 'chrg_test_5x1753qdm0bdrsbrughost';
    await m.db.update(depositQrCodes).set({ chargeId: ghost }).where(eq(depositQrCodes.id, Number(qr.qrcodeId)));
    const refused = await postHook(m, completeEvent({ object: 'charge', id: ghost }));
    expect([refused.statusCode, refused.json()]).toEqual([200, TAKEN]);
    expect(fake.requests.slice(asked)).toEqual([`GET /charges/${ghost}`]);
    expect(await m.db.select().from(payments)).toEqual([]);
  });

  it('limits the webhook per client address: after the limit 429 REQUEST_LIMIT, before anything else is done', async () => {
    const opnWebhooks = { max: 3, windowMs: 60_000 };
    const { m, fake } = await opnApp({}, { config: { limits: { perIp: { ...DEFAULT_IP_LIMITS, opnWebhooks }, loginsGlobal: DEFAULT_LOGINS_GLOBAL } } });
    const { member, chargeId } = await memberWithOpnQr(m);
    fake.setStatus(chargeId, 'successful');
    const asked = fake.requests.length;
    const forged = completeEvent({ object: 'charge', id: 'chrg_test_0000000000000000000' });
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push((await postHook(m, forged, '203.0.113.7')).statusCode);
    expect(answers).toEqual([200, 200, 200, 429]);
    const limited = await postHook(m, completeEvent({ object: 'charge', id: chargeId }), '203.0.113.7');
    expect([limited.statusCode, limited.json(), Number(limited.headers['retry-after']) > 0]).toEqual([429, { message: 'REQUEST_LIMIT' }, true]);
    expect(fake.requests.length).toBe(asked);
    expect(await m.db.select().from(payments)).toEqual([]);
    // Another address (Opn's own) is not held up; after the window the first one is let in again.
    expect((await postHook(m, completeEvent({ object: 'charge', id: chargeId }), '198.51.100.9')).json()).toEqual(TAKEN);
    expect((await walletOf(m, member.token)).wallet).toBe(260);
    m.clock.advance(60_000);
    expect((await postHook(m, forged, '203.0.113.7')).statusCode).toBe(200);
  });

  it('expires the QR when Opn says its charge expired or failed, and credits nothing', async () => {
    const { m, fake } = await opnApp();
    for (const status of ['expired', 'failed'] as const) {
      const { qr, chargeId } = await memberWithOpnQr(m);
      fake.setStatus(chargeId, status);
      expect((await postHook(m, completeEvent({ object: 'charge', id: chargeId }))).json()).toEqual(TAKEN);
      expect((await qrRow(m, qr.qrcodeId)).status).toBe('expired');
    }
    expect(await m.db.select().from(payments)).toEqual([]);
  });

  it('has Opn expire the charge when the member cancels the QR or replaces it with a new one', async () => {
    const { m, fake } = await opnApp();
    const { member, qr, chargeId } = await memberWithOpnQr(m);
    const next = await createQr(m, member.token, 'KBANK', 300);
    expect(fake.charge(chargeId)!.status).toBe('expired');
    const nextCharge = (await qrRow(m, next.qrcodeId)).chargeId!;
    expect((await call(m.app, endpoints.qrCancel, undefined, { token: member.token, params: { qrcodeId: next.qrcodeId } })).statusCode).toBe(200);
    expect(fake.charge(nextCharge)!.status).toBe('expired');
    expect((await qrRow(m, qr.qrcodeId)).status).toBe('replaced');
  });

  it('credits a charge paid after the countdown ran out (Opn still took it), and keeps one paid after a cancel for review', async () => {
    const { m, fake, lines } = await opnApp();
    const late = await memberWithOpnQr(m);
    m.clock.advance(16 * 60_000);
    fake.setStatus(late.chargeId, 'successful');
    expect((await postHook(m, completeEvent({ object: 'charge', id: late.chargeId }))).json()).toEqual(TAKEN);
    expect(await paymentOf(m, late.chargeId)).toMatchObject({ status: 'credited' });
    expect((await walletOf(m, late.member.token)).wallet).toBe(260);

    const cancelled = await memberWithOpnQr(m);
    // Opn is unreachable while the member cancels, so the charge stays payable there.
    fake.mode('down');
    expect((await call(m.app, endpoints.qrCancel, undefined, { token: cancelled.member.token, params: { qrcodeId: cancelled.qr.qrcodeId } })).statusCode).toBe(200);
    fake.mode('normal');
    fake.setStatus(cancelled.chargeId, 'successful');
    expect((await postHook(m, completeEvent({ object: 'charge', id: cancelled.chargeId }))).json()).toEqual(TAKEN);
    expect(await paymentOf(m, cancelled.chargeId)).toMatchObject({ reason: 'QR_NOT_OPEN', status: 'review' });
    expect((await walletOf(m, cancelled.member.token)).wallet).toBe(10);
    expect(lines.some((line) => line.includes(`POST /charges/${cancelled.chargeId}/expire answered 503`))).toBe(true);
  });

  it('keeps for review, as CHARGE_QR, a payment the KBANK webhook reports for a QR that is an Opn charge', async () => {
    const { m, fake } = await opnApp();
    const { member, qr } = await memberWithOpnQr(m);
    const asked = fake.requests.length;
    const response = await simulatorFor(m).pay({ provider: 'KBANK', qrcodeId: qr.qrcodeId, amount: 250, transactionId: 'KB-ON-OPN' });
    expect([response.status, JSON.parse(response.body).status]).toEqual([200, 'review']);
    const [payment] = await m.db.select().from(payments);
    expect(payment).toMatchObject({ provider: 'KBANK', transactionId: 'KB-ON-OPN', reason: 'CHARGE_QR', status: 'review', qrCodeId: Number(qr.qrcodeId) });
    expect((await qrRow(m, qr.qrcodeId)).status).toBe('open');
    expect((await walletOf(m, member.token)).wallet).toBe(10);
    expect(fake.requests.length).toBe(asked);
  });

  it('pays through the fake as a new user would: Opn’s test-mode mark_as_paid sends the webhook over HTTP, which credits once', async () => {
    const { m, fake } = await opnApp();
    const address = await m.app.listen({ port: 0, host: '127.0.0.1' });
    fake.webhookTo(`${address}/api/hooks/payments/opn`);
    const { member, chargeId } = await memberWithOpnQr(m);
    expect(await markChargePaid(fake.baseUrl, FAKE_OPN_SECRET_KEY, chargeId)).toEqual({ status: 'successful', webhook: 200 });
    expect(await markChargePaid(fake.baseUrl, FAKE_OPN_SECRET_KEY, chargeId)).toMatchObject({ status: 'refused' });
    expect(await fake.sendComplete(chargeId)).toBe(200);
    expect((await walletOf(m, member.token)).wallet).toBe(260);
    expect(await m.db.select().from(payments)).toHaveLength(1);
  });
});

describe('Opn unreachable or slow', () => {
  it('answers QR_FAIL when Opn is down, retries only reads, and answers the webhook 503 so Opn sends it again', async () => {
    const { m, fake, lines } = await opnApp();
    const { member, chargeId } = await memberWithOpnQr(m);
    fake.mode('down');
    const refused = await call(m.app, endpoints.qrCreate, { amount: 100 }, { token: member.token, params: { bankCode: 'KBANK' } });
    expect([refused.statusCode, refused.json()]).toEqual([502, { message: 'QR_FAIL' }]);
    // The create was tried once (a second try could make a second charge).
    expect(fake.requests.filter((request) => request === 'POST /charges')).toHaveLength(2);
    const hook = await postHook(m, completeEvent({ object: 'charge', id: chargeId }));
    expect(hook.statusCode).toBe(503);
    // The read was tried three times.
    expect(fake.requests.filter((request) => request === `GET /charges/${chargeId}`)).toHaveLength(3);
    expect(await m.db.select().from(payments)).toEqual([]);
    expect(lines.join('\n')).not.toContain(FAKE_OPN_SECRET_KEY);
  });

  it('opens the circuit after five failures in a row: calls fail fast without reaching Opn, say so in the log, and close again once Opn answers', async () => {
    const { m, fake, lines } = await opnApp();
    const { chargeId } = await memberWithOpnQr(m);
    fake.mode('down');
    const body = completeEvent({ object: 'charge', id: chargeId });
    await postHook(m, body);
    await postHook(m, body);
    expect(lines.some((line) => line.includes('circuit open after 5 failures in a row'))).toBe(true);
    const reached = fake.requests.length;
    expect((await postHook(m, body)).statusCode).toBe(503);
    expect(fake.requests.length).toBe(reached);
    fake.mode('normal');
    fake.setStatus(chargeId, 'successful');
    m.clock.advance(31_000);
    expect((await postHook(m, body)).json()).toEqual(TAKEN);
    expect(await paymentOf(m, chargeId)).toMatchObject({ status: 'credited' });
    expect(lines.some((line) => line.includes('circuit closed'))).toBe(true);
  });

  it('keeps the webhook’s breaker apart: a flood that opens it leaves members’ QR creation working', async () => {
    const { m, fake, lines } = await opnApp();
    const { member, chargeId } = await memberWithOpnQr(m);
    fake.mode('down');
    const body = completeEvent({ object: 'charge', id: chargeId });
    for (let i = 0; i < 3; i++) expect((await postHook(m, body)).statusCode).toBe(503);
    expect(lines.some((line) => line.includes('opn (webhook): circuit open after'))).toBe(true);
    fake.mode('normal');
    // Opn answers again, but the webhook's breaker still fails fast; QR creation, under its own, reaches Opn at once.
    const reached = fake.requests.length;
    expect((await postHook(m, body)).statusCode).toBe(503);
    expect(fake.requests.length).toBe(reached);
    const created = await call(m.app, endpoints.qrCreate, { amount: 300 }, { token: member.token, params: { bankCode: 'KBANK' } });
    expect([created.statusCode, created.json().hasQrcode]).toEqual([200, true]);
    expect(fake.requests.slice(reached)[0]).toBe('POST /charges');
  });

  it('answers a charge already credited from the database, without asking Opn, also while Opn is down', async () => {
    const { m, fake } = await opnApp();
    const { chargeId } = await memberWithOpnQr(m);
    fake.setStatus(chargeId, 'successful');
    const body = completeEvent({ object: 'charge', id: chargeId });
    expect((await postHook(m, body)).json()).toEqual(TAKEN);
    expect((await paymentOf(m, chargeId))?.status).toBe('credited');
    const reached = fake.requests.length;
    fake.mode('down');
    for (let i = 0; i < 8; i++) expect((await postHook(m, body)).json()).toEqual(TAKEN);
    expect(fake.requests.length).toBe(reached);
  });

  it('keeps the check job’s reads apart from the webhook’s breaker: a flood that opens it leaves the job crediting', async () => {
    const { m, fake, ticker, lines } = await opnApp();
    const { chargeId } = await memberWithOpnQr(m);
    fake.mode('down');
    for (let i = 0; i < 3; i++) expect((await postHook(m, completeEvent({ object: 'charge', id: chargeId }))).statusCode).toBe(503);
    expect(lines.some((line) => line.includes('opn (webhook): circuit open after'))).toBe(true);
    fake.mode('normal');
    fake.setStatus(chargeId, 'successful');
    m.clock.advance(OPN_CHARGE_CHECK_MIN_AGE_MS);
    await ticker.tick(CHECK);
    expect((await paymentOf(m, chargeId))?.status).toBe('credited');
  });

  it('gives up on a call that does not answer within its timeout', async () => {
    const { m, fake } = await opnApp({}, { timeoutMs: 100 });
    const member = await memberWithMoney(m);
    fake.mode('hang');
    const refused = await call(m.app, endpoints.qrCreate, { amount: 100 }, { token: member.token, params: { bankCode: 'KBANK' } });
    expect([refused.statusCode, refused.json()]).toEqual([502, { message: 'QR_FAIL' }]);
  });
});

const CHECK = 'check-opn-charges';

/** The app's log lines (JSON) whose message is `msg`. */
function logged(m: MoneyApp, msg: string) {
  return m.logs.map((line) => JSON.parse(line) as { msg: string } & Record<string, unknown>).filter((line) => line.msg === msg);
}

/** Milliseconds from the app's clock to the start of the check's next interval (0150 counts intervals from 1970). */
const toNextInterval = (m: MoneyApp) => OPN_CHARGE_CHECK_INTERVAL_MS - (m.clock().getTime() % OPN_CHARGE_CHECK_INTERVAL_MS);

const gets = (fake: { requests: readonly string[] }) => fake.requests.filter((request) => request.startsWith('GET /charges/') && !request.endsWith('.svg'));

describe('the check of Opn charges a webhook never reported', () => {
  it('credits a paid charge whose webhook never came, once, and only after the webhook’s minute', async () => {
    const { m, fake, ticker } = await opnApp();
    const { member, qr, chargeId } = await memberWithOpnQr(m);
    fake.setStatus(chargeId, 'successful');
    await ticker.tick(CHECK);
    // Too young: left to the webhook.
    expect(gets(fake)).toEqual([]);
    m.clock.advance(OPN_CHARGE_CHECK_MIN_AGE_MS);
    await ticker.tick(CHECK);
    // The next interval's run (a tick within the same interval runs nothing, 0150).
    m.clock.advance(OPN_CHARGE_CHECK_INTERVAL_MS);
    await ticker.tick(CHECK);
    // Asked once: a recorded charge is not asked about again.
    expect(gets(fake)).toEqual([`GET /charges/${chargeId}`]);
    expect(await paymentOf(m, chargeId)).toMatchObject({ status: 'credited', amount: 25_000n, qrCodeId: Number(qr.qrcodeId) });
    expect((await walletOf(m, member.token)).wallet).toBe(260);
    expect((await qrRow(m, qr.qrcodeId)).status).toBe('paid');
    expect(logged(m, 'opn charge credited by the check (no webhook had reported it)')).toMatchObject([{ chargeId, qrId: Number(qr.qrcodeId) }]);
    expect(logged(m, 'opn charge check done')).toMatchObject([{ found: 1, checked: 1, credited: 1, stopped: false }]);
    expect(m.logs.join('\n')).not.toContain(FAKE_OPN_SECRET_KEY);
  });

  it('credits once when a run and two webhooks settle the same charge at once', async () => {
    const { m, fake, ticker } = await opnApp();
    const { member, chargeId } = await memberWithOpnQr(m);
    m.clock.advance(OPN_CHARGE_CHECK_MIN_AGE_MS);
    fake.setStatus(chargeId, 'successful');
    const body = completeEvent({ object: 'charge', id: chargeId });
    // Opn answers none of the three until all three have asked: each has found the charge not yet recorded.
    const hold = fake.holdChargeReads();
    const settling = Promise.all([ticker.tick(CHECK), postHook(m, body), postHook(m, body)]);
    await hold.reached(3);
    hold.release();
    const [, first, second] = await settling;
    expect([first!.json(), second!.json()]).toEqual([TAKEN, TAKEN]);
    expect(gets(fake)).toEqual(Array(3).fill(`GET /charges/${chargeId}`));
    expect(await m.db.select().from(payments)).toHaveLength(1);
    expect(await m.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.idempotencyKey, `payment:opn:${chargeId}`))).toHaveLength(1);
    expect((await walletOf(m, member.token)).wallet).toBe(260);
    // The run checked the charge and credited it only if it came first (the QR row's lock decides): its count and its line agree.
    const [done, ...more] = logged(m, 'opn charge check done');
    expect(more).toEqual([]);
    expect(done).toMatchObject({ found: 1, checked: 1, review: 0, expired: 0, stopped: false });
    expect(logged(m, 'opn charge credited by the check (no webhook had reported it)')).toHaveLength(done!.credited as number);
    expect(m.logs.join('\n')).not.toContain('opn charge not checked');
  });

  it('leaves a pending charge open, expires the QR of a charge Opn expired, and asks again about one that ran out here', async () => {
    const { m, fake, ticker } = await opnApp();
    const pending = await memberWithOpnQr(m);
    const closed = await memberWithOpnQr(m);
    fake.setStatus(closed.chargeId, 'expired');
    m.clock.advance(OPN_CHARGE_CHECK_MIN_AGE_MS);
    await ticker.tick(CHECK);
    expect((await qrRow(m, pending.qr.qrcodeId)).status).toBe('open');
    expect((await qrRow(m, closed.qr.qrcodeId)).status).toBe('expired');
    expect(logged(m, 'opn charge check done')).toMatchObject([{ checked: 2, credited: 0, expired: 1 }]);
    // Expired on Opn's word: not asked again. Our countdown ends (15 minutes) and Opn is paid just then: still credited.
    m.clock.advance(15 * 60_000);
    fake.setStatus(pending.chargeId, 'successful');
    await ticker.tick(CHECK);
    expect(gets(fake).filter((request) => request.endsWith(closed.chargeId))).toHaveLength(1);
    expect(await paymentOf(m, pending.chargeId)).toMatchObject({ status: 'credited' });
    expect(await m.db.select().from(payments)).toHaveLength(1);
    expect((await walletOf(m, pending.member.token)).wallet).toBe(260);
  });

  it('is not scheduled when Opn is off', async () => {
    const ticker = handTicker();
    const m = await buildMoneyApp({}, { jobTicker: ticker });
    await m.app.ready();
    expect(m.app.opn).toBeNull();
    expect(ticker.schedules.map(({ name }) => name)).not.toContain(CHECK);
    await expect(ticker.tick(CHECK)).rejects.toThrow(`no job named ${CHECK}`);
  });

  it('stops a run when Opn is unavailable, makes no call while its breaker is open, and never fails the job', async () => {
    const { m, fake, ticker } = await opnApp();
    const first = await memberWithOpnQr(m);
    await memberWithOpnQr(m);
    m.clock.advance(OPN_CHARGE_CHECK_MIN_AGE_MS);
    fake.mode('down');
    await ticker.tick(CHECK);
    // The oldest charge, tried three times; the other not asked.
    expect(gets(fake)).toEqual(Array(3).fill(`GET /charges/${first.chargeId}`));
    // A run late in the next interval (a job runs once per interval, 0150) opens the breaker;
    // the run of the interval after, 10 s later, is within the breaker's 30 s.
    m.clock.advance(toNextInterval(m) + OPN_CHARGE_CHECK_INTERVAL_MS - 10_000);
    await ticker.tick(CHECK);
    const reached = fake.requests.length;
    m.clock.advance(toNextInterval(m));
    await ticker.tick(CHECK);
    expect(fake.requests.length).toBe(reached);
    expect(logged(m, 'opn charge check done').map((line) => line.stopped)).toEqual([true, true, true]);
    expect(logged(m, `job ${CHECK} failed`)).toEqual([]);
    expect(await m.db.select().from(payments)).toEqual([]);
  });

  it('asks about at most a batch of charges per run, the oldest first', async () => {
    const { m, fake, ticker, opn } = await opnApp();
    const member = await memberWithMoney(m);
    const userId = await userIdOf(m.db, member.phone);
    const charges: string[] = [];
    for (let i = 0; i <= OPN_CHARGE_CHECK_BATCH; i++) {
      const charge = await opn.createPromptPayCharge(10_000n);
      charges.push(charge.id);
      // QRs whose countdown has just ended, one a second: each still asked about.
      const at = new Date(m.clock().getTime() + i * 1000);
      const qr = await insertQr(m.db, { userId, provider: 'KBANK', amount: 10_000n, currency: 'BAHT', payload: 'x', createdAt: at, expiresAt: at, chargeId: charge.id });
      await m.db.update(depositQrCodes).set({ status: 'expired', closedAt: at }).where(eq(depositQrCodes.id, qr.id));
    }
    m.clock.advance(OPN_CHARGE_CHECK_MIN_AGE_MS + (OPN_CHARGE_CHECK_BATCH + 1) * 1000);
    await ticker.tick(CHECK);
    expect(gets(fake)).toEqual(charges.slice(0, OPN_CHARGE_CHECK_BATCH).map((id) => `GET /charges/${id}`));
  });
});

describe('configuration of Opn', () => {
  const opnEnv = { PAYMENT_PROVIDER: 'opn', OMISE_SECRET_KEY: 'skey_5x1753qdm0bdrsbrugdfake' };

  it('needs the secret key when switched on, in demo mode and in production', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'opn' })).toThrow(new ConfigError('Invalid configuration: OMISE_SECRET_KEY must be set when PAYMENT_PROVIDER is "opn"'));
    expect(() => loadConfig({ ...PRODUCTION_ENV, PAYMENT_PROVIDER: 'opn' })).toThrow(/OMISE_SECRET_KEY must be set/);
    expect(loadConfig({ ...opnEnv }).opn).toEqual({ secretKey: opnEnv.OMISE_SECRET_KEY, apiUrl: 'https://api.omise.co' });
    expect(loadConfig({}).opn).toBeNull();
  });

  it('refuses the fake in production: its key, any test key, and a plain-http API address', () => {
    expect(() => loadConfig({ ...PRODUCTION_ENV, PAYMENT_PROVIDER: 'opn', OMISE_SECRET_KEY: FAKE_OPN_SECRET_KEY })).toThrow(/OMISE_SECRET_KEY must not be a value from the source code/);
    expect(() => loadConfig({ ...PRODUCTION_ENV, PAYMENT_PROVIDER: 'opn', OMISE_SECRET_KEY: 'skey_test_5x1753qdm0bdrsbrugd' })).toThrow(/must be a live key/);
    for (const url of ['http://127.0.0.1:4010', 'https://127.0.0.1:4010', 'https://localhost', 'https://[::ffff:127.0.0.1]', 'https://0.0.0.0']) {
      expect(() => loadConfig({ ...PRODUCTION_ENV, ...opnEnv, OMISE_API_URL: url }), url).toThrow(/OMISE_API_URL must be Opn's https:\/\/ address/);
    }
    expect(loadConfig({ ...PRODUCTION_ENV, ...opnEnv }).opn?.apiUrl).toBe('https://api.omise.co');
  });

  it('never echoes the key in an error line', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'opn', OMISE_SECRET_KEY: 'pkey_not-a-secret-key' })).toThrow(/OMISE_SECRET_KEY must be "skey_" and letters or digits \(got 21 characters\)/);
  });
});
