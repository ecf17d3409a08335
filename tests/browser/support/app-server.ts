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
import { pgliteDatabase, type Db } from '../../../src/server/db/client.ts';
import type { Random } from '../../../src/server/games/paytable.ts';
import { referenceProvider } from '../../../src/server/games/reference.ts';
import { seed } from '../../../src/server/db/seed.ts';
import { putSetting, type Settings } from '../../../src/server/repositories/settings.ts';
import { RecordingSms } from '../../../src/server/sms/recording.ts';

export interface BrowserServer {
  url: string;
  sms: RecordingSms;
  config: Config;
  app: FastifyInstance;
  /**
   * The server's own database, for the few states a member cannot reach
   * through the app (an account from before a rule existed); change it only
   * through the server's repository code.
   */
  db: Db;
  /**
   * Moves the server's clock forward (it runs with real time plus the moves),
   * for a wait the server enforces, e.g. one slip a minute, without sleeping.
   */
  advanceClock(ms: number): void;
  close(): Promise<void>;
}

/**
 * PGlite.create() (initdb inside WASM) takes about 3 s on this machine; a
 * clone of an already migrated instance takes well under 1 s. Each worker
 * migrates one template and every server gets its own clone, so every server
 * still starts on a fresh, private database.
 */
let template: Promise<PGlite> | undefined;

async function freshPglite(): Promise<PGlite> {
  template ??= (async () => {
    const client = await PGlite.create();
    await pgliteDatabase(client).migrate();
    return client;
  })();
  // clone() is typed as the interface; it builds a PGlite (checked below).
  const clone = await (await template).clone();
  if (!(clone instanceof PGlite)) throw new Error('PGlite.clone() did not return a PGlite');
  return clone;
}

export interface BrowserServerOptions {
  /**
   * Where the reference games draw their rounds from (default: real
   * randomness), for a journey that needs a known outcome, e.g. a loss.
   */
  random?: Random;
}

/**
 * `settings`: values an operator could have stored (the settings table),
 * written after the seed, e.g. a short QR lifetime to see one expire.
 */
export async function startBrowserServer(overrides: Partial<Config> = {}, settings: Partial<Settings> = {}, { random }: BrowserServerOptions = {}): Promise<BrowserServer> {
  const config: Config = {
    ...loadConfig({}),
    host: '127.0.0.1',
    port: 0,
    logLevel: 'warn',
    distDir: path.resolve('dist'),
    ...overrides,
  };
  const database = pgliteDatabase(await freshPglite());
  await database.migrate(); // already applied in the template: checks and returns
  await seed(database.db, config);
  for (const [key, value] of Object.entries(settings)) await putSetting(database.db, key as keyof Settings, value);
  const sms = new RecordingSms();
  let skew = 0;
  const provider = random && referenceProvider({ random });
  const games = provider && new Map([[provider.name, provider]]);
  const app = await buildApp({ config, db: database.db, sms, clock: () => new Date(Date.now() + skew), ...(games && { games }) });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    url: address,
    sms,
    config,
    app,
    db: database.db,
    advanceClock: (ms) => {
      skew += ms;
    },
    close: async () => {
      // A request the browser was still making (a chunk, the next page's calls)
      // keeps its keep-alive connection open for Fastify's 72 s keepAliveTimeout:
      // give in-flight requests a moment, then drop whatever is left.
      const closing = app.close();
      const force = setTimeout(() => app.server.closeAllConnections(), 2_000);
      try {
        await closing;
      } finally {
        clearTimeout(force);
      }
      await database.close();
    },
  };
}
