/**
 * The operator's payment review: payments the webhook kept for review are
 * listed, credited once (to the QR's member, or to a member the operator
 * names when no QR names one) or dismissed. Operators only.
 */
import { describe, expect, it } from 'vitest';
import { endpoints } from '../../src/contract/endpoints.ts';
import { createQr, simulatorFor } from './helpers/deposits.ts';
import { call } from './helpers/http.ts';
import { buildMoneyApp, checkLedgerAfterEach, ledgerSnapshot, memberWithMoney, walletOf, type MoneyApp } from './helpers/money.ts';

checkLedgerAfterEach();

const asOperator = (m: MoneyApp, id: string) => ({ token: m.operatorToken, params: { id } });

/** A payment of `amount` on KBANK for the QR id, kept or credited by the webhook; answers its id. */
async function pay(m: MoneyApp, qrcodeId: string, amount: number, transactionId: string): Promise<string> {
  const response = await simulatorFor(m).pay({ provider: 'KBANK', qrcodeId, amount, transactionId });
  expect(response.status, response.body).toBe(200);
  return JSON.parse(response.body).paymentId;
}

async function list(m: MoneyApp, status?: string) {
  const response = await call(m.app, endpoints.opsPayments, undefined, { token: m.operatorToken, ...(status && { query: { status } }) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().payments as { id: string; status: string; reason: string | null }[];
}

describe('GET /api/ops/payments', () => {
  it('lists payments waiting for review oldest first, and others by status', async () => {
    const m = await buildMoneyApp();
    const member = await memberWithMoney(m);
    const qr = await createQr(m, member.token, 'KBANK', 100);
    const mismatch = await pay(m, qr.qrcodeId, 99, 'T-1');
    const unknown = await pay(m, '123456', 50, 'T-2');
    const credited = await pay(m, qr.qrcodeId, 100, 'T-3');
    const review = await list(m);
    expect(review.map((payment) => payment.id)).toEqual([mismatch, unknown]);
    expect(review[0]).toEqual({
      id: mismatch,
      provider: 'KBANK',
      transactionId: 'T-1',
      qrcodeId: qr.qrcodeId,
      username: member.phone,
      amount: 99,
      status: 'review',
      reason: 'AMOUNT_MISMATCH',
      paidAt: m.clock().toISOString(),
      receivedAt: m.clock().toISOString(),
      resolvedAt: null,
    });
    expect(review[1]).toMatchObject({ qrcodeId: null, username: null, reason: 'UNKNOWN_QR' });
    expect((await list(m, 'credited')).map((payment) => payment.id)).toEqual([credited]);
    const bad = await call(m.app, endpoints.opsPayments, undefined, { token: m.operatorToken, query: { status: 'paid' } });
    expect([bad.statusCode, bad.json()]).toEqual([400, { message: 'KEY_INVALID' }]);
  });

  it('is for operators only: a member gets 403 UNAUTHORIZED', async () => {
    const m = await buildMoneyApp();
    const member = await memberWithMoney(m);
    for (const [endpoint, body] of [[endpoints.opsPayments, undefined], [endpoints.opsPaymentCredit, {}], [endpoints.opsPaymentDismissed, undefined]] as const) {
      const response = await call(m.app, endpoint, body, { token: member.token, params: { id: '1' } });
      expect([endpoint.path, response.statusCode, response.json()]).toEqual([endpoint.path, 403, { message: 'UNAUTHORIZED' }]);
    }
  });
});

describe('POST /api/ops/payments/{id}/credit', () => {
  it('credits a payment to its QR’s member, once', async () => {
    const m = await buildMoneyApp();
    const member = await memberWithMoney(m, { wallet: 5 });
    const qr = await createQr(m, member.token, 'KBANK', 100);
    const id = await pay(m, qr.qrcodeId, 120, 'T-MORE');
    expect((await walletOf(m, member.token)).wallet).toBe(5);
    const response = await call(m.app, endpoints.opsPaymentCredit, {}, asOperator(m, id));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ message: 'SUCCESS', payment: { id, status: 'credited', username: member.phone, resolvedAt: m.clock().toISOString() } });
    expect((await walletOf(m, member.token)).wallet).toBe(125);

    const before = await ledgerSnapshot(m.db);
    for (const endpoint of [endpoints.opsPaymentCredit, endpoints.opsPaymentDismissed]) {
      const again = await call(m.app, endpoint, {}, asOperator(m, id));
      expect([again.statusCode, again.json()]).toEqual([409, { message: 'KEY_INVALID' }]);
    }
    // The webhook's replay of that transaction moves nothing either.
    await pay(m, qr.qrcodeId, 120, 'T-MORE');
    expect(await ledgerSnapshot(m.db)).toEqual(before);
  });

  it('needs a member for a payment no QR names: KEY_MISSING without one, NO_USER for a non-member', async () => {
    const m = await buildMoneyApp();
    const member = await memberWithMoney(m);
    const id = await pay(m, '777777', 300, 'T-NOBODY');
    const missing = await call(m.app, endpoints.opsPaymentCredit, {}, asOperator(m, id));
    expect([missing.statusCode, missing.json()]).toEqual([400, { message: 'KEY_MISSING' }]);
    for (const username of ['0899999999', '0800000001']) {
      const response = await call(m.app, endpoints.opsPaymentCredit, { username }, asOperator(m, id));
      expect([username, response.statusCode, response.json()]).toEqual([username, 404, { message: 'NO_USER' }]);
    }
    const response = await call(m.app, endpoints.opsPaymentCredit, { username: member.phone }, asOperator(m, id));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().payment).toMatchObject({ username: member.phone, status: 'credited' });
    expect((await walletOf(m, member.token)).wallet).toBe(300);
  });

  it('refuses to credit a QR’s payment to another member (KEY_INVALID)', async () => {
    const m = await buildMoneyApp();
    const ann = await memberWithMoney(m);
    const bob = await memberWithMoney(m);
    const qr = await createQr(m, ann.token, 'KBANK', 100);
    const id = await pay(m, qr.qrcodeId, 1, 'T-ANN');
    const response = await call(m.app, endpoints.opsPaymentCredit, { username: bob.phone }, asOperator(m, id));
    expect([response.statusCode, response.json()]).toEqual([400, { message: 'KEY_INVALID' }]);
    expect((await walletOf(m, bob.token)).wallet).toBe(0);
    expect((await call(m.app, endpoints.opsPaymentCredit, { username: ann.phone }, asOperator(m, id))).statusCode).toBe(200);
    expect((await walletOf(m, ann.token)).wallet).toBe(1);
  });

  it('credits once when two operators credit at once', async () => {
    const m = await buildMoneyApp();
    const member = await memberWithMoney(m);
    const qr = await createQr(m, member.token, 'KBANK', 100);
    const id = await pay(m, qr.qrcodeId, 90, 'T-TWICE');
    const answers = await Promise.all([1, 2, 3].map(() => call(m.app, endpoints.opsPaymentCredit, {}, asOperator(m, id))));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    expect((await walletOf(m, member.token)).wallet).toBe(90);
  });

  it('answers 404 NO_DATA for an unknown payment', async () => {
    const m = await buildMoneyApp();
    for (const id of ['424242', '99999999999999999']) {
      const response = await call(m.app, endpoints.opsPaymentCredit, {}, asOperator(m, id));
      expect([response.statusCode, response.json()]).toEqual([404, { message: 'NO_DATA' }]);
    }
  });
});

describe('POST /api/ops/payments/{id}/dismissed', () => {
  it('dismisses a payment without moving money; it cannot be credited afterwards', async () => {
    const m = await buildMoneyApp();
    const id = await pay(m, '555555', 10, 'T-DISMISS');
    const before = await ledgerSnapshot(m.db);
    const response = await call(m.app, endpoints.opsPaymentDismissed, undefined, asOperator(m, id));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().payment).toMatchObject({ id, status: 'dismissed', resolvedAt: m.clock().toISOString() });
    expect(await ledgerSnapshot(m.db)).toEqual(before);
    expect(await list(m)).toEqual([]);
    expect((await list(m, 'dismissed')).map((payment) => payment.id)).toEqual([id]);
    const credit = await call(m.app, endpoints.opsPaymentCredit, { username: '0812345678' }, asOperator(m, id));
    expect([credit.statusCode, credit.json()]).toEqual([409, { message: 'KEY_INVALID' }]);
  });
});
