/**
 * Backups (README, "Backups"; src/server/db/backup.ts): a database with
 * members and money movements (deposits, transfers into a game, a
 * withdrawal held pending) is dumped and restored into a fresh place; the
 * ledger check holds there and every account's totals, the transfers and
 * the members are the same. On PGlite through `npm run db:dump` and
 * `npm run db:restore` (the scripts themselves), on PostgreSQL through
 * pg_dump -Fc and pg_restore as the README gives them.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import type pg from 'pg';
import { describe, expect, it, onTestFinished } from 'vitest';
import { endpoints } from '../../src/contract/endpoints.ts';
import { buildApp } from '../../src/server/app.ts';
import { BackupRefused, dumpFileName, dumpPglite, restorePglite } from '../../src/server/db/backup.ts';
import { lockDataDir, openDatabase, openPgliteFolder, postgresDatabase, type Db } from '../../src/server/db/client.ts';
import { users } from '../../src/server/db/schema.ts';
import { seed } from '../../src/server/db/seed.ts';
import { checkLedger } from '../../src/server/ledger/check.ts';
import { RecordingSms } from '../../src/server/sms/recording.ts';
import { migratedPgliteTar, newPostgresDatabase, testClock, testConfig } from './helpers/app.ts';
import { addTestGames, TestProvider } from './helpers/games.ts';
import { call } from './helpers/http.ts';
import { login } from './helpers/members.ts';
import { buildMoneyApp, ledgerSnapshot, memberWithMoney, OPERATOR, type MoneyApp } from './helpers/money.ts';

function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Members with money in their wallets and games, and a withdrawal held pending. */
async function moveMoney(m: MoneyApp): Promise<void> {
  await memberWithMoney(m, { wallet: 1_250.5 });
  await memberWithMoney(m, { wallet: 300, inGames: { TEST_SLOT: 120.25, TEST_LOTTO: 80 } });
  const withdrawing = await memberWithMoney(m, { wallet: 900 });
  const response = await call(m.app, endpoints.withdraw, { amount: 400.5 }, { token: withdrawing.token });
  expect(response.statusCode, response.body).toBe(200);
}

/** What must come back from a backup: the ledger's soundness, every account's totals, the transfers and the members. */
async function contents(db: Db) {
  const [members] = await db.select({ n: count() }).from(users);
  return { problems: await checkLedger(db), ledger: await ledgerSnapshot(db), members: members?.n };
}

/** The scripts, as `npm run db:dump` / `npm run db:restore` run them. */
function backupScript(args: string[], dataDir: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  return spawnSync(process.execPath, ['--import', 'tsx', 'scripts/db-backup.ts', ...args], { env, encoding: 'utf8' });
}

describe.runIf(process.env.TEST_DB !== 'pg')('PGlite backups (npm run db:dump, db:restore)', () => {
  it('dump a data folder into a file named by its time and restore it into a fresh folder with the same money', async () => {
    const dataDir = tempDir('wallet-backup-data-');
    const clock = testClock();
    const config = testConfig({ operator: OPERATOR, dataDir });
    const { database } = await openPgliteFolder(dataDir, { loadDataDir: await migratedPgliteTar() });
    await seed(database.db, config, clock);
    const provider = new TestProvider();
    const sms = new RecordingSms();
    const app = await buildApp({ config, db: database.db, sms, clock, games: new Map([[provider.name, provider]]), jobTicker: { every: () => () => undefined } });
    await addTestGames(database.db);
    const t = { app, db: database.db, sms, clock, config, logs: [] };
    const m: MoneyApp = { ...t, provider, operatorToken: await login(t, OPERATOR.phone, OPERATOR.password) };
    await moveMoney(m);
    const before = await contents(database.db);
    expect(before.problems).toEqual([]);
    expect(before.ledger.transfers).toBeGreaterThan(5);

    // Not while the server has the folder.
    await expect(dumpPglite(dataDir, tempDir('wallet-backups-'), new Date())).rejects.toThrow(/is in use by process/);
    await app.close();
    await database.close();

    const backups = tempDir('wallet-backups-');
    const dumped = backupScript(['dump', '--out', backups], dataDir);
    expect(dumped.status, dumped.stderr).toBe(0);
    const [file, ...others] = readdirSync(backups);
    expect(others).toEqual([]);
    expect(file).toMatch(/^wallet-pglite-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.tar\.gz$/);

    const restoredDir = tempDir('wallet-backup-restored-');
    const restored = backupScript(['restore', path.join(backups, file!)], restoredDir);
    expect(restored.status, restored.stderr).toBe(0);
    const reopened = await openDatabase({ databaseUrl: null, dataDir: restoredDir });
    try {
      await reopened.migrate();
      expect(await contents(reopened.db)).toEqual(before);
    } finally {
      await reopened.close();
    }
  });

  it('refuse to restore over a folder that holds a database unless forced, and then keep the old one aside', async () => {
    const source = tempDir('wallet-backup-source-');
    const { database: empty } = await openPgliteFolder(source, { loadDataDir: await migratedPgliteTar() });
    await empty.db.execute('create table restored_here (x int)');
    await empty.close();
    const file = await dumpPglite(source, tempDir('wallet-backups-'), new Date('2026-03-02T03:00:00Z'));
    expect(path.basename(file)).toBe('wallet-pglite-2026-03-02T03-00-00Z.tar.gz');

    // A folder that holds a database (its files, as far as a restore looks).
    const target = tempDir('wallet-backup-target-');
    mkdirSync(path.join(target, 'pglite'));
    writeFileSync(path.join(target, 'pglite', 'PG_VERSION'), '17\n');

    // Not while a server has it, even forced.
    const unlock = lockDataDir(target);
    await expect(restorePglite(file, target, { force: true, now: new Date() })).rejects.toThrow(/is in use by process/);
    unlock();

    const refused = backupScript(['restore', file], target);
    expect([refused.status, refused.stderr]).toEqual([1, expect.stringContaining('holds a database already')]);
    await expect(restorePglite(file, target, { now: new Date() })).rejects.toBeInstanceOf(BackupRefused);

    const { keptAside } = await restorePglite(file, target, { force: true, now: new Date('2026-03-02T04:00:00Z') });
    expect(readdirSync(keptAside!)).toEqual(['PG_VERSION']);
    const restored = await openDatabase({ databaseUrl: null, dataDir: target });
    try {
      const tables = await restored.db.execute("select count(*)::int as n from pg_tables where tablename = 'restored_here'");
      expect((tables as unknown as { rows: { n: number }[] }).rows).toEqual([{ n: 1 }]);
    } finally {
      await restored.close();
    }
  });

  it('write a dump only this user reads, never through a name already there, and leave DATA_DIR as it was when a dump does not load', async () => {
    const source = tempDir('wallet-backup-source-');
    const { database: empty } = await openPgliteFolder(source, { loadDataDir: await migratedPgliteTar() });
    await empty.close();
    expect(statSync(path.join(source, 'pglite')).mode & 0o777).toBe(0o700);
    const outDir = path.join(tempDir('wallet-backups-'), 'dumps');
    const now = new Date('2026-03-02T05:00:00Z');
    const file = await dumpPglite(source, outDir, now);
    expect([statSync(outDir).mode & 0o777, statSync(file).mode & 0o777]).toEqual([0o700, 0o600]);

    // A link planted where the next dump's partial file will be: refused, the linked file untouched.
    const victim = path.join(tempDir('wallet-backup-victim-'), 'victim.txt');
    writeFileSync(victim, 'keep me');
    const next = new Date('2026-03-02T05:01:00Z');
    symlinkSync(victim, path.join(outDir, `${dumpFileName(next)}.partial`));
    await expect(dumpPglite(source, outDir, next)).rejects.toThrow(/EEXIST/);
    expect(readFileSync(victim, 'utf8')).toBe('keep me');

    // Not a dump: forced, it still changes nothing.
    const garbage = path.join(tempDir('wallet-backup-garbage-'), 'garbage.tar.gz');
    writeFileSync(garbage, 'not a dump at all');
    await expect(restorePglite(garbage, source, { force: true, now })).rejects.toThrow();
    expect(readdirSync(source).sort()).toEqual(['pglite']);
    const still = await openDatabase({ databaseUrl: null, dataDir: source });
    await still.close();
  });

  it('point at pg_dump when DATABASE_URL names PostgreSQL', () => {
    const env = { ...process.env, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' };
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/db-backup.ts', 'dump'], { env, encoding: 'utf8' });
    expect([run.status, run.stderr]).toEqual([1, expect.stringContaining('pg_dump -Fc')]);
  });
});

describe.runIf(process.env.TEST_DB === 'pg')('PostgreSQL backups (pg_dump -Fc, pg_restore)', () => {
  it('restore a dump into a fresh database with the same money', async () => {
    const m = await buildMoneyApp();
    await moveMoney(m);
    const before = await contents(m.db);
    expect(before.problems).toEqual([]);

    const file = path.join(tempDir('wallet-pg-backups-'), 'wallet.dump');
    const sourceUrl = (m.db as unknown as { $client: pg.Pool }).$client.options.connectionString!;
    // As the README gives them.
    execFileSync('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`, `--dbname=${sourceUrl}`]);
    const fresh = await newPostgresDatabase();
    onTestFinished(fresh.drop);
    execFileSync('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${fresh.url}`, file]);

    const restored = postgresDatabase(fresh.url, 2);
    try {
      await restored.migrate();
      expect(await contents(restored.db)).toEqual(before);
    } finally {
      await restored.close();
    }
  });
});
