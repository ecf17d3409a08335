/**
 * Whether this process should be sent traffic (GET /readyz;
 * docs/decisions/0148-operating-it.md): not once it is shutting down, and
 * only while the database answers a `select 1` and, with REDIS_URL, Redis
 * a PING, each within READY_CHECK_TIMEOUT_MS. Checks that arrive while one
 * is under way share it, so a balancer polling every process often costs
 * one query at a time.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { Db } from '../db/client.ts';

export type CheckOutcome = 'ok' | 'failed' | 'timeout';

export interface ReadyAnswer {
  ready: boolean;
  /** Each dependency's outcome: `database`, and `redis` with REDIS_URL. */
  checks: Record<string, CheckOutcome>;
}

export interface Readiness {
  /** True from SIGTERM on: the answer is 503 at once, nothing is checked. */
  readonly shuttingDown: boolean;
  beginShutdown(): void;
  check(): Promise<ReadyAnswer>;
  /** Lets go of the check's Redis connection. */
  close(): Promise<void>;
}

class TimedOut extends Error {}

async function outcomeOf(work: () => Promise<unknown>, timeoutMs: number): Promise<CheckOutcome> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimedOut()), timeoutMs);
  });
  try {
    await Promise.race([work(), late]);
    return 'ok';
  } catch (error) {
    return error instanceof TimedOut ? 'timeout' : 'failed';
  } finally {
    clearTimeout(timer);
  }
}

export function readiness({ db, redisUrl, timeoutMs, log }: { db: Db; redisUrl: string | null; timeoutMs: number; log: FastifyBaseLogger }): Readiness {
  let shuttingDown = false;
  let under: Promise<ReadyAnswer> | null = null;
  // Its own connection, which queues nothing while Redis is away: a PING then fails at once instead of waiting.
  const redis = redisUrl ? new Redis(redisUrl, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0, connectTimeout: timeoutMs }) : null;
  redis?.on('error', (error: unknown) => log.debug({ err: error }, 'readiness: Redis'));

  async function checkNow(): Promise<ReadyAnswer> {
    const checks: Record<string, CheckOutcome> = {};
    const [database, cache] = await Promise.all([
      outcomeOf(() => db.execute(sql`select 1`), timeoutMs),
      redis &&
        outcomeOf(async () => {
          if (redis.status === 'wait') await redis.connect();
          await redis.ping();
        }, timeoutMs),
    ]);
    checks.database = database;
    if (cache) checks.redis = cache;
    const ready = Object.values(checks).every((outcome) => outcome === 'ok');
    if (!ready) log.warn({ checks }, 'not ready');
    return { ready, checks };
  }

  return {
    get shuttingDown() {
      return shuttingDown;
    },
    beginShutdown() {
      shuttingDown = true;
    },
    check() {
      under ??= checkNow().finally(() => {
        under = null;
      });
      return under;
    },
    async close() {
      redis?.disconnect();
    },
  };
}
