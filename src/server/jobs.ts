/**
 * The server's background jobs, each named, with its schedule, in one place
 * (docs/decisions/0115-background-jobs.md). Every process ticks them on its
 * own timers; the app wraps each in oncePerInterval (job-locks.ts, 0150), so
 * of several processes on one PostgreSQL only one runs a given interval's
 * run. Each job is still safe to run twice at once (a lock lost with its
 * connection).
 *
 * The app starts them when it is ready and stops them on close, waiting for
 * a run under way (it must not find the database closed). A run that is
 * still going when its next tick comes is not overtaken; a run that fails
 * is logged with the job's name and the next tick tries again.
 */
import type { FastifyBaseLogger } from 'fastify';
import { VARIANT_TIME_ZONES } from '../contract/rules/bonuses.ts';
import type { Variant } from '../contract/rules/members.ts';
import { runChatCleanup } from './chat/cleanup.ts';
import type { Clock } from './clock.ts';
import type { Db } from './db/client.ts';
import { checkOpenCharges } from './deposits/charge-check.ts';
import type { LimitStore } from './limits/store.ts';
import type { OpnClient } from './payments/opn.ts';
import { CHAT_CLEANUP_INTERVAL_MS, GAME_SYNC_INTERVAL_MS, KNOWN_ADDRESS_LIFETIME_MS, LIMITS_PRUNE_INTERVAL_MS, OPN_CHARGE_CHECK_INTERVAL_MS, REFUND_ACCRUAL_INTERVAL_MS } from './policy.ts';
import { forgetLoginAddresses } from './repositories/login-addresses.ts';
import { accrueLastPeriod } from './rewards/refunds.ts';
import type { FileStorage } from './storage/storage.ts';

export interface Job {
  /** Names the job in logs: what failed, where. */
  name: string;
  everyMs: number;
  /** Also run once as the server starts (a day is long to wait for an aggregator's games). */
  atStart?: boolean;
  run(now: Date): Promise<unknown>;
}

/**
 * Calls `tick` every `job.everyMs` until the stop it answers is called.
 * `tick` settles when the run it started (or found going) is over, and
 * never rejects.
 */
export interface Ticker {
  every(job: Pick<Job, 'name' | 'everyMs'>, tick: () => Promise<void>): () => void;
  /** Runs an `atStart` job's first tick now; a ticker without it (a test's) starts nothing by itself. */
  now?(tick: () => Promise<void>): void;
}

/** Node's timers, which keep no process alive on their own. */
export const intervalTicker: Ticker = {
  every({ everyMs }, tick) {
    const timer = setInterval(() => void tick(), everyMs).unref();
    return () => clearInterval(timer);
  },
  now(tick) {
    void tick();
  },
};

export interface JobsDependencies {
  db: Db;
  /** Rate-limit state (limits/store.ts): the database's tables, or Redis, whose keys expire by themselves. */
  limitStore: LimitStore;
  /** The uploads the chat cleanup removes files from. */
  uploads: FileStorage;
  variant: Variant;
  /** The game providers with a games list to sync (an aggregator's); none by default. */
  gameSyncs?: readonly (() => Promise<unknown>)[];
  /** Opn's client (and the log its check writes to) when PAYMENT_PROVIDER=opn: its charges are then checked in case a webhook was lost. */
  opn?: { client: OpnClient; log: FastifyBaseLogger } | null;
}

/** Every job the server runs. */
export function serverJobs({ db, limitStore, uploads, variant, gameSyncs = [], opn = null }: JobsDependencies): Job[] {
  return [
    // An aggregator's games list into the games table (games/hub88/sync.ts): upserts of the same values, safe twice at once.
    ...gameSyncs.map((sync, index) => ({ name: gameSyncs.length === 1 ? 'sync-aggregator-games' : `sync-aggregator-games-${index + 1}`, everyMs: GAME_SYNC_INTERVAL_MS, atStart: true, run: () => sync() })),
    // Expired counters and old throttles; deleting what has expired twice deletes nothing more.
    { name: 'prune-rate-limits', everyMs: LIMITS_PRUNE_INTERVAL_MS, run: (now) => limitStore.prune(now) },
    // Addresses the owners have not logged in from for a while lose their pass around the account-wide slow-down.
    { name: 'forget-login-addresses', everyMs: LIMITS_PRUNE_INTERVAL_MS, run: (now) => forgetLoginAddresses(db, new Date(now.getTime() - KNOWN_ADDRESS_LIFETIME_MS)) },
    // Every member's refund of the last closed period, before members look (0099); a (member, period) row is written once.
    { name: 'accrue-refunds', everyMs: REFUND_ACCRUAL_INTERVAL_MS, run: (now) => accrueLastPeriod(db, now, VARIANT_TIME_ZONES[variant]) },
    // Guest conversations idle for 30 days closed and their media removed, uploads never sent too (chat/cleanup.ts).
    { name: 'clean-up-chat', everyMs: CHAT_CLEANUP_INTERVAL_MS, run: (now) => runChatCleanup(db, uploads, now) },
    // Opn charges a lost webhook never reported, settled through the webhook's own path (deposits/charge-check.ts): one credit per charge.
    ...(opn ? [{ name: 'check-opn-charges', everyMs: OPN_CHARGE_CHECK_INTERVAL_MS, run: (now: Date) => checkOpenCharges(db, opn.client, now, opn.log) }] : []),
  ];
}

export interface RunningJobs {
  /** Stops the ticks and waits for the runs under way. */
  stop(): Promise<void>;
}

export function startJobs(jobs: readonly Job[], { ticker, clock, log }: { ticker: Ticker; clock: Clock; log: FastifyBaseLogger }): RunningJobs {
  const running = new Map<string, Promise<void>>();
  let stopped = false;
  const tick = (job: Job) => (): Promise<void> => {
    if (stopped) return Promise.resolve();
    const going = running.get(job.name);
    if (going) return going;
    const run = Promise.resolve()
      .then(() => job.run(clock()))
      .then(
        () => undefined,
        (error: unknown) => log.error({ err: error, job: job.name }, `job ${job.name} failed`),
      )
      .finally(() => running.delete(job.name));
    running.set(job.name, run);
    return run;
  };
  const stopTicks = jobs.map((job) => ticker.every(job, tick(job)));
  for (const job of jobs) if (job.atStart) ticker.now?.(tick(job));
  return {
    async stop() {
      stopped = true;
      for (const stopTick of stopTicks) stopTick();
      await Promise.all(running.values());
    },
  };
}
