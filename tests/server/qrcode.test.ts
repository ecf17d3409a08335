/**
 * QR payments (spec 2, 5, 7): a real PromptPay payload with the amount,
 * minimums per provider, one open QR per member and provider, expiry, and
 * cancel by the owner only.
 */
import { eq } from 'drizzle-orm';
import { parse } from 'promptparse';
import { describe, expect, it } from 'vitest';
import { endpoints } from '../../src/contract/endpoints.ts';
import { depositQrCodes } from '../../src/server/db/schema.ts';
import { getSettings, putSetting } from '../../src/server/repositories/settings.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { createQr } from './helpers/deposits.ts';
import { call } from './helpers/http.ts';
import { signedInMember } from './helpers/members.ts';

const NO_QR = { qrcodeId: null, hasQrcode: false, qrcode: '', payload: '', receiverName: '', amount: 0, expireIn: 0, message: 'NO_DATA' };

async function qrOf(t: TestApp, token: string, bankCode: string) {
  const response = await call(t.app, endpoints.qrGet, undefined, { token, params: { bankCode } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function statusOf(t: TestApp, qrcodeId: string) {
  const [row] = await t.db.select({ status: depositQrCodes.status }).from(depositQrCodes).where(eq(depositQrCodes.id, Number(qrcodeId)));
  return row?.status;
}

describe('POST /api/qrcode/{bankCode}', () => {
  it('answers a Thai QR Payment for the amount to the provider’s PromptPay id, with its SVG and lifetime', async () => {
    const t = await buildTestApp();
    const member = await signedInMember(t);
    const response = await call(t.app, endpoints.qrCreate, { amount: 150.25 }, { token: member.token, params: { bankCode: 'KBANK' } });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    expect(answer).toMatchObject({ qrcodeId: expect.stringMatching(/^\d+$/), hasQrcode: true, amount: 150.25, expireIn: 15 * 60, message: 'SUCCESS' });
    expect(answer.qrcode).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"[\s\S]*<\/svg>\s*$/);

    // Parsed back with promptparse, CRC checked (strict): the tags of a dynamic PromptPay QR.
    const qr = parse(answer.payload, true, true);
    expect(qr).not.toBeNull();
    expect(qr?.validate('63')).toBe(true);
    expect(qr?.getTagValue('00')).toBe('01');
    expect(qr?.getTagValue('01')).toBe('12');
    expect(qr?.getTagValue('29', '00')).toBe('A000000677010111');
    expect(qr?.getTagValue('29', '02')).toBe('0105561234567');
    expect(qr?.getTagValue('53')).toBe('764');
    expect(qr?.getTagValue('54')).toBe('150.25');
    expect(qr?.getTagValue('58')).toBe('TH');
    // A changed amount breaks the CRC.
    expect(parse(answer.payload.replace('150.25', '950.25'), true)).toBeNull();

    const [row] = await t.db.select().from(depositQrCodes).where(eq(depositQrCodes.id, Number(answer.qrcodeId)));
    expect(row).toMatchObject({ provider: 'KBANK', amount: 15_025n, currency: 'BAHT', payload: answer.payload, status: 'open', createdAt: t.clock() });
    expect(row?.expiresAt).toEqual(new Date(t.clock().getTime() + 15 * 60_000));
  });

  it('refuses amounts below the provider’s minimum with QR_FAIL, and takes the minimum itself', async () => {
    const t = await buildTestApp();
    const member = await signedInMember(t);
    await putSetting(t.db, 'qrMinimums', { KBANK: 20, WW: 100, E2P: 50 });
    for (const [bankCode, amount] of [['KBANK', 19.99], ['WW', 99.99], ['E2P', 49], ['KBANK', 0], ['WW', -5]] as const) {
      const response = await call(t.app, endpoints.qrCreate, { amount }, { token: member.token, params: { bankCode } });
      expect([bankCode, amount, response.statusCode, response.json()]).toEqual([bankCode, amount, 400, { message: 'QR_FAIL' }]);
    }
    for (const [bankCode, amount] of [['KBANK', 20], ['WW', 100], ['E2P', 50]] as const) {
      expect((await createQr(t, member.token, bankCode, amount)).amount).toBe(amount);
    }
    // spec 5's client minimums are the floor even when a setting says less.
    await putSetting(t.db, 'qrMinimums', { KBANK: 0, WW: 1, E2P: 1 });
    const response = await call(t.app, endpoints.qrCreate, { amount: 99 }, { token: member.token, params: { bankCode: 'WW' } });
    expect(response.json()).toEqual({ message: 'QR_FAIL' });
  });

  it('refuses amounts above qrMaximum with QR_FAIL, and takes the maximum itself', async () => {
    const t = await buildTestApp();
    const member = await signedInMember(t);
    const huge = await call(t.app, endpoints.qrCreate, { amount: 1_000_000 }, { token: member.token, params: { bankCode: 'KBANK' } });
    expect([huge.statusCode, huge.json()]).toEqual([400, { message: 'QR_FAIL' }]);
    await putSetting(t.db, 'qrMaximum', 1_000);
    for (const bankCode of ['KBANK', 'WW', 'E2P'] as const) {
      const response = await call(t.app, endpoints.qrCreate, { amount: 1_000.01 }, { token: member.token, params: { bankCode } });
      expect([bankCode, response.statusCode, response.json()]).toEqual([bankCode, 400, { message: 'QR_FAIL' }]);
    }
    expect(await t.db.select().from(depositQrCodes)).toEqual([]);
    expect((await createQr(t, member.token, 'KBANK', 1_000)).amount).toBe(1_000);
  });

  it('refuses a provider without a receiving account that takes PromptPay with QR_FAIL, and an unknown provider with NO_BANK', async () => {
    const t = await buildTestApp();
    const member = await signedInMember(t);
    await putSetting(t.db, 'depositAccounts', [
      { bankCode: 'KBANK', bankType: 'BANK', mode: 'AUTO', bankAccountName: 'X', bankAccountNo: '1', currency: 'BAHT', promptPayId: null },
      { bankCode: 'WW', bankType: 'PAYMENT', mode: 'AUTO', bankAccountName: 'X', bankAccountNo: '2', currency: 'BAHT', promptPayId: 'not-an-id' },
    ]);
    for (const bankCode of ['KBANK', 'WW', 'E2P']) {
      const response = await call(t.app, endpoints.qrCreate, { amount: 500 }, { token: member.token, params: { bankCode } });
      expect([bankCode, response.statusCode, response.json()]).toEqual([bankCode, 400, { message: 'QR_FAIL' }]);
    }
    const unknown = await call(t.app, endpoints.qrCreate, { amount: 500 }, { token: member.token, params: { bankCode: 'SCB' } });
    expect([unknown.statusCode, unknown.json()]).toEqual([400, { message: 'NO_BANK' }]);
    expect(await t.db.select().from(depositQrCodes)).toEqual([]);
  });

  it('replaces the member’s open QR on that provider, and leaves other providers and members alone', async () => {
    const t = await buildTestApp();
    const ann = await signedInMember(t);
    const bob = await signedInMember(t);
    const first = await createQr(t, ann.token, 'KBANK', 100);
    const other = await createQr(t, ann.token, 'WW', 200);
    const bobs = await createQr(t, bob.token, 'KBANK', 100);
    const second = await createQr(t, ann.token, 'KBANK', 300);
    expect(await statusOf(t, first.qrcodeId)).toBe('replaced');
    expect(await statusOf(t, other.qrcodeId)).toBe('open');
    expect(await statusOf(t, bobs.qrcodeId)).toBe('open');
    expect(await statusOf(t, second.qrcodeId)).toBe('open');
    expect((await qrOf(t, ann.token, 'KBANK')).qrcodeId).toBe(second.qrcodeId);
  });

  it('keeps one open QR per member and provider when creates race', async () => {
    const t = await buildTestApp();
    const member = await signedInMember(t);
    const answers = await Promise.all(
      [100, 200, 300, 400, 500].map((amount) => call(t.app, endpoints.qrCreate, { amount }, { token: member.token, params: { bankCode: 'KBANK' } })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const rows = await t.db.select().from(depositQrCodes);
    expect(rows.map((row) => row.status).sort()).toEqual(['open', 'replaced', 'replaced', 'replaced', 'replaced']);
    const open = rows.filter((row) => row.status === 'open');
    expect((await qrOf(t, member.token, 'KBANK')).qrcodeId).toBe(String(open[0]?.id));
  });
});

describe('GET /api/qrcode/{bankCode}', () => {
  it('answers the member’s open QR with the time left, drawn again from the stored payload', async () => {
    const t = await buildTestApp();
    const member = await signedInMember(t);
    const created = await createQr(t, member.token, 'E2P', 50);
    t.clock.advance(61_500);
    const answer = await qrOf(t, member.token, 'E2P');
    expect(answer).toMatchObject({ qrcodeId: created.qrcodeId, hasQrcode: true, payload: created.payload, amount: 50, expireIn: 15 * 60 - 61, message: 'SUCCESS' });
    expect(answer.qrcode).toContain('<svg');
    expect(await qrOf(t, member.token, 'KBANK')).toEqual(NO_QR);
  });

  it('names the account the QR pays as it was when the QR was made, after the operator renames it too', async () => {
    const t = await buildTestApp();
    const member = await signedInMember(t);
    const { depositAccounts } = await getSettings(t.db, 'depositAccounts');
    const receiving = depositAccounts.find((account) => account.bankCode === 'WW');
    expect(receiving?.bankAccountName).toBeTruthy();
    const created = await createQr(t, member.token, 'WW', 100);
    expect(created.receiverName).toBe(receiving?.bankAccountName);

    const renamed = depositAccounts.map((account) => (account.bankCode === 'WW' ? { ...account, bankAccountName: 'RENAMED RECEIVER' } : account));
    await putSetting(t.db, 'depositAccounts', renamed);
    expect((await qrOf(t, member.token, 'WW')).receiverName).toBe(receiving?.bankAccountName);
    expect((await createQr(t, member.token, 'WW', 200)).receiverName).toBe('RENAMED RECEIVER');
  });

  it('answers no QR once it has expired, and marks it expired', async () => {
    const t = await buildTestApp();
    const member = await signedInMember(t);
    await putSetting(t.db, 'qrMinutes', 2);
    const created = await createQr(t, member.token, 'KBANK', 10);
    expect(created.expireIn).toBe(120);
    t.clock.advance(119_000);
    expect((await qrOf(t, member.token, 'KBANK')).expireIn).toBe(1);
    t.clock.advance(1_000);
    expect(await qrOf(t, member.token, 'KBANK')).toEqual(NO_QR);
    expect(await statusOf(t, created.qrcodeId)).toBe('expired');
  });

  it('never shows another member’s QR', async () => {
    const t = await buildTestApp();
    const ann = await signedInMember(t);
    const bob = await signedInMember(t);
    await createQr(t, ann.token, 'KBANK', 10);
    expect(await qrOf(t, bob.token, 'KBANK')).toEqual(NO_QR);
  });
});

describe('DELETE /api/qrcode/{qrcodeId}', () => {
  it('cancels the owner’s open QR', async () => {
    const t = await buildTestApp();
    const member = await signedInMember(t);
    const created = await createQr(t, member.token, 'KBANK', 10);
    const response = await call(t.app, endpoints.qrCancel, undefined, { token: member.token, params: { qrcodeId: created.qrcodeId } });
    expect([response.statusCode, response.json()]).toEqual([200, { message: 'SUCCESS' }]);
    expect(await statusOf(t, created.qrcodeId)).toBe('cancelled');
    expect(await qrOf(t, member.token, 'KBANK')).toEqual(NO_QR);
    // Again (a retry after a lost answer): the same answer.
    const again = await call(t.app, endpoints.qrCancel, undefined, { token: member.token, params: { qrcodeId: created.qrcodeId } });
    expect([again.statusCode, again.json()]).toEqual([200, { message: 'SUCCESS' }]);
  });

  it('answers 404 NO_DATA for another member’s or an unknown QR and changes nothing', async () => {
    const t = await buildTestApp();
    const ann = await signedInMember(t);
    const bob = await signedInMember(t);
    const created = await createQr(t, ann.token, 'KBANK', 10);
    for (const qrcodeId of [created.qrcodeId, '999999', '99999999999999999']) {
      const response = await call(t.app, endpoints.qrCancel, undefined, { token: bob.token, params: { qrcodeId } });
      expect([qrcodeId, response.statusCode, response.json()]).toEqual([qrcodeId, 404, { message: 'NO_DATA' }]);
    }
    // Not an id at all: refused by the contract's parameter check.
    for (const qrcodeId of ['abc', '0', '-1']) {
      const response = await call(t.app, endpoints.qrCancel, undefined, { token: bob.token, params: { qrcodeId } });
      expect([qrcodeId, response.statusCode, response.json()]).toEqual([qrcodeId, 400, { message: 'NO_DATA' }]);
    }
    expect(await statusOf(t, created.qrcodeId)).toBe('open');
  });

  it('refuses to cancel a replaced or expired QR with 409 KEY_INVALID', async () => {
    const t = await buildTestApp();
    const member = await signedInMember(t);
    const replaced = await createQr(t, member.token, 'KBANK', 10);
    const expiring = await createQr(t, member.token, 'KBANK', 20);
    t.clock.advance(15 * 60_000);
    for (const qr of [replaced, expiring]) {
      const response = await call(t.app, endpoints.qrCancel, undefined, { token: member.token, params: { qrcodeId: qr.qrcodeId } });
      expect([response.statusCode, response.json()]).toEqual([409, { message: 'KEY_INVALID' }]);
    }
    expect(await statusOf(t, replaced.qrcodeId)).toBe('replaced');
    expect(await statusOf(t, expiring.qrcodeId)).toBe('expired');
  });
});
