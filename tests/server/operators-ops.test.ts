/**
 * Operators managed by an admin in the console
 * (docs/decisions/0124-operators-in-the-console.md): list, add (the
 * password and second factor answered once, never logged or audited),
 * disable (sessions end at once) and reset, with the ops commands' rules
 * and a catalogue code for each refusal; every change in the audit.
 */
import { describe, expect, it } from 'vitest';
import { endpoints } from '../../src/contract/endpoints.ts';
import { totpCode } from '../../src/server/auth/totp.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { call } from './helpers/http.ts';
import { login, signedInMember } from './helpers/members.ts';

const BOOTSTRAP = { phone: '0800000001', password: 'operator-secret' };

async function adminApp(overrides: Parameters<typeof buildTestApp>[0] = {}) {
  const t = await buildTestApp({ operator: BOOTSTRAP, ...overrides });
  return { t, admin: await login(t, BOOTSTRAP.phone, BOOTSTRAP.password) };
}

/** The secret in an otpauth:// address. */
const secretOf = (totpUri: string) => new URL(totpUri).searchParams.get('secret')!;

/** Signs in with the enrolment's password and the next step's code; the login's answer. */
function signIn(t: TestApp, phone: string, enrolment: { password: string; totpUri: string }) {
  t.clock.advance(30_000);
  return call(t.app, endpoints.login, { username: phone, password: enrolment.password, otpCode: totpCode(secretOf(enrolment.totpUri), t.clock()) });
}

const ops = (t: TestApp, token: string, endpoint: (typeof endpoints)[keyof typeof endpoints], body?: unknown, phone?: string) =>
  call(t.app, endpoint, body, { token, ...(phone !== undefined && { params: { phone } }) });

describe('an admin adds an operator', () => {
  it('answers the password and second factor once; the operator signs in with them; the audit names who and the role, never the secrets', async () => {
    const { t, admin } = await adminApp({ logLevel: 'info' });

    const added = await ops(t, admin, endpoints.opsOperatorAdd, { phone: '0810000301', role: 'finance', name: ' Noi Finance ' });

    expect(added.statusCode, added.body).toBe(200);
    const { operator, enrolment } = added.json();
    expect(operator).toEqual({ phone: '0810000301', name: 'Noi Finance', role: 'finance', bootstrap: false, disabled: false, createdAt: t.clock().toISOString() });
    expect(enrolment.password).toMatch(/^[A-Za-z2-9]{20}$/);
    expect(enrolment.totpUri).toMatch(/^otpauth:\/\/totp\//);
    const signedIn = await signIn(t, '0810000301', enrolment);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const me = await call(t.app, endpoints.opsMe, undefined, { token: signedIn.json().token });
    expect(me.json()).toMatchObject({ name: 'Noi Finance', role: 'finance' });

    const listed = (await ops(t, admin, endpoints.opsOperators)).json().operators as { phone: string }[];
    expect(listed.filter((row) => row.phone === '0810000301')).toEqual([operator]);
    const audit = (await call(t.app, endpoints.opsAudit, undefined, { token: admin, query: { action: 'operator.add' } })).json().entries;
    expect(audit).toEqual([expect.objectContaining({ operator: BOOTSTRAP.phone, subject: '0810000301', member: null, after: { role: 'finance', name: 'Noi Finance' } })]);
    const secret = secretOf(enrolment.totpUri);
    expect(JSON.stringify(audit)).not.toContain(secret);
    expect(t.logs.join('\n')).toContain('/api/ops/operators');
    expect(t.logs.join('\n')).not.toContain(enrolment.password);
    expect(t.logs.join('\n')).not.toContain(secret);
  });

  it('refuses a phone an operator or a member has, a phone of another country, an unknown role or an empty name', async () => {
    const { t, admin } = await adminApp();
    const member = await signedInMember(t);
    await ops(t, admin, endpoints.opsOperatorAdd, { phone: '0810000311', role: 'support', name: 'Support' });
    const listed = async () => (await ops(t, admin, endpoints.opsOperators)).json().operators as unknown[];
    const before = await listed();

    const answers = await Promise.all(
      [
        { phone: '0810000311', role: 'support', name: 'Again' },
        { phone: BOOTSTRAP.phone, role: 'support', name: 'The bootstrap' },
        { phone: member.phone, role: 'admin', name: 'A member' },
        { phone: '02012345678', role: 'support', name: 'Lao phone on the Thai build' },
        { phone: '0810000312', role: 'owner', name: 'Owner' },
        { phone: '0810000313', role: 'support', name: '  ' },
      ].map((body) => ops(t, admin, endpoints.opsOperatorAdd, body)),
    );

    expect(answers.map((answer) => [answer.statusCode, answer.json().message])).toEqual([
      [409, 'OPERATOR_EXISTS'],
      [409, 'OPERATOR_EXISTS'],
      [409, 'OPERATOR_PHONE_IS_MEMBER'],
      [400, 'PHONE_NUMBER_REQUIRE_10_DIGIT'],
      [400, 'KEY_INVALID'],
      [400, 'KEY_INVALID'],
    ]);
    expect(await listed()).toEqual(before);
  });
});

describe('an admin disables or resets an operator', () => {
  it('disables: the operator’s session ends at once and their login fails; added again, they get new sign-in details', async () => {
    const { t, admin } = await adminApp();
    const { enrolment } = (await ops(t, admin, endpoints.opsOperatorAdd, { phone: '0810000321', role: 'support', name: 'Support' })).json();
    const token = (await signIn(t, '0810000321', enrolment)).json().token;

    const disabled = await ops(t, admin, endpoints.opsOperatorDisabled, undefined, '0810000321');

    expect([disabled.statusCode, disabled.json().operator.disabled]).toEqual([200, true]);
    expect((await call(t.app, endpoints.opsMe, undefined, { token })).statusCode).toBe(401);
    expect((await signIn(t, '0810000321', enrolment)).statusCode).not.toBe(200);
    const reset = await ops(t, admin, endpoints.opsOperatorReset, undefined, '0810000321');
    expect([reset.statusCode, reset.json()]).toEqual([409, { message: 'OPERATOR_DISABLED' }]);

    const again = await ops(t, admin, endpoints.opsOperatorAdd, { phone: '0810000321', role: 'marketing', name: 'Marketing now' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().operator).toMatchObject({ role: 'marketing', disabled: false });
    expect((await signIn(t, '0810000321', again.json().enrolment)).statusCode).toBe(200);
    const actions = (await call(t.app, endpoints.opsAudit, undefined, { token: admin, query: { operator: BOOTSTRAP.phone } })).json().entries.map((entry: { action: string }) => entry.action);
    expect(actions).toEqual(['operator.add', 'operator.disabled', 'operator.add']);
  });

  it('never disables the admin’s own account or the bootstrap admin; an unknown phone is NO_DATA', async () => {
    const { t, admin } = await adminApp();
    const { enrolment } = (await ops(t, admin, endpoints.opsOperatorAdd, { phone: '0810000331', role: 'admin', name: 'Second admin' })).json();
    const second = (await signIn(t, '0810000331', enrolment)).json().token;

    const self = await ops(t, second, endpoints.opsOperatorDisabled, undefined, '0810000331');
    const bootstrap = await ops(t, second, endpoints.opsOperatorDisabled, undefined, BOOTSTRAP.phone);
    const unknown = await ops(t, second, endpoints.opsOperatorDisabled, undefined, '0810000339');

    expect([self.statusCode, self.json()]).toEqual([403, { message: 'OPERATOR_SELF' }]);
    expect([bootstrap.statusCode, bootstrap.json()]).toEqual([409, { message: 'OPERATOR_BOOTSTRAP' }]);
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { message: 'NO_DATA' }]);
    expect((await call(t.app, endpoints.opsMe, undefined, { token: admin })).statusCode).toBe(200);
  });

  it('resets: a new password and second factor, the old ones and the old session stop working', async () => {
    const { t, admin } = await adminApp();
    const { enrolment } = (await ops(t, admin, endpoints.opsOperatorAdd, { phone: '0810000341', role: 'finance', name: 'Finance' })).json();
    const token = (await signIn(t, '0810000341', enrolment)).json().token;

    const reset = await ops(t, admin, endpoints.opsOperatorReset, undefined, '0810000341');

    expect(reset.statusCode, reset.body).toBe(200);
    const fresh = reset.json().enrolment;
    expect(fresh.password).not.toBe(enrolment.password);
    expect(secretOf(fresh.totpUri)).not.toBe(secretOf(enrolment.totpUri));
    expect((await call(t.app, endpoints.opsMe, undefined, { token })).statusCode).toBe(401);
    expect((await signIn(t, '0810000341', enrolment)).statusCode).not.toBe(200);
    expect((await signIn(t, '0810000341', fresh)).statusCode).toBe(200);
  });
});
