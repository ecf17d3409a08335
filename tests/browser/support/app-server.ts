/**
 * The real server for the browser suite, started inside the Playwright worker
 * so tests can read the recording SMS adapter: the same steps as
 * src/server/server.ts (migrate, seed, build the app, listen) on a fresh
 * PGlite in memory, serving the SPA built into dist/.
 */
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/server/app.ts';
import { loadConfig, type Config } from '../../../src/server/config.ts';
import { pgliteDatabase } from '../../../src/server/db/client.ts';
import { seed } from '../../../src/server/db/seed.ts';
import { RecordingSms } from '../../../src/server/sms/recording.ts';

export interface BrowserServer {
  url: string;
  sms: RecordingSms;
  config: Config;
  app: FastifyInstance;
  close(): Promise<void>;
}

export async function startBrowserServer(overrides: Partial<Config> = {}): Promise<BrowserServer> {
  const config: Config = {
    ...loadConfig({}),
    host: '127.0.0.1',
    port: 0,
    logLevel: 'warn',
    distDir: path.resolve('dist'),
    ...overrides,
  };
  const database = pgliteDatabase(await PGlite.create());
  await database.migrate();
  await seed(database.db, config);
  const sms = new RecordingSms();
  const app = await buildApp({ config, db: database.db, sms });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    url: address,
    sms,
    config,
    app,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
