import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { BankAccountNameResponse, ProfileResponse } from '../../src/contract/api.ts';
import { endpoints, type Endpoint } from '../../src/contract/endpoints.ts';
import { seed } from '../../src/server/db/seed.ts';
import { route } from '../../src/server/route.ts';
import { buildTestApp, testConfig, type TestApp } from './helpers/app.ts';
import { call } from './helpers/http.ts';
import { login, signedInMember } from './helpers/members.ts';

function profile(t: TestApp, token: string) {
  return call(t.app, endpoints.profileGet, undefined, { token });
}

describe('GET /api/account/profile', () => {
  it('answers the caller’s profile and bank account', async () => {
    const t = await buildTestApp({ registerOtp: false });
    const member = await signedInMember(t, { name: 'Somsak Rakdee', bankCode: 'KBANK', bankAccountName: 'somsak rakdee' });

    const response = await profile(t, member.token);

    expect(response.statusCode).toBe(200);
    const body = v.parse(ProfileResponse, response.json());
    expect(body).toEqual({
      profile: {
        _id: expect.stringMatching(/^\d+$/),
        username: member.phone,
        name: 'Somsak Rakdee',
        createdAt: t.clock().toISOString(),
        coin: 0,
        role: 'member',
      },
      bankAccount: {
        bankCode: 'KBANK',
        bankAccountName: 'SOMSAK RAKDEE',
        bankAccountNo: member.body.bankAccountNo,
        currency: 'BAHT',
        bank: { nameTH: 'ธนาคารกสิกรไทย', nameEN: 'Kasikornbank' },
      },
    });
  });

  it('shows each member only their own data', async () => {
    const t = await buildTestApp({ registerOtp: false });
    const first = await signedInMember(t);
    const second = await signedInMember(t);

    const firstProfile = (await profile(t, first.token)).json();
    const secondProfile = (await profile(t, second.token)).json();

    expect(firstProfile.profile.username).toBe(first.phone);
    expect(secondProfile.profile.username).toBe(second.phone);
    expect(firstProfile.profile._id).not.toBe(secondProfile.profile._id);
  });
});

describe('PUT /api/account/profile', () => {
  it('changes the name and answers the updated profile', async () => {
    const t = await buildTestApp({ registerOtp: false });
    const member = await signedInMember(t);

    const response = await call(t.app, endpoints.profileUpdate, { name: '  Somsri   Rakdee ' }, { token: member.token });

    expect(response.statusCode).toBe(200);
    expect(v.parse(ProfileResponse, response.json()).profile.name).toBe('Somsri Rakdee');
    expect((await profile(t, member.token)).json().profile.name).toBe('Somsri Rakdee');
  });

  it('accepts the registered bank fields sent back unchanged', async () => {
    const t = await buildTestApp({ registerOtp: false });
    const member = await signedInMember(t, { bankCode: 'SCB', bankAccountName: 'SOMSAK RAKDEE' });
    const { bankCode, bankAccountNo } = member.body;

    const response = await call(
      t.app,
      endpoints.profileUpdate,
      { name: 'Somsak R', bankCode, bankAccountName: 'somsak rakdee', bankAccountNo },
      { token: member.token },
    );

    expect(response.statusCode).toBe(200);
  });

  it.each([
    ['another bank', { bankCode: 'KTB' }],
    ['another account number', { bankAccountNo: '9999999999' }],
    ['another account name', { bankAccountName: 'SOMEONE ELSE' }],
  ])('refuses to switch to %s with INVALID_USER_INFO', async (_case, change) => {
    const t = await buildTestApp({ registerOtp: false });
    const member = await signedInMember(t);

    const response = await call(t.app, endpoints.profileUpdate, { name: 'Somsak Rakdee', ...change }, { token: member.token });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'INVALID_USER_INFO' });
    expect((await profile(t, member.token)).json().bankAccount.bankCode).toBe(member.body.bankCode);
  });

  it.each([
    ['an empty name', { name: '' }, 'KEY_MISSING'],
    ['a name with markup', { name: '<img src=x>' }, 'KEY_INVALID'],
    ['no name', {}, 'KEY_MISSING'],
  ])('refuses %s', async (_case, body, message) => {
    const t = await buildTestApp({ registerOtp: false });
    const member = await signedInMember(t);

    const response = await call(t.app, endpoints.profileUpdate, body, { token: member.token });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });
});

describe('PUT /api/account/bankAccountName', () => {
  it('changes the account name, upper case, and answers the bank account', async () => {
    const t = await buildTestApp({ registerOtp: false });
    const member = await signedInMember(t, { bankCode: 'SCB' });

    const response = await call(
      t.app,
      endpoints.bankAccountName,
      { bankCode: 'SCB', bankAccountName: '  somsak   rakdee ' },
      { token: member.token },
    );

    expect(response.statusCode).toBe(200);
    expect(v.parse(BankAccountNameResponse, response.json()).bankAccount).toMatchObject({ bankCode: 'SCB', bankAccountName: 'SOMSAK RAKDEE' });
    expect((await profile(t, member.token)).json().bankAccount.bankAccountName).toBe('SOMSAK RAKDEE');
  });

  it.each([['Thai letters', 'สมศักดิ์ รักดี'], ['a hyphen', 'SOMSAK RAK-DEE'], ['markup', '<b>SOMSAK</b>']])(
    'refuses %s, whatever the bank, with BANK_ACCOUNT_NAME_ENG',
    async (_case, bankAccountName) => {
      const t = await buildTestApp({ registerOtp: false });
      const member = await signedInMember(t, { bankCode: 'SCB' });

      const response = await call(t.app, endpoints.bankAccountName, { bankCode: 'SCB', bankAccountName }, { token: member.token });

      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'BANK_ACCOUNT_NAME_ENG' });
    },
  );

  it('refuses a bank that is not the member’s with INVALID_BANK', async () => {
    const t = await buildTestApp({ registerOtp: false });
    const member = await signedInMember(t, { bankCode: 'SCB' });

    const response = await call(t.app, endpoints.bankAccountName, { bankCode: 'KBANK', bankAccountName: 'SOMSAK RAKDEE' }, { token: member.token });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'INVALID_BANK' });
  });
});

describe('PUT /api/account/changepwd', () => {
  it('changes the password, keeps this session and ends the others', async () => {
    const t = await buildTestApp({ registerOtp: false });
    const member = await signedInMember(t);
    const otherDevice = await login(t, member.phone, member.password);

    const response = await call(
      t.app,
      endpoints.changePassword,
      { oldPassword: member.password, newPassword: 'brand-new-pass' },
      { token: member.token },
    );

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'SUCCESS' });
    expect((await profile(t, member.token)).statusCode).toBe(200);
    expect((await profile(t, otherDevice)).json()).toEqual({ message: 'invalid-token' });
    expect((await call(t.app, endpoints.login, { username: member.phone, password: member.password })).statusCode).toBe(400);
    expect(await login(t, member.phone, 'brand-new-pass')).toBeTruthy();
  });

  it('refuses a wrong old password with WRONG_PASSWORD', async () => {
    const t = await buildTestApp({ registerOtp: false });
    const member = await signedInMember(t);

    const response = await call(
      t.app,
      endpoints.changePassword,
      { oldPassword: 'not-my-password', newPassword: 'brand-new-pass' },
      { token: member.token },
    );

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'WRONG_PASSWORD' });
    expect(await login(t, member.phone, member.password)).toBeTruthy();
  });

  it('refuses a new password under 8 characters with PASSWORD_TOO_SHORT (the shared rule)', async () => {
    const t = await buildTestApp({ registerOtp: false });
    const member = await signedInMember(t);

    const response = await call(t.app, endpoints.changePassword, { oldPassword: member.password, newPassword: 'seven77' }, { token: member.token });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'PASSWORD_TOO_SHORT' });
  });

  it('refuses common and breached passwords, and the member’s own phone, with PASSWORD_TOO_COMMON, changing nothing', async () => {
    const t = await buildTestApp({ registerOtp: false });
    const member = await signedInMember(t);

    for (const newPassword of ['12345678', 'password1', 'qwertyuiop', `${member.phone}`]) {
      const response = await call(t.app, endpoints.changePassword, { oldPassword: member.password, newPassword }, { token: member.token });
      expect([newPassword, response.statusCode, response.json()]).toEqual([newPassword, 400, { message: 'PASSWORD_TOO_COMMON' }]);
    }
    expect(await login(t, member.phone, member.password)).toBeTruthy();
  });
});

describe('operator routes', () => {
  const operatorOnly = {
    method: 'GET',
    path: '/api/test/operator-only',
    access: 'operator',
    roles: ['finance'],
    response: v.object({ message: v.string() }),
  } as const satisfies Endpoint;

  async function appWithOperatorRoute(t: TestApp) {
    route(t.app, operatorOnly, async () => ({ message: 'OK' }));
    await t.app.ready();
  }

  it('refuse members with 403 UNAUTHORIZED', async () => {
    const t = await buildTestApp({ registerOtp: false });
    await appWithOperatorRoute(t);
    const member = await signedInMember(t);

    const response = await call(t.app, operatorOnly, undefined, { token: member.token });

    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'UNAUTHORIZED' });
  });

  it('serve the operator seeded from OPERATOR_PHONE and OPERATOR_PASSWORD, whose token opens no member route', async () => {
    const t = await buildTestApp({ operator: { phone: '0800000001', password: 'operator-secret' } });
    await appWithOperatorRoute(t);
    const token = await login(t, '0800000001', 'operator-secret');

    const response = await call(t.app, operatorOnly, undefined, { token });
    const ownProfile = await profile(t, token);

    expect(response.json()).toEqual({ message: 'OK' });
    expect([ownProfile.statusCode, ownProfile.json()]).toEqual([401, { message: 'invalid-token' }]);
  });

  it('answer 401 without a token', async () => {
    const t = await buildTestApp();
    await appWithOperatorRoute(t);

    const response = await call(t.app, operatorOnly);

    expect(response.statusCode).toBe(401);
  });

  it('are never opened to a member, whatever the configuration names', async () => {
    const t = await buildTestApp({ registerOtp: false });
    await appWithOperatorRoute(t);
    const member = await signedInMember(t);

    const seeding = seed(t.db, testConfig({ operator: { phone: member.phone, password: 'operator-pass-12' } }), t.clock);
    await expect(seeding).rejects.toThrow(`OPERATOR_PHONE ${member.phone} is a member's phone`);
    const response = await call(t.app, operatorOnly, undefined, { token: member.token });

    expect([response.statusCode, response.json()]).toEqual([403, { message: 'UNAUTHORIZED' }]);
    expect(await login(t, member.phone, member.password)).toBeTruthy();
  });
});
