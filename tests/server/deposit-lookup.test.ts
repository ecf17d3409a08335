/**
 * GET /api/lookup/deposit (spec 2 Deposit modal, spec 3): the receiving
 * accounts and the deposit texts' values, from the settings.
 */
import { describe, expect, it } from 'vitest';
import { endpoints } from '../../src/contract/endpoints.ts';
import { putSetting } from '../../src/server/repositories/settings.ts';
import { buildTestApp } from './helpers/app.ts';
import { call } from './helpers/http.ts';
import { signedInMember } from './helpers/members.ts';

describe('GET /api/lookup/deposit', () => {
  it('answers the receiving accounts with bank names, the payment codes named too, and no PromptPay id', async () => {
    const t = await buildTestApp();
    const member = await signedInMember(t);
    const response = await call(t.app, endpoints.lookupDeposit, undefined, { token: member.token });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    expect(answer.banks.map((bank: { bankCode: string }) => bank.bankCode)).toEqual(['KBANK', 'SCB', 'GSB', 'WW', 'E2P']);
    expect(answer.banks[0]).toEqual({
      bankCode: 'KBANK',
      bankType: 'BANK',
      mode: 'AUTO',
      bankAccountName: 'MEKONG WALLET CO LTD',
      bankAccountNo: '0418812345',
      currency: 'BAHT',
      bank: { nameTH: 'ธนาคารกสิกรไทย', nameEN: 'Kasikornbank' },
    });
    expect(answer.banks[3]).toMatchObject({ bankCode: 'WW', bankType: 'PAYMENT', bank: { nameEN: 'WW QR Payment' } });
    expect(answer.banks[4]).toMatchObject({ bankCode: 'E2P', bankType: 'PAYMENT', bank: { nameEN: 'Easy2Pay' } });
    expect(response.body).not.toContain('promptPayId');
    expect(response.body).not.toContain('0105561234567');
    expect(answer).toMatchObject({
      wallets: [{ mode: 'AUTO', walletAccountName: 'MEKONG WALLET' }],
      isManual: false,
      qrMinutes: 15,
      slipClosingTime: '23:30',
      trueWalletMinimum: 2,
      qrMinimums: { KBANK: 1, WW: 100, E2P: 50 },
    });
  });

  it('follows the settings an operator changes, and lists only accounts in the member’s currency', async () => {
    const t = await buildTestApp();
    const member = await signedInMember(t);
    await putSetting(t.db, 'depositAccounts', [
      { bankCode: 'BCEL', bankType: 'BANK', mode: 'AUTO', bankAccountName: 'MEKONG LAO', bankAccountNo: '0101000123', currency: 'LAK', promptPayId: null },
      { bankCode: 'SCB', bankType: 'BANK', mode: 'MANUAL', bankAccountName: 'NEW NAME', bankAccountNo: '9998887776', currency: 'BAHT', promptPayId: null },
    ]);
    await putSetting(t.db, 'depositIsManual', true);
    await putSetting(t.db, 'qrMinutes', 5);
    await putSetting(t.db, 'trueWalletMinimum', 20);
    const answer = (await call(t.app, endpoints.lookupDeposit, undefined, { token: member.token })).json();
    expect(answer.banks).toEqual([
      {
        bankCode: 'SCB',
        bankType: 'BANK',
        mode: 'MANUAL',
        bankAccountName: 'NEW NAME',
        bankAccountNo: '9998887776',
        currency: 'BAHT',
        bank: { nameTH: 'ธนาคารไทยพาณิชย์', nameEN: 'Siam Commercial Bank' },
      },
    ]);
    expect(answer).toMatchObject({ isManual: true, qrMinutes: 5, trueWalletMinimum: 20 });
  });

  it('is for members only', async () => {
    const t = await buildTestApp();
    const response = await call(t.app, endpoints.lookupDeposit);
    expect([response.statusCode, response.json()]).toEqual([401, { message: 'invalid-token' }]);
  });
});
