/**
 * A background job runs once per interval across every process on one
 * database (docs/decisions/0150-jobs-once-across-processes.md). Every
 * process still ticks each job; a tick runs the job only when it takes the
 * job's lock and the job's row in job_runs shows no run started in the
 * same interval. The row is written as the run ends, still under the lock.
 *
 * On PostgreSQL the lock is a session advisory lock on a connection of its
 * own, opened for the run and closed after it: a process that dies mid-run
 * takes its connection with it, and PostgreSQL releases the lock, so a
 * survivor's next tick in the same interval runs the job again. On PGlite
 * only one process opens the data folder (db/client.ts), so the lock is
 * held in that process.
 */
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Clock } from './clock.ts';
import type { Db } from './db/client.ts';
import { jobRuns } from './db/schema.ts';
import type { Job } from './jobs.ts';

/** A held lock; releasing it twice is allowed. */
interface HeldLock {
  release(): Promise<void>;
}

/** The jobs' locks of one database. */
export interface JobLocks {
  /** The job's lock, or null when another runner holds it now. */
  tryLock(name: string): Promise<HeldLock | null>;
}

/** Locks in this process, per database: PGlite's (one process per data folder), or one process's apps in a test. */
function inProcessLocks(held: Set<string>): JobLocks {
  return {
    async tryLock(name) {
      if (held.has(name)) return null;
      held.add(name);
      return { release: async () => void held.delete(name) };
    },
  };
}

/**
 * PostgreSQL's session advisory locks, each on a connection opened for the
 * run (not the pool's: a pooled connection goes back to the pool between
 * queries, and its lock would stay held by whoever takes it next).
 */
function postgresLocks(options: pg.ClientConfig, log: Pick<FastifyBaseLogger, 'warn'>): JobLocks {
  return {
    async tryLock(name) {
      const client = new pg.Client(options);
      // The connection failing mid-run ends the session, and PostgreSQL releases the lock with it;
      // the run goes on (each job is safe to run twice, 0115), another process may start it too.
      client.on('error', (error) => log.warn({ err: error, job: name }, `job ${name} lost its lock's connection`));
      try {
        await client.connect();
        const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock(hashtextextended($1, 0)) as locked', [`job:${name}`]);
        if (rows[0]?.locked) {
          let released = false;
          return {
            async release() {
              if (released) return;
              released = true;
              // Closing the session releases its locks; the unlock first makes it so before end() settles.
              await client.query('select pg_advisory_unlock_all()').catch(() => undefined);
              await client.end().catch(() => undefined);
            },
          };
        }
      } catch (error) {
        await client.end().catch(() => undefined);
        throw error;
      }
      await client.end().catch(() => undefined);
      return null;
    },
  };
}

const inProcessHeld = new WeakMap<object, Set<string>>();

/** The job locks for `db`: PostgreSQL's advisory locks when it is a pool's, else in this process. */
export function jobLocksFor(db: Db, log: Pick<FastifyBaseLogger, 'warn'>): JobLocks {
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) return postgresLocks(client.options, log);
  const key = (client ?? db) as object;
  let held = inProcessHeld.get(key);
  if (!held) inProcessHeld.set(key, (held = new Set()));
  return inProcessLocks(held);
}

/** Whether two times fall in the same interval of `everyMs`, counted from 1970 (a later `last` counts as this one). */
function sameInterval(last: Date, now: Date, everyMs: number): boolean {
  return Math.floor(last.getTime() / everyMs) >= Math.floor(now.getTime() / everyMs);
}

/**
 * `job`, run by at most one process at a time and at most once per
 * interval: a tick that finds the lock taken, or this interval's run done,
 * does nothing. A failed run counts as the interval's run (it is logged
 * once, and the next interval tries again); a run cut short by its
 * process's death does not (nothing was written), so another process runs it.
 */
export function oncePerInterval(job: Job, { db, locks, clock }: { db: Db; locks: JobLocks; clock: Clock }): Job {
  return {
    ...job,
    async run(now) {
      const lock = await locks.tryLock(job.name);
      if (!lock) return;
      try {
        const [last] = await db.select({ startedAt: jobRuns.startedAt }).from(jobRuns).where(eq(jobRuns.name, job.name));
        if (last && sameInterval(last.startedAt, now, job.everyMs)) return;
        let failed = true;
        try {
          await job.run(now);
          failed = false;
        } finally {
          const row = { startedAt: now, finishedAt: clock(), failed };
          await db
            .insert(jobRuns)
            .values({ name: job.name, ...row })
            .onConflictDoUpdate({ target: jobRuns.name, set: row })
            // A run's own error is the news; not being able to note it is only logged by the caller when the run went well.
            .catch((error: unknown) => {
              if (!failed) throw error;
            });
        }
      } finally {
        await lock.release();
      }
    },
  };
}
