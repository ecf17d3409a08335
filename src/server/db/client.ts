/**
 * One database interface over two drivers: real PostgreSQL through `pg` when
 * DATABASE_URL is set, embedded PGlite in DATA_DIR otherwise. Both apply the
 * same committed drizzle-kit migrations.
 */
import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { getTableColumns, is } from 'drizzle-orm';
import { PgTransaction, type PgDatabase, type PgQueryResultHKT, type PgTable } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { DEFAULT_POOL_SIZE, type Config } from '../config.ts';
import { advisoryLocks, inProcessLocksOf, type Locks } from './locks.ts';

export type Db = PgDatabase<PgQueryResultHKT>;
export type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Repository functions take either, so the caller decides what shares a transaction. */
export type Queryable = Db | Transaction;

/**
 * One `Q` per database, built on first use: a prepared statement, or a
 * group commit (group-commit.ts) whose flushes go to that database.
 *
 * A prepared statement: a query every request runs (the session lookup)
 * then skips drizzle's query building (40-60 µs of CPU a call here), and on
 * PostgreSQL each pooled connection parses it once (a named statement).
 * `build` must use `sql.placeholder` for every value that varies. Only for
 * queries outside a transaction: a prepared statement is bound to the
 * database (the pool, or PGlite's queue), and a transaction's own queries
 * would wait for it (PGlite) or run on another connection (pg).
 */
export function perDatabase<Q>(build: (db: Db) => Q): (db: Db) => Q {
  const byDatabase = new WeakMap<Db, Q>();
  return (db) => {
    let query = byDatabase.get(db);
    if (query === undefined) {
      query = build(db);
      byDatabase.set(db, query);
    }
    return query;
  };
}

/**
 * Runs `work` in `db`'s transaction when it already is one, else in a new
 * transaction. No savepoint in the first case: every caller that hands in
 * its transaction (the Idempotency-Key's) lets a failure roll the whole of
 * it back, so a savepoint would cost two round trips and protect nothing.
 */
export function inTransaction<T>(db: Queryable, work: (tx: Transaction) => Promise<T>): Promise<T> {
  return is(db, PgTransaction) ? work(db as Transaction) : db.transaction(work);
}

export interface Database {
  db: Db;
  driver: 'pg' | 'pglite';
  /** Locks across the processes on this database (locks.ts): PostgreSQL's advisory locks, or PGlite's in this process. */
  locks: Locks;
  migrate(): Promise<void>;
  /**
   * Runs `work` while no other process runs its own on this database: the
   * migrations and the seed at start, so several processes may start at
   * once (docs/decisions/0151-scale-out.md), under the lock `server:start`.
   */
  whileAlone<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(import.meta.dirname, '../../../drizzle');

/** Opens the configured database; call `migrate()` before use. */
export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'> & Partial<Pick<Config, 'databasePoolSize'>>): Promise<Database> {
  if (config.databaseUrl) return postgresDatabase(config.databaseUrl, config.databasePoolSize);
  return (await openPgliteFolder(config.dataDir)).database;
}

/** Where PGlite keeps its files in a DATA_DIR. */
export const pgliteFolderOf = (dataDir: string): string => path.join(dataDir, 'pglite');

/**
 * PGlite in DATA_DIR, locked against a second process (the server's own
 * lock file): its client too, for what only PGlite does (dumpDataDir).
 * `loadDataDir` fills a folder that has no database yet from a dump (db/backup.ts).
 */
export async function openPgliteFolder(dataDir: string, { loadDataDir }: { loadDataDir?: Blob } = {}): Promise<{ client: PGlite; database: Database }> {
  // PGlite creates only the last folder of its path (docs/stack-notes.md).
  mkdirSync(dataDir, { recursive: true });
  const unlock = lockDataDir(dataDir);
  try {
    const client = await PGlite.create(pgliteFolderOf(dataDir), loadDataDir ? { loadDataDir } : {});
    // PGlite makes its files readable and writable by anyone (0666): its folder is closed to other users.
    chmodSync(pgliteFolderOf(dataDir), 0o700);
    return { client, database: pgliteDatabase(client, unlock) };
  } catch (error) {
    unlock();
    throw error;
  }
}

export function pgliteDatabase(client: PGlite, onClose: () => void = () => {}): Database {
  const db = drizzlePglite({ client });
  const locks = inProcessLocksOf(db);
  return {
    db,
    driver: 'pglite',
    locks,
    migrate: () => migratePglite(db, { migrationsFolder }),
    whileAlone: (work) => whileHolding(locks, work),
    close: async () => {
      await client.close();
      onClose();
    },
  };
}

async function whileHolding<T>(locks: Locks, work: () => Promise<T>): Promise<T> {
  let held = await locks.tryLock('server:start');
  if (!held) {
    // Said, so that a start that waits on a stuck process is not a silent one.
    console.log('Another process is migrating or seeding this database; waiting for it to finish');
    held = await locks.lock('server:start');
  }
  try {
    return await work();
  } finally {
    await held.release();
  }
}

/** Whether a process with this pid still runs (EPERM: it runs, under another user). */
function isProcessRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite does not notice a second process opening the same folder, and two
 * writers would corrupt it; a lock file with our pid refuses the second one.
 * A lock left by a process that no longer runs is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  const lockFile = path.join(dataDir, 'pglite.lock');
  try {
    writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const holder = Number(readFileSync(lockFile, 'utf8'));
    if (isProcessRunning(holder)) {
      throw new Error(`${dataDir} is in use by process ${holder} (lock file ${lockFile}); stop that server or choose another DATA_DIR`);
    }
    writeFileSync(lockFile, String(process.pid));
  }
  return () => rmSync(lockFile, { force: true });
}

export function postgresDatabase(connectionString: string, poolSize = DEFAULT_POOL_SIZE): Database {
  const pool = new pg.Pool({ connectionString, max: poolSize });
  let closing = false;
  // An idle connection can fail (a database restart); without a listener that would crash the process.
  // pool.end() resolves before its sockets are gone, so failures after closing are not news.
  pool.on('error', (error) => {
    if (!closing) console.error(`PostgreSQL connection error: ${error.message}`);
  });
  const db = drizzlePostgres({ client: pool });
  const locks = advisoryLocks({ connectionString }, (error, key) => console.error(`PostgreSQL connection holding the lock ${key} failed: ${error.message}`));
  return {
    db,
    driver: 'pg',
    locks,
    migrate: () => migratePostgres(db, { migrationsFolder }),
    whileAlone: (work) => whileHolding(locks, work),
    close: async () => {
      closing = true;
      await pool.end();
    },
  };
}

/** The PostgreSQL error behind a failed query (drizzle wraps it), if any. */
function postgresErrorOf(error: unknown): { code?: string; constraint?: string } | null {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    if ('code' in current && typeof current.code === 'string') return current as { code?: string; constraint?: string };
  }
  return null;
}

/** The name of the unique constraint a failed insert or update hit, if that is why it failed. */
export function violatedUniqueConstraint(error: unknown): string | null {
  const postgresError = postgresErrorOf(error);
  return postgresError?.code === '23505' ? (postgresError.constraint ?? null) : null;
}

/** The rows of a raw `db.execute(sql...)`: pg's QueryResult and PGlite's Results both carry `rows`. */
export function resultRows<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** A raw statement's `returning *` rows of `table`, as drizzle's own queries answer them: field names, Dates, numbers. */
export function tableRows<T extends PgTable>(table: T, result: unknown): T['$inferSelect'][] {
  const columns = Object.entries(getTableColumns(table));
  return resultRows<Record<string, unknown>>(result).map(
    (raw) => Object.fromEntries(columns.map(([field, column]) => [field, raw[column.name] == null ? null : column.mapFromDriverValue(raw[column.name])])) as T['$inferSelect'],
  );
}
