/**
 * The databases a benchmark runs on: a throw-away PGlite folder, and a fresh
 * database on a PostgreSQL server (TEST_DATABASE_URL or DATABASE_URL) when
 * one is named. Each is migrated and seeded by the caller; cleanUp removes it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/server/db/client.ts';

export interface Target {
  driver: 'pglite' | 'pg';
  database: Database;
  /** For pg: the new database's URL (for raw clients beside the app). */
  url: string | null;
  cleanUp: () => Promise<void>;
}

export async function pgliteTarget(): Promise<Target> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'wallet-bench-'));
  const database = await openDatabase({ databaseUrl: null, dataDir });
  const cleanUp = async () => {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { driver: 'pglite', database, url: null, cleanUp };
}

export async function postgresTarget(serverUrl: string, options: { poolSize?: number } = {}): Promise<Target> {
  const name = `wallet_bench_${process.pid}_${Date.now()}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '', ...(options.poolSize !== undefined && { databasePoolSize: options.poolSize }) });
  return {
    driver: 'pg',
    database,
    url: url.toString(),
    cleanUp: async () => {
      await database.close();
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** The PostgreSQL server benchmarks may use, if any. */
export const benchServerUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || null;

/** Prints rows as a table: text columns left-aligned, numbers right-aligned. */
export function printTable(header: string[], rows: string[][], textColumns = 2): void {
  const lines = [header, ...rows];
  const widths = header.map((_, column) => Math.max(...lines.map((line) => line[column]!.length)));
  for (const line of lines) {
    console.log(line.map((cell, column) => (column < textColumns ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  '));
  }
}
