/**
 * A background job runs once per interval across every process on one
 * database (docs/decisions/0150-jobs-once-across-processes.md). Every
 * process still ticks each job; a tick runs the job only when it takes the
 * job's lock and the job's row in job_runs shows no run started in the
 * same interval. The row is written as the run ends, still under the lock.
 *
 * The lock is the database's (db/locks.ts): on PostgreSQL a session
 * advisory lock on a connection of its own, opened for the run and closed
 * after it, so a process that dies mid-run releases it, and a survivor's
 * next tick in the same interval runs the job again; on PGlite, held in
 * the one process that opens the data folder.
 */
import { eq } from 'drizzle-orm';
import type { Clock } from './clock.ts';
import type { Db } from './db/client.ts';
import type { Locks } from './db/locks.ts';
import { jobRuns } from './db/schema.ts';
import type { Job } from './jobs.ts';

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
export function oncePerInterval(job: Job, { db, locks, clock }: { db: Db; locks: Locks; clock: Clock }): Job {
  return {
    ...job,
    async run(now) {
      const lock = await locks.tryLock(`job:${job.name}`);
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
