import pg from 'pg';
import { postgresDatabase } from '../src/server/db/client.ts';
import { seed } from '../src/server/db/seed.ts';
import { loadConfig } from '../src/server/config.ts';
let t = performance.now();
const lap = (label: string) => { const n = performance.now(); console.log(label, Math.round(n - t)); t = n; };
const config = { ...loadConfig({}), logLevel: 'silent' as const };
for (let i = 0; i < 3; i++) {
  const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' }); await admin.connect();
  await admin.query(`create database prof_${i}`); lap('create');
  const d = postgresDatabase(`postgres://postgres@127.0.0.1:5432/prof_${i}`);
  await d.migrate(); lap('migrate');
  await seed(d.db, config); lap('seed');
  await d.close();
  await admin.query(`drop database prof_${i} with (force)`); lap('drop');
  await admin.end();
}
