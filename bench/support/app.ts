/**
 * The app a benchmark measures: migrated and seeded on the target database,
 * listening on a free loopback port, OTP and SMS off, per-address limits
 * off (every connection comes from 127.0.0.1), quiet logs (BENCH_LOG
 * to see more). `close` stops it; the caller cleans the target up.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig, type Config } from '../../src/server/config.ts';
import { seed } from '../../src/server/db/seed.ts';
import type { Target } from './targets.ts';

export interface BenchApp {
  app: FastifyInstance;
  config: Config;
  /** http://127.0.0.1:{port} */
  base: string;
}

export async function startBenchApp(target: Target, overrides: Partial<Config> = {}): Promise<BenchApp> {
  const config: Config = {
    // Load from one address: per-address limits off (LIMITS_PER_IP=off).
    ...loadConfig({ LIMITS_PER_IP: 'off' }),
    host: '127.0.0.1',
    port: 0,
    logLevel: (process.env.BENCH_LOG as Config['logLevel'] | undefined) ?? 'warn',
    registerOtp: false,
    smsProvider: 'none',
    ...overrides,
  };
  await target.database.migrate();
  await seed(target.database.db, config);
  const app = await buildApp({ config, db: target.database.db });
  try {
    await app.listen({ host: config.host, port: 0 });
  } catch (error) {
    await app.close();
    throw error;
  }
  return { app, config, base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}
