import { PGlite } from '@electric-sql/pglite';
import { pgliteDatabase } from '../src/server/db/client.ts';
import { seed } from '../src/server/db/seed.ts';
import { loadConfig } from '../src/server/config.ts';
import { buildApp } from '../src/server/app.ts';
let t = performance.now();
const lap = (label: string) => { const n = performance.now(); console.log(label, Math.round(n - t)); t = n; };
const client = await PGlite.create(); lap('create');
const d = pgliteDatabase(client); await d.migrate(); lap('migrate');
const config = { ...loadConfig({}), logLevel: 'silent' as const };
await seed(d.db, config); lap('seed');
for (let i = 0; i < 3; i++) {
  const c = (await client.clone()) as PGlite; lap('clone');
  const cd = pgliteDatabase(c);
  await seed(cd.db, config); lap('reseed');
  const app = await buildApp({ config, db: cd.db }); await app.ready(); lap('app');
  const r = await app.inject({ url: '/api/lookup/banks', headers: { 'x-requested-with': 'XMLHttpRequest' } }); lap('inject ' + r.statusCode);
  await app.close(); await cd.close(); lap('close');
}
