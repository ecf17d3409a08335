/**
 * The set the how-to films are shot on: the app as src/server/server.ts
 * starts it (migrate, seed, build, listen), in demo mode on PGlite in a
 * throw-away DATA_DIR and a free loopback port, serving the SPA built into
 * dist/. Demo mode gives the demo member and the demo offers the films show;
 * an operator of its own credits deposits, as a bank transfer would.
 * Nothing leaves the machine: SMS off, no DATABASE_URL or REDIS_URL taken
 * from the environment.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig, type Config, type Credentials } from '../../src/server/config.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { seed } from '../../src/server/db/seed.ts';

export interface FilmSet {
  /** http://127.0.0.1:{port} */
  url: string;
  /** The demo member every film follows. */
  demo: Credentials;
  operator: Credentials;
  /** Stops the app and removes its data folder. */
  close(): Promise<void>;
}

/** Only this set's database knows it; the films never show it. */
const OPERATOR: Credentials = { phone: '0899999980', password: 'film-operator-pass' };

export async function startFilmSet(): Promise<FilmSet> {
  // An empty environment: the films never touch a database or Redis the shell names.
  const defaults = loadConfig({});
  if (!existsSync(path.join(defaults.distDir, 'index.html'))) {
    throw new Error(`The SPA is not built (${defaults.distDir}/index.html is missing): run \`npm run build\` first.`);
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'howto-videos-'));
  const config: Config = {
    ...defaults,
    host: '127.0.0.1',
    port: 0,
    dataDir,
    logLevel: 'warn',
    smsProvider: 'none',
    operator: OPERATOR,
  };
  const database = await openDatabase(config);
  let app: FastifyInstance | undefined;
  const close = async () => {
    if (app) {
      // The browser's keep-alive connections would hold close() for Fastify's 72 s keepAliveTimeout.
      const closing = app.close();
      app.server.closeAllConnections();
      await closing;
    }
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await database.migrate();
    await seed(database.db, config);
    app = await buildApp({ config, db: database.db });
    const url = await app.listen({ host: config.host, port: 0 });
    return { url, demo: config.demo, operator: OPERATOR, close };
  } catch (error) {
    await close();
    throw error;
  }
}
