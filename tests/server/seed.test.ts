import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { endpoints } from '../../src/contract/endpoints.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { bankAccounts, banks, settings, sources, users } from '../../src/server/db/schema.ts';
import { seed } from '../../src/server/db/seed.ts';
import { OperatorRefused } from '../../src/server/operators/accounts.ts';
import { getSetting, putSetting } from '../../src/server/repositories/settings.ts';
import { buildTestApp, testConfig, type TestApp } from './helpers/app.ts';
import { call } from './helpers/http.ts';
import { login, registerMember } from './helpers/members.ts';

async function rowCounts(t: TestApp) {
  const countOf = async (table: typeof banks | typeof sources | typeof settings | typeof users) =>
    (await t.db.select({ rows: count() }).from(table))[0]!.rows;
  return { banks: await countOf(banks), sources: await countOf(sources), settings: await countOf(settings), users: await countOf(users) };
}

describe('seed', () => {
  it('creates the demo member with a KBANK account', async () => {
    const t = await buildTestApp();

    const [demo] = await t.db
      .select({ name: users.name, status: users.status, bankCode: bankAccounts.bankCode, accountNo: bankAccounts.accountNo, accountName: bankAccounts.accountName })
      .from(users)
      .innerJoin(bankAccounts, eq(bankAccounts.userId, users.id))
      .where(eq(users.phone, '0812345678'));

    expect(demo).toEqual({ name: 'SOMCHAI JAIDEE', status: 'active', bankCode: 'KBANK', accountNo: '1234567890', accountName: 'SOMCHAI JAIDEE' });
  });

  it('adds nothing when run again', async () => {
    const t = await buildTestApp();
    const before = await rowCounts(t);

    await seed(t.db, t.config, t.clock);

    expect(await rowCounts(t)).toEqual(before);
  });

  it('keeps an operator’s edits', async () => {
    const t = await buildTestApp();
    await t.db.update(banks).set({ nameEn: 'Kasikorn Bank (edited)' }).where(eq(banks.code, 'KBANK'));
    await putSetting(t.db, 'info', { name: 'Edited Wallet', website: 'https://edited.example' });
    await call(t.app, endpoints.changePassword, { oldPassword: 'demo-pass-1234', newPassword: 'changed-demo-pass' }, {
      token: await login(t, '0812345678', 'demo-pass-1234'),
    });

    await seed(t.db, t.config, t.clock);

    const [kbank] = await t.db.select().from(banks).where(eq(banks.code, 'KBANK'));
    expect(kbank?.nameEn).toBe('Kasikorn Bank (edited)');
    expect(await getSetting(t.db, 'info')).toEqual({ name: 'Edited Wallet', website: 'https://edited.example' });
    expect(await login(t, '0812345678', 'changed-demo-pass')).toBeTruthy();
  });

  it('writes registerOTP when REGISTER_OTP is set, and keeps the stored value when it is not', async () => {
    const t = await buildTestApp({ registerOtp: false });

    await seed(t.db, testConfig({ registerOtp: undefined }), t.clock);
    const kept = await getSetting(t.db, 'registerOTP');
    await seed(t.db, testConfig({ registerOtp: true }), t.clock);
    const written = await getSetting(t.db, 'registerOTP');

    expect(kept).toBe(false);
    expect(written).toBe(true);
  });

  it('creates the operator, and updates its password at the next start', async () => {
    const t = await buildTestApp({ operator: { phone: '0800000001', password: 'first-operator-pass' } });

    await seed(t.db, testConfig({ operator: { phone: '0800000001', password: 'second-operator-pass' } }), t.clock);

    const failed = await call(t.app, endpoints.login, { username: '0800000001', password: 'first-operator-pass' });
    expect(failed.json()).toEqual({ message: 'WRONG_CREDENTIAL' });
    expect(await login(t, '0800000001', 'second-operator-pass')).toBeTruthy();
  });

  it('refuses an OPERATOR_PHONE that is a member’s, and leaves the member as they were', async () => {
    const t = await buildTestApp({ registerOtp: false });
    const member = await registerMember(t);

    const seeding = seed(t.db, testConfig({ operator: { phone: member.phone, password: 'operator-pass-1' } }), t.clock);

    await expect(seeding).rejects.toThrow(OperatorRefused);
    expect(await login(t, member.phone, member.password)).toBeTruthy();
    const failed = await call(t.app, endpoints.login, { username: member.phone, password: 'operator-pass-1' });
    expect(failed.json()).toEqual({ message: 'WRONG_CREDENTIAL' });
  });
});

describe('openDatabase with PGlite in DATA_DIR', () => {
  it('creates missing parent folders, migrates twice, and refuses a second opener', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'wallet-data-'));
    const dataDir = path.join(root, 'deeper', 'still-deeper');
    try {
      const database = await openDatabase({ databaseUrl: null, dataDir });
      await database.migrate();
      await database.migrate();

      const second = openDatabase({ databaseUrl: null, dataDir });

      await expect(second).rejects.toThrow(`${dataDir} is in use by process ${process.pid}`);
      await database.close();
      const reopened = await openDatabase({ databaseUrl: null, dataDir });
      await reopened.close();
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
