/**
 * A server process reduced to one background job that never finishes
 * (tests/server/job-locks.test.ts kills it mid-run): it takes the job's
 * lock on DATABASE_URL through oncePerInterval, as the app does, prints
 * `running` when the run has begun and waits.
 *
 * Usage: node --import tsx tests/server/support/job-holder.ts <job name> <interval ms> <ISO time of the run>
 */
import { postgresDatabase } from '../../../src/server/db/client.ts';
import { oncePerInterval } from '../../../src/server/job-locks.ts';

const [name, everyMs, at] = process.argv.slice(2);
const url = process.env.DATABASE_URL;
if (!name || !everyMs || !at || !url) throw new Error('usage: DATABASE_URL=… job-holder.ts <job name> <interval ms> <ISO time>');
const { db, locks } = postgresDatabase(url, 1);
const now = new Date(at);
const job = oncePerInterval(
  {
    name,
    everyMs: Number(everyMs),
    run: () => {
      process.stdout.write('running\n');
      return new Promise<never>(() => {});
    },
  },
  { db, locks, clock: () => now },
);
void job.run(now);
// The run's promise alone keeps nothing alive: this does, until the process is killed.
setInterval(() => {}, 60_000);
