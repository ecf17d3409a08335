/**
 * Builds the app on a fresh, migrated and seeded database for one test and
 * closes both when the test finishes. TEST_DB (set by vitest.config.ts) picks
 * the driver:
 * - pglite: an in-memory PGlite per test file, emptied before each test;
 * - pg: a new database on TEST_DATABASE_URL per test, dropped after it.
 */
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { onTestFinished } from 'vitest';
import { buildApp } from '../../../src/server/app.ts';
import type { Clock } from '../../../src/server/clock.ts';
import { loadConfig, type Config } from '../../../src/server/config.ts';
import { pgliteDatabase, postgresDatabase, type Database, type Db } from '../../../src/server/db/client.ts';
import { seed } from '../../../src/server/db/seed.ts';
import { RecordingSms } from '../../../src/server/sms/recording.ts';

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

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  sms: RecordingSms;
  clock: TestClock;
  config: Config;
  /** Log lines, when the test asked for a logLevel other than silent. */
  logs: string[];
  close(): Promise<void>;
}

interface SharedPglite {
  client: PGlite;
  inUse: boolean;
}

let sharedPglite: Promise<SharedPglite> | undefined;

async function createSharedPglite(): Promise<SharedPglite> {
  const client = await PGlite.create();
  await pgliteDatabase(client).migrate();
  return { client, inUse: false };
}

/** Empties every table, as if the database had just been migrated. */
async function emptyTables(db: Db): Promise<void> {
  const tables = await db.execute<{ name: string }>(sql`select quote_ident(tablename) as name from pg_tables where schemaname = 'public'`);
  const names = tables.rows.map((table) => table.name).join(', ');
  await db.execute(sql.raw(`truncate ${names} restart identity cascade`));
}

/**
 * One PGlite per test file, emptied for each test (creating a PGlite takes
 * ~4 s, emptying it ~30 ms). A test that builds a second app at once gets a
 * clone (~0.8 s) of its own.
 */
async function freshPglite(): Promise<Database> {
  const shared = await (sharedPglite ??= createSharedPglite());
  if (shared.inUse) {
    const clone = pgliteDatabase((await shared.client.clone()) as PGlite);
    await emptyTables(clone.db);
    return clone;
  }
  shared.inUse = true;
  const database = pgliteDatabase(shared.client);
  await emptyTables(database.db);
  return {
    ...database,
    close: async () => {
      shared.inUse = false;
    },
  };
}

async function withAdminConnection<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function freshPostgres(): Promise<Database> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=pg needs TEST_DATABASE_URL');
  const name = `wallet_test_${randomUUID().replaceAll('-', '')}`;
  await withAdminConnection(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = postgresDatabase(url.toString());
  await database.migrate();
  return {
    ...database,
    close: async () => {
      await database.close();
      await withAdminConnection(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/** Call inside a test: the app and its database are closed when the test finishes. */
export async function buildTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const config = testConfig(overrides);
  const clock = testClock();
  const sms = new RecordingSms();
  const logs: string[] = [];
  const database = process.env.TEST_DB === 'pg' ? await freshPostgres() : await freshPglite();
  await seed(database.db, config, clock);
  const app = await buildApp({ config, db: database.db, sms, clock, logStream: { write: (line) => void logs.push(line) } });
  const close = async () => {
    await app.close();
    await database.close();
  };
  onTestFinished(close);
  return { app, db: database.db, sms, clock, config, logs, close };
}
