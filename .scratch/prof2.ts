import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { pgliteDatabase } from '../src/server/db/client.ts';
import { seed } from '../src/server/db/seed.ts';
import { loadConfig } from '../src/server/config.ts';
let t = performance.now();
const lap = (label: string) => { const n = performance.now(); console.log(label, Math.round(n - t)); t = n; };
const client = await PGlite.create(); lap('create');
const d = pgliteDatabase(client); await d.migrate(); lap('migrate');
const config = { ...loadConfig({}), logLevel: 'silent' as const };
await seed(d.db, config); lap('seed');
for (let i = 0; i < 3; i++) {
  await d.db.execute(sql`truncate users, bank_accounts, sessions, login_attempts, otp_challenges, banks, sources, settings restart identity cascade`); lap('truncate');
  await seed(d.db, config); lap('seed');
}
