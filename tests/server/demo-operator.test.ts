/**
 * The demo agent: demo mode seeds an admin with the credentials README
 * gives, who logs in with phone and password alone and opens the support
 * inbox. Production seeds none, disables the one a demo database left while
 * its password is the source's, refuses that password as OPERATOR_PASSWORD,
 * and asks every operator without a second factor for one anyway.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { endpoints } from '../../src/contract/endpoints.ts';
import { hashPassword } from '../../src/server/auth/passwords.ts';
import { totpCode } from '../../src/server/auth/totp.ts';
import { loadConfig } from '../../src/server/config.ts';
import { operators } from '../../src/server/db/schema.ts';
import { DEMO_OPERATOR } from '../../src/server/db/seed-data.ts';
import { seed } from '../../src/server/db/seed.ts';
import { disableOperator, resetOperator } from '../../src/server/operators/accounts.ts';
import { insertOperator } from '../../src/server/repositories/operators.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { call } from './helpers/http.ts';
import { login } from './helpers/members.ts';
import { PRODUCTION_ENV, productionOverrides } from './helpers/production.ts';

const { phone, password } = DEMO_OPERATOR;

async function demoAgentRow(t: TestApp) {
  const [row] = await t.db
    .select({ name: operators.name, role: operators.role, bootstrap: operators.bootstrap, totpSecret: operators.totpSecret, disabledAt: operators.disabledAt })
    .from(operators)
    .where(eq(operators.phone, phone));
  return row;
}

function tryLogin(t: TestApp, username: string, secret: string, otpCode?: string) {
  return call(t.app, endpoints.login, { username, password: secret, ...(otpCode !== undefined && { otpCode }) });
}

/** The demo member's password changed, so a production seed gets past it to what these tests look at. */
async function demoMemberWithOwnPassword(t: TestApp): Promise<void> {
  const token = await login(t, t.config.demo.phone, t.config.demo.password);
  const changed = await call(t.app, endpoints.changePassword, { oldPassword: t.config.demo.password, newPassword: 'a-password-of-its-own' }, { token });
  expect(changed.statusCode, changed.body).toBe(200);
}

describe('the demo agent in demo mode', () => {
  it('is an admin with README’s credentials, who logs in without a code and opens the inbox', async () => {
    const t = await buildTestApp();
    const readme = readFileSync(path.resolve(import.meta.dirname, '../../README.md'), 'utf8');

    expect(readme).toContain(`phone\n\`${phone}\`, password \`${password}\``);
    expect(await demoAgentRow(t)).toEqual({ name: 'Demo agent', role: 'admin', bootstrap: false, totpSecret: null, disabledAt: null });
    const token = await login(t, phone, password);
    const me = await call(t.app, endpoints.opsMe, undefined, { token });
    expect(me.json()).toMatchObject({ name: 'Demo agent', role: 'admin' });
    expect((await call(t.app, endpoints.opsChatInbox, undefined, { token })).statusCode).toBe(200);
  });

  it('is added once: a disabled demo agent stays disabled at the next start', async () => {
    const t = await buildTestApp();
    await disableOperator(t.db, phone, t.clock());
    await seed(t.db, t.config, t.clock);
    expect((await demoAgentRow(t))?.disabledAt).toEqual(t.clock());
    expect((await tryLogin(t, phone, password)).json()).toEqual({ message: 'WRONG_CREDENTIAL' });
  });

  it('leaves its phone to OPERATOR_PHONE’s bootstrap admin', async () => {
    const t = await buildTestApp({ operator: { phone, password: 'bootstrap-pass-1' } });

    expect(await demoAgentRow(t)).toMatchObject({ name: 'Bootstrap admin', bootstrap: true });
    expect((await tryLogin(t, phone, password)).json()).toEqual({ message: 'WRONG_CREDENTIAL' });
  });
});

describe('the demo agent in production', () => {
  it('is not seeded', async () => {
    const t = await buildTestApp(productionOverrides());

    expect(await demoAgentRow(t)).toBeUndefined();
    expect((await tryLogin(t, phone, password)).json()).toEqual({ message: 'WRONG_CREDENTIAL' });
  });

  it('is disabled, with its sessions, on a database that ran in demo mode, unless it has a password of its own', async () => {
    const t = await buildTestApp();
    const production = { ...t.config, ...productionOverrides() };
    await demoMemberWithOwnPassword(t);
    const token = await login(t, phone, password);
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => undefined);

    await seed(t.db, production, t.clock);

    expect((await demoAgentRow(t))?.disabledAt).toEqual(t.clock());
    const dead = await call(t.app, endpoints.opsMe, undefined, { token });
    expect([dead.statusCode, dead.json()]).toEqual([401, { message: 'invalid-token' }]);

    // Given its own password and second factor, it is an operator like any other.
    const other = await buildTestApp();
    await demoMemberWithOwnPassword(other);
    const enrolment = await resetOperator(other.db, phone, other.clock());
    await seed(other.db, { ...other.config, ...productionOverrides() }, other.clock);
    const said = warnings.mock.calls.map(([line]) => String(line));
    warnings.mockRestore();
    expect(said.filter((line) => line.includes('demo agent'))).toHaveLength(1);
    expect((await demoAgentRow(other))?.disabledAt).toBeNull();
    other.clock.advance(30_000);
    expect((await tryLogin(other, phone, enrolment.password!, totpCode(enrolment.totpSecret, other.clock()))).statusCode).toBe(200);
  });

  it('refuses its password as OPERATOR_PASSWORD, and asks an operator with no second factor for a code all the same', async () => {
    expect(() => loadConfig({ ...PRODUCTION_ENV, OPERATOR_PHONE: '0811111111', OPERATOR_PASSWORD: password })).toThrow(
      /^Invalid configuration: OPERATOR_PASSWORD must not be a value from the source code/,
    );

    const t = await buildTestApp(productionOverrides());
    await insertOperator(t.db, { phone, name: 'No second factor', role: 'admin', passwordHash: await hashPassword(password), totpSecret: null }, t.clock());
    expect((await tryLogin(t, phone, password)).json()).toEqual({ message: 'WRONG_CREDENTIAL' });
  });
});
