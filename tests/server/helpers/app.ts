/**
 * Builds the app on a fresh database for one test and closes it when the
 * test finishes. TEST_DB (set by vitest.config.ts) picks the driver: `pglite`
 * (in memory) or `pg` (a new database on TEST_DATABASE_URL, dropped after).
 *
 * Each test file migrates one database; before each test every table is
 * emptied and the seed runs again, so each test starts from a just-seeded
 * database (~50 ms instead of ~0.5-4 s for a new one). A test that holds two
 * apps at once gets a second database of its own.
 */
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, onTestFinished } from 'vitest';
import { buildApp } from '../../../src/server/app.ts';
import { useCheapPasswordHashingForTests } from '../../../src/server/auth/passwords.ts';
import type { Clock } from '../../../src/server/clock.ts';
import { loadConfig, type Config } from '../../../src/server/config.ts';
import { pgliteDatabase, postgresDatabase, type Database, type Db } from '../../../src/server/db/client.ts';
import type { GameProviders } from '../../../src/server/games/provider.ts';
import type { Ticker } from '../../../src/server/jobs.ts';
import type { OpnClient } from '../../../src/server/payments/opn.ts';
import type { LimitStore } from '../../../src/server/limits/store.ts';
import { seed } from '../../../src/server/db/seed.ts';
import { RecordingSms } from '../../../src/server/sms/recording.ts';
import type { FileStorage } from '../../../src/server/storage/storage.ts';

// Real hashing costs ~130 ms a password and these tests hash hundreds; passwords.test.ts checks the real cost.
useCheapPasswordHashingForTests();

export interface TestClock extends Clock {
  advance(ms: number): void;
}

/** A clock that stands still until the test moves it. */
export function testClock(start = new Date('2026-03-02T03:00:00.000Z')): TestClock {
  let now = start.getTime();
  const clock = (() => new Date(now)) as TestClock;
  clock.advance = (ms) => {
    now += ms;
  };
  return clock;
}

/** The default configuration with quiet logs and no SPA build. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({}),
    logLevel: 'silent',
    distDir: path.join(tmpdir(), 'wallet-test-no-dist'),
    ...overrides,
  };
}

// ---------------------------------------------------------------- databases

const projectRoot = path.resolve(import.meta.dirname, '../../..');
const migrationsFolder = path.join(projectRoot, 'drizzle');

/** Names a migrated PGlite data folder by what made it: the PGlite version and every migration file. */
function savedPgliteFile(): string {
  const hash = createHash('sha256').update(readFileSync(path.join(projectRoot, 'node_modules/@electric-sql/pglite/package.json')));
  for (const file of readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort()) {
    const full = path.join(migrationsFolder, file);
    if (statSync(full).isFile()) hash.update(file).update(readFileSync(full));
  }
  return path.join(tmpdir(), `wallet-test-pglite-${hash.digest('hex').slice(0, 16)}.tar`);
}

/**
 * A new PGlite runs initdb (~4 s); loading a saved data folder takes ~0.7 s.
 * The first test file of a run saves its migrated folder for the others.
 */
async function createPglite(): Promise<Database> {
  const saved = savedPgliteFile();
  const client = existsSync(saved) ? await PGlite.create({ loadDataDir: new Blob([readFileSync(saved)]) }) : await PGlite.create();
  const database = pgliteDatabase(client);
  await database.migrate();
  if (!existsSync(saved)) {
    const partial = `${saved}.${process.pid}`;
    writeFileSync(partial, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
    renameSync(partial, saved);
  }
  return database;
}

/** A migrated, empty PGlite data folder as a tar: a PGlite in a folder of its own starts from it without initdb. */
export async function migratedPgliteTar(): Promise<Blob> {
  const saved = savedPgliteFile();
  if (!existsSync(saved)) await (await createPglite()).close();
  return new Blob([readFileSync(saved)]);
}

async function withAdminConnection<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A new, empty database on TEST_DATABASE_URL's server: its URL and how to drop it. */
export async function newPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=pg needs TEST_DATABASE_URL');
  const name = `wallet_test_${randomUUID().replaceAll('-', '')}`;
  await withAdminConnection(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => withAdminConnection(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}

/** A new database on TEST_DATABASE_URL's server, migrated; closing it drops it. */
async function createPostgres(): Promise<Database> {
  const { url, drop } = await newPostgresDatabase();
  const database = postgresDatabase(url);
  await database.migrate();
  return {
    ...database,
    close: async () => {
      await database.close();
      await drop();
    },
  };
}

function createDatabase(): Promise<Database> {
  return process.env.TEST_DB === 'pg' ? createPostgres() : createPglite();
}

/** Empties every table, as if the database had just been migrated. */
async function emptyTables(db: Db): Promise<void> {
  // Both drivers answer `{ rows }`; the shared drizzle type does not say so.
  const tables = (await db.execute(sql`select quote_ident(tablename) as name from pg_tables where schemaname = 'public'`)) as unknown as {
    rows: { name: string }[];
  };
  const names = tables.rows.map((table) => table.name).join(', ');
  await db.execute(sql.raw(`truncate ${names} restart identity cascade`));
}

let fileDatabase: Promise<{ database: Database; inUse: boolean }> | undefined;

afterAll(async () => {
  if (fileDatabase) await (await fileDatabase).database.close();
});

/** The file's database, emptied; a second one when this test already holds it. */
async function emptyDatabase(): Promise<Database> {
  const shared = await (fileDatabase ??= createDatabase().then((database) => ({ database, inUse: false })));
  if (shared.inUse) return createDatabase();
  shared.inUse = true;
  await emptyTables(shared.database.db);
  return {
    ...shared.database,
    close: async () => {
      shared.inUse = false;
    },
  };
}

// ---------------------------------------------------------------- apps

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  sms: RecordingSms;
  clock: TestClock;
  config: Config;
  /** Log lines, when the test asked for a logLevel other than silent. */
  logs: string[];
}

export interface TestAppOptions {
  /** Game providers by name, instead of the app's built-in ones (a provider that fails on demand). */
  games?: GameProviders;
  /** Where rate-limit state lives, instead of the test's database (a Redis store). */
  limitStore?: LimitStore;
  /** A clock shared with another app of the same test. */
  clock?: TestClock;
  /** Where uploads live, instead of the folder DATA_DIR/uploads. */
  uploads?: FileStorage;
  /** What ticks the background jobs; by default Node's timers, which fire no tick within a test. */
  jobTicker?: Ticker;
  /** Opn's client, instead of the one config.opn would make (one that does not wait between retries). */
  opn?: OpnClient;
}

/** Call inside a test: the app and its database are closed when the test finishes. */
export async function buildTestApp(overrides: Partial<Config> = {}, { games, limitStore, clock = testClock(), uploads, jobTicker, opn }: TestAppOptions = {}): Promise<TestApp> {
  const config = testConfig(overrides);
  const sms = new RecordingSms();
  const logs: string[] = [];
  const database = await emptyDatabase();
  await seed(database.db, config, clock);
  const app = await buildApp({
    config,
    db: database.db,
    locks: database.locks,
    sms,
    clock,
    ...(games && { games }),
    ...(limitStore && { limitStore }),
    ...(uploads && { uploads }),
    ...(jobTicker && { jobTicker }),
    ...(opn && { opn }),
    logStream: { write: (line) => void logs.push(line) },
  });
  onTestFinished(async () => {
    await app.close();
    await database.close();
  });
  return { app, db: database.db, sms, clock, config, logs };
}
