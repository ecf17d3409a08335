/**
 * Operators are named accounts (issue: "Operators are named accounts"):
 * each attack the review saw is replayed here and must fail.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { OperatorRole } from '../../src/contract/api.ts';
import { endpoints } from '../../src/contract/endpoints.ts';
import { totpCode } from '../../src/server/auth/totp.ts';
import { operators, users } from '../../src/server/db/schema.ts';
import { seed } from '../../src/server/db/seed.ts';
import { addOperator, disableOperator, OperatorRefused, resetOperator } from '../../src/server/operators/accounts.ts';
import { OPERATOR_SESSION_LIFETIME_MS } from '../../src/server/policy.ts';
import { buildTestApp, testConfig, type TestApp } from './helpers/app.ts';
import { call } from './helpers/http.ts';
import { login, registerMember, signedInMember } from './helpers/members.ts';
import { activate, credentialsOf, enterGame, entryOf, gameApi, openEntry, OWN_ORIGIN } from './helpers/reference-games.ts';

const BOOTSTRAP = { phone: '0800000001', password: 'operator-secret' };

function tryLogin(t: TestApp, username: string, password: string, otpCode?: string) {
  return call(t.app, endpoints.login, { username, password, ...(otpCode !== undefined && { otpCode }) });
}

/** An operator route every role but marketing is refused (finance only). */
function listWithdrawals(t: TestApp, token: string) {
  return call(t.app, endpoints.opsWithdrawals, undefined, { token });
}

async function addedOperator(t: TestApp, role: OperatorRole, phone = '0800000100') {
  const enrolment = await addOperator(t.db, { phone, role, name: `${role} operator` }, t.clock());
  return { ...enrolment, password: enrolment.password! };
}

/** Logs an added operator in with the code of the next TOTP step (a code works once). */
async function operatorToken(t: TestApp, operator: { phone: string; password: string; totpSecret: string }): Promise<string> {
  t.clock.advance(30_000);
  const response = await tryLogin(t, operator.phone, operator.password, totpCode(operator.totpSecret, t.clock()));
  expect(response.statusCode, response.body).toBe(200);
  return response.json().token;
}

describe('the bootstrap admin (OPERATOR_PHONE, OPERATOR_PASSWORD)', () => {
  it('logs in with phone and password in demo mode, to an operator session of 8 hours', async () => {
    const t = await buildTestApp({ operator: BOOTSTRAP });
    const token = await login(t, BOOTSTRAP.phone, BOOTSTRAP.password);

    t.clock.advance(OPERATOR_SESSION_LIFETIME_MS - 1000);
    const lastSecond = await listWithdrawals(t, token);
    t.clock.advance(1000);
    const expired = await listWithdrawals(t, token);

    expect(lastSecond.statusCode).toBe(200);
    expect([expired.statusCode, expired.json()]).toEqual([401, { message: 'invalid-token' }]);
  });

  it('loses its old sessions when OPERATOR_PASSWORD changes', async () => {
    const t = await buildTestApp({ operator: BOOTSTRAP });
    const oldToken = await login(t, BOOTSTRAP.phone, BOOTSTRAP.password);

    await seed(t.db, testConfig({ operator: { phone: BOOTSTRAP.phone, password: 'rotated-operator-secret' } }), t.clock);

    expect((await listWithdrawals(t, oldToken)).statusCode).toBe(401);
    expect((await tryLogin(t, BOOTSTRAP.phone, BOOTSTRAP.password)).json()).toEqual({ message: 'WRONG_CREDENTIAL' });
    expect(await login(t, BOOTSTRAP.phone, 'rotated-operator-secret')).toBeTruthy();
  });

  it('is disabled, sessions and all, when OPERATOR_PHONE names another phone', async () => {
    const t = await buildTestApp({ operator: BOOTSTRAP });
    const oldToken = await login(t, BOOTSTRAP.phone, BOOTSTRAP.password);

    await seed(t.db, testConfig({ operator: { phone: '0800000002', password: 'next-operator-secret' } }), t.clock);

    expect((await listWithdrawals(t, oldToken)).statusCode).toBe(401);
    expect((await tryLogin(t, BOOTSTRAP.phone, BOOTSTRAP.password)).json()).toEqual({ message: 'WRONG_CREDENTIAL' });
    expect((await listWithdrawals(t, await login(t, '0800000002', 'next-operator-secret'))).statusCode).toBe(200);
  });

  it('is disabled when the variables are removed', async () => {
    const t = await buildTestApp({ operator: BOOTSTRAP });
    const oldToken = await login(t, BOOTSTRAP.phone, BOOTSTRAP.password);

    await seed(t.db, testConfig({ operator: null }), t.clock);

    expect((await listWithdrawals(t, oldToken)).statusCode).toBe(401);
    expect((await tryLogin(t, BOOTSTRAP.phone, BOOTSTRAP.password)).statusCode).toBe(400);
  });

  it('never takes a member’s phone: the member is not promoted and keeps their password', async () => {
    const t = await buildTestApp({ registerOtp: false });
    const member = await signedInMember(t);

    const seeding = seed(t.db, testConfig({ operator: { phone: member.phone, password: 'takeover-password' } }), t.clock);

    await expect(seeding).rejects.toThrow(OperatorRefused);
    expect((await tryLogin(t, member.phone, 'takeover-password')).json()).toEqual({ message: 'WRONG_CREDENTIAL' });
    expect((await listWithdrawals(t, member.token)).json()).toEqual({ message: 'UNAUTHORIZED' });
    expect(await t.db.select({ id: operators.id }).from(operators).where(eq(operators.phone, member.phone))).toEqual([]);
  });

  it('needs a TOTP code in production, enrolled at its first start', async () => {
    const t = await buildTestApp({ production: true });
    const withAdmin = { ...t.config, operator: BOOTSTRAP };

    const firstStart = await seed(t.db, withAdmin, t.clock);
    const secondStart = await seed(t.db, withAdmin, t.clock);
    const { totpSecret } = (await t.db.select().from(operators).where(eq(operators.phone, BOOTSTRAP.phone)))[0]!;
    const withoutCode = await tryLogin(t, BOOTSTRAP.phone, BOOTSTRAP.password);
    const withCode = await tryLogin(t, BOOTSTRAP.phone, BOOTSTRAP.password, totpCode(totpSecret!, t.clock()));

    expect(firstStart?.totpUri).toMatch(/^otpauth:\/\/totp\/Mekong%20Wallet:0800000001\?.*secret=/);
    expect(firstStart?.totpSecret).toBe(totpSecret);
    expect(secondStart).toBeNull();
    expect([withoutCode.statusCode, withoutCode.json()]).toEqual([400, { message: 'WRONG_CREDENTIAL' }]);
    expect(withCode.statusCode).toBe(200);
  });
});

describe('operators added with ops:add', () => {
  it('log in with phone, password and a TOTP code, each code once', async () => {
    const t = await buildTestApp();
    const operator = await addedOperator(t, 'finance');
    const code = totpCode(operator.totpSecret, t.clock());

    const withoutCode = await tryLogin(t, operator.phone, operator.password);
    const wrongCode = await tryLogin(t, operator.phone, operator.password, code === '000000' ? '111111' : '000000');
    const rightCode = await tryLogin(t, operator.phone, operator.password, code);
    const sameCodeAgain = await tryLogin(t, operator.phone, operator.password, code);

    expect(withoutCode.json()).toEqual({ message: 'WRONG_CREDENTIAL' });
    expect(wrongCode.json()).toEqual({ message: 'WRONG_CREDENTIAL' });
    expect(rightCode.statusCode).toBe(200);
    expect((await listWithdrawals(t, rightCode.json().token)).statusCode).toBe(200);
    expect(sameCodeAgain.json()).toEqual({ message: 'WRONG_CREDENTIAL' });
  });

  it('answer every wrong second factor as a wrong password, malformed or not', async () => {
    const t = await buildTestApp();
    const operator = await addedOperator(t, 'finance');

    const answers = [];
    for (const otpCode of ['', '12345', 'abcdef', '1234567']) answers.push((await tryLogin(t, operator.phone, operator.password, otpCode)).json());
    const tooLong = await tryLogin(t, operator.phone, operator.password, '1'.repeat(17));

    expect(answers).toEqual(Array(4).fill({ message: 'WRONG_CREDENTIAL' }));
    expect([tooLong.statusCode, tooLong.json()]).toEqual([400, { message: 'KEY_INVALID' }]);
  });

  it('take a code of the step before or after ours (clock drift), not two away', async () => {
    const t = await buildTestApp();
    const operator = await addedOperator(t, 'finance');

    const twoStepsOld = totpCode(operator.totpSecret, new Date(t.clock().getTime() - 60_000));
    const oneStepAhead = totpCode(operator.totpSecret, new Date(t.clock().getTime() + 30_000));

    expect((await tryLogin(t, operator.phone, operator.password, twoStepsOld)).json()).toEqual({ message: 'WRONG_CREDENTIAL' });
    expect((await tryLogin(t, operator.phone, operator.password, oneStepAhead)).statusCode).toBe(200);
  });

  it('lose every session at once when disabled, and cannot log in again', async () => {
    const t = await buildTestApp();
    const operator = await addedOperator(t, 'finance');
    const token = await operatorToken(t, operator);

    await disableOperator(t.db, operator.phone, t.clock());
    t.clock.advance(30_000);
    const again = await tryLogin(t, operator.phone, operator.password, totpCode(operator.totpSecret, t.clock()));

    expect((await listWithdrawals(t, token)).json()).toEqual({ message: 'invalid-token' });
    expect(again.json()).toEqual({ message: 'WRONG_CREDENTIAL' });
  });

  it('lose every session when reset, and log in with the new password and second factor only', async () => {
    const t = await buildTestApp();
    const operator = await addedOperator(t, 'support');
    const token = await operatorToken(t, operator);

    const reset = await resetOperator(t.db, operator.phone, t.clock());
    t.clock.advance(30_000);
    const oldCredentials = await tryLogin(t, operator.phone, operator.password, totpCode(operator.totpSecret, t.clock()));
    const oldFactor = await tryLogin(t, operator.phone, reset.password!, totpCode(operator.totpSecret, t.clock()));

    expect((await call(t.app, endpoints.opsMemberStatus, { status: 'active' }, { token, params: { username: '0812345678' } })).statusCode).toBe(401);
    expect(oldCredentials.json()).toEqual({ message: 'WRONG_CREDENTIAL' });
    expect(oldFactor.json()).toEqual({ message: 'WRONG_CREDENTIAL' });
    expect(await operatorToken(t, { phone: operator.phone, password: reset.password!, totpSecret: reset.totpSecret })).toBeTruthy();
  });

  it('never share a phone with a member, either way round', async () => {
    const t = await buildTestApp({ registerOtp: false });
    const member = await registerMember(t);
    const operator = await addedOperator(t, 'finance');

    await expect(addOperator(t.db, { phone: member.phone, role: 'admin', name: 'x' }, t.clock())).rejects.toThrow(OperatorRefused);
    const registration = await call(t.app, endpoints.accountRegister, { ...member.body, username: operator.phone, bankAccountNo: '7777777777' });

    expect([registration.statusCode, registration.json()]).toEqual([409, { message: 'EXISTING_USER' }]);
    expect(await t.db.select({ id: users.id }).from(users).where(eq(users.phone, operator.phone))).toEqual([]);
  });

  it('are not locked out by five wrong passwords (the review locked the only operator out so)', async () => {
    const t = await buildTestApp({ operator: BOOTSTRAP });
    for (let failure = 0; failure < 5; failure++) await tryLogin(t, BOOTSTRAP.phone, 'wrong-password');

    const rightPassword = await tryLogin(t, BOOTSTRAP.phone, BOOTSTRAP.password);

    expect(rightPassword.statusCode).toBe(200);
  });

  it('are not locked out by more wrong passwords: the right one works once the short wait is over', async () => {
    const t = await buildTestApp();
    const operator = await addedOperator(t, 'finance');
    for (let failure = 0; failure < 6; failure++) await tryLogin(t, operator.phone, 'wrong-password', '123456');

    const waiting = await tryLogin(t, operator.phone, operator.password, totpCode(operator.totpSecret, t.clock()));
    t.clock.advance(Number(waiting.headers['retry-after']) * 1000);
    const rightPassword = await tryLogin(t, operator.phone, operator.password, totpCode(operator.totpSecret, t.clock()));

    expect(waiting.statusCode).toBe(429);
    expect(rightPassword.statusCode).toBe(200);
  });
});

describe('operator roles', () => {
  async function tokensByRole(t: TestApp) {
    const tokens = {} as Record<OperatorRole, string>;
    for (const [index, role] of (['admin', 'finance', 'support', 'marketing'] as const).entries()) {
      tokens[role] = await operatorToken(t, await addedOperator(t, role, `080000020${index}`));
    }
    return tokens;
  }

  it('open each operator route to the roles it names, and every route to admin', async () => {
    const t = await buildTestApp();
    const tokens = await tokensByRole(t);
    const statusOf = async (role: OperatorRole) => ({
      withdrawals: (await listWithdrawals(t, tokens[role])).statusCode,
      memberStatus: (await call(t.app, endpoints.opsMemberStatus, { status: 'active' }, { token: tokens[role], params: { username: '0812345678' } })).statusCode,
    });

    expect(await statusOf('admin')).toEqual({ withdrawals: 200, memberStatus: 200 });
    expect(await statusOf('finance')).toEqual({ withdrawals: 200, memberStatus: 403 });
    expect(await statusOf('support')).toEqual({ withdrawals: 403, memberStatus: 200 });
    expect(await statusOf('marketing')).toEqual({ withdrawals: 403, memberStatus: 403 });
  });

  it('keep an operator’s token out of member routes', async () => {
    const t = await buildTestApp();
    const { admin } = await tokensByRole(t);

    const wallet = await call(t.app, endpoints.wallet, undefined, { token: admin });
    const logout = await call(t.app, endpoints.logout, undefined, { token: admin });

    expect([wallet.statusCode, wallet.json()]).toEqual([401, { message: 'invalid-token' }]);
    expect(logout.statusCode).toBe(200);
    expect((await listWithdrawals(t, admin)).statusCode).toBe(401);
  });
});

describe('a member’s standing (POST /api/ops/members/:username/status)', () => {
  it('suspends a member: every session ends, login answers INACTIVE_USER; reactivating lets them back in', async () => {
    const t = await buildTestApp({ operator: BOOTSTRAP, registerOtp: false });
    const admin = await login(t, BOOTSTRAP.phone, BOOTSTRAP.password);
    const member = await signedInMember(t);
    const setStatus = (status: string) => call(t.app, endpoints.opsMemberStatus, { status }, { token: admin, params: { username: member.phone } });

    const suspended = await setStatus('suspended');
    const sessionAfter = await call(t.app, endpoints.wallet, undefined, { token: member.token });
    const loginWhileSuspended = await tryLogin(t, member.phone, member.password);
    const reactivated = await setStatus('active');

    expect(suspended.json()).toEqual({ message: 'SUCCESS', member: { username: member.phone, name: 'Somsak Rakdee', status: 'suspended' } });
    expect([sessionAfter.statusCode, sessionAfter.json()]).toEqual([401, { message: 'invalid-token' }]);
    expect([loginWhileSuspended.statusCode, loginWhileSuspended.json()]).toEqual([403, { message: 'INACTIVE_USER' }]);
    expect(reactivated.json().member.status).toBe('active');
    expect(await login(t, member.phone, member.password)).toBeTruthy();
  });

  it('ends the game pages of a suspended member too: the open page, an unused entry and the game\'s own login', async () => {
    const t = await buildTestApp({ operator: BOOTSTRAP, registerOtp: false });
    const admin = await login(t, BOOTSTRAP.phone, BOOTSTRAP.password);
    const member = await signedInMember(t);
    await activate(t, member.token, 'lotus');
    const cookie = await enterGame(t, member.token, 'lotus');
    const unusedEntry = await entryOf(t, member.token, 'lotus');
    const { username, password } = await credentialsOf(t, member.token, 'lotus');

    await call(t.app, endpoints.opsMemberStatus, { status: 'suspended' }, { token: admin, params: { username: member.phone } });
    const openPage = await gameApi(t, 'GET', '/games/api/state?game=lotus', { cookie });
    const entry = await openEntry(t, unusedEntry);
    const typed = await t.app.inject({
      method: 'POST',
      url: '/games/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin', origin: OWN_ORIGIN },
      payload: new URLSearchParams({ username, password, action: 'login', game: 'lotus' }).toString(),
    });

    expect([openPage.statusCode, openPage.json()]).toEqual([401, { message: 'invalid-token' }]);
    expect(entry.headers['set-cookie']).toBeUndefined();
    expect([typed.statusCode, typed.headers['set-cookie']]).toEqual([401, undefined]);
  });

  it('answers NO_USER for a phone no member has, KEY_INVALID for an unknown status', async () => {
    const t = await buildTestApp({ operator: BOOTSTRAP });
    const admin = await login(t, BOOTSTRAP.phone, BOOTSTRAP.password);

    const unknown = await call(t.app, endpoints.opsMemberStatus, { status: 'closed' }, { token: admin, params: { username: '0899999998' } });
    const badStatus = await call(t.app, endpoints.opsMemberStatus, { status: 'banned' }, { token: admin, params: { username: '0812345678' } });

    expect([unknown.statusCode, unknown.json()]).toEqual([404, { message: 'NO_USER' }]);
    expect([badStatus.statusCode, badStatus.json()]).toEqual([400, { message: 'KEY_INVALID' }]);
  });
});
