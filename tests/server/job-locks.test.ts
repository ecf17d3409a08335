/**
 * A background job runs once per interval however many processes tick it
 * (docs/decisions/0150-jobs-once-across-processes.md): three apps on one
 * database, each with its own ticker, turned by hand on one clock. On
 * PostgreSQL each app has its own connection pool, as three processes
 * would; on PGlite the three share the one database a process may open.
 * The job counted is the rate-limit prune, through a store that counts.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { describe, expect, it, onTestFinished } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { postgresDatabase, type Db } from '../../src/server/db/client.ts';
import type { Locks } from '../../src/server/db/locks.ts';
import { jobRuns } from '../../src/server/db/schema.ts';
import { databaseLimitStore } from '../../src/server/limits/database-store.ts';
import type { LimitStore } from '../../src/server/limits/store.ts';
import { LIMITS_PRUNE_INTERVAL_MS } from '../../src/server/policy.ts';
import { RecordingSms } from '../../src/server/sms/recording.ts';
import { handTicker } from '../support/hand-ticker.ts';
import { buildTestApp, testClock } from './helpers/app.ts';

const JOB = 'prune-rate-limits';
const INTERVAL = LIMITS_PRUNE_INTERVAL_MS;

/** What the prune of each app was asked to do: the app's number and the run's time. */
interface Prune {
  app: number;
  at: Date;
}

/** The connection string of a test database on PostgreSQL (its pool's). */
function connectionStringOf(db: Db): string {
  return (db as unknown as { $client: pg.Pool }).$client.options.connectionString!;
}

/** The first app's tick of the job, started and held mid-run until `finish` is called. */
async function runHeld({ next, tickers, prunes }: Awaited<ReturnType<typeof threeApps>>): Promise<{ running: Promise<void>; finish: () => void }> {
  let release!: () => void;
  next.prune = () => new Promise<void>((resolve) => (release = resolve));
  const running = tickers[0].tick(JOB);
  await expect.poll(() => prunes.length).toBe(1);
  return { running, finish: () => release() };
}

async function threeApps() {
  const clock = testClock();
  const prunes: Prune[] = [];
  /** Set by a test: what the next prune does instead of finishing at once. */
  const next: { prune: (() => Promise<void>) | null } = { prune: null };
  const tickers = [handTicker(), handTicker(), handTicker()] as const;
  /** A store on `db` (known once the app is built; jobs start only when it is ready) whose prune is counted. */
  const countingStore = (app: number, db: () => Db): LimitStore => {
    let store: LimitStore | null = null;
    const inner = () => (store ??= databaseLimitStore(db()));
    return {
      count: (...args) => inner().count(...args),
      uncount: (...args) => inner().uncount(...args),
      reserve: (...args) => inner().reserve(...args),
      release: (...args) => inner().release(...args),
      async prune(now) {
        prunes.push({ app, at: now });
        const instead = next.prune;
        next.prune = null;
        await (instead ? instead() : inner().prune(now));
      },
      close: async () => {},
    };
  };
  // The first app on the test's database; the two others on the same database.
  let firstDb: Db | null = null;
  const first = await buildTestApp({ logLevel: 'error' }, { clock, jobTicker: tickers[0], limitStore: countingStore(0, () => firstDb!) });
  firstDb = first.db;
  const logs = [first.logs, [] as string[], [] as string[]];
  const apps: FastifyInstance[] = [first.app];
  for (const app of [1, 2]) {
    // On PGlite the app's locks default to those of first.db, the first app's.
    let own: { db: Db; locks?: Locks } = { db: first.db };
    if (process.env.TEST_DB === 'pg') {
      const database = postgresDatabase(connectionStringOf(first.db), 2);
      onTestFinished(() => database.close());
      own = database;
    }
    const { db } = own;
    const built = await buildApp({
      config: first.config,
      db,
      ...(own.locks && { locks: own.locks }),
      sms: new RecordingSms(),
      clock,
      limitStore: countingStore(app, () => db),
      jobTicker: tickers[app],
      logStream: { write: (line) => void logs[app]!.push(line) },
    });
    onTestFinished(() => built.close());
    apps.push(built);
  }
  await Promise.all(apps.map((app) => app.ready()));
  return { clock, prunes, next, tickers, apps, logs, db: first.db };
}

describe('background jobs on three processes', () => {
  it('run once per interval when all three tick at the same moment', async () => {
    const { clock, prunes, tickers } = await threeApps();
    const tickAll = () => Promise.all(tickers.map((ticker) => ticker.tick(JOB)));

    await tickAll();
    await tickAll();
    expect(prunes).toHaveLength(1);

    for (let interval = 1; interval <= 5; interval++) {
      clock.advance(INTERVAL);
      await tickAll();
      await tickAll();
    }
    expect(prunes).toHaveLength(6);
    expect(new Set(prunes.map(({ at }) => Math.floor(at.getTime() / INTERVAL))).size).toBe(6);
  });

  it('run once per interval when the three tick at their own times within it', async () => {
    const { clock, prunes, tickers } = await threeApps();
    // Each process started at its own moment: its ticks come a third of an interval after the one before.
    for (let interval = 0; interval < 4; interval++) {
      for (const ticker of tickers) {
        await ticker.tick(JOB);
        clock.advance(INTERVAL / 3);
      }
    }
    expect(prunes).toHaveLength(4);
    // The first process's tick, first in each interval, ran each.
    expect(prunes.map(({ app }) => app)).toEqual([0, 0, 0, 0]);
  });

  it('skip a tick while another process runs the job, and after it within the same interval', async () => {
    const apps = await threeApps();
    const { clock, prunes, tickers, db } = apps;
    const { running, finish } = await runHeld(apps);

    // The lock is held: the others' ticks return at once, running nothing.
    await tickers[1].tick(JOB);
    await tickers[2].tick(JOB);
    expect(prunes).toHaveLength(1);

    clock.advance(1000);
    finish();
    await running;
    const [row] = await db.select().from(jobRuns).where(eq(jobRuns.name, JOB));
    expect(row).toMatchObject({ failed: false, startedAt: prunes[0]!.at, finishedAt: clock() });

    // Done for this interval.
    await tickers[1].tick(JOB);
    expect(prunes).toHaveLength(1);
    clock.advance(INTERVAL);
    await tickers[2].tick(JOB);
    expect(prunes.map(({ app }) => app)).toEqual([0, 2]);
  });

  it('count a failed run as its interval’s, logged once, and run again in the next', async () => {
    const { clock, prunes, next, tickers, db, logs } = await threeApps();
    next.prune = async () => {
      throw new Error('limit store away');
    };
    await tickers[1].tick(JOB);
    await tickers[0].tick(JOB);
    await tickers[2].tick(JOB);
    expect(prunes).toHaveLength(1);
    expect(logs.flat().map((line) => (JSON.parse(line) as { msg: string }).msg)).toEqual([`job ${JOB} failed`]);
    expect((await db.select().from(jobRuns))[0]).toMatchObject({ name: JOB, failed: true });

    clock.advance(INTERVAL);
    await Promise.all(tickers.map((ticker) => ticker.tick(JOB)));
    expect(prunes).toHaveLength(2);
    expect((await db.select().from(jobRuns))[0]).toMatchObject({ name: JOB, failed: false });
  });

  it('wait for a run under way when an app closes, and leave the job to the others', async () => {
    const three = await threeApps();
    const { clock, prunes, tickers, apps } = three;
    const { running, finish } = await runHeld(three);
    let closed = false;
    const closing = apps[0]!.close().then(() => (closed = true));
    await tickers[1].tick(JOB);
    expect(closed).toBe(false);
    finish();
    await Promise.all([running, closing]);

    clock.advance(INTERVAL);
    await tickers[0].tick(JOB);
    await tickers[1].tick(JOB);
    expect(prunes.map(({ app }) => app)).toEqual([0, 1]);
  });
});

describe.runIf(process.env.TEST_DB === 'pg')('background jobs when a process dies mid-run (PostgreSQL)', () => {
  it('release the dead process’s lock, and a survivor runs the job in the same interval', async () => {
    const { clock, prunes, tickers, db } = await threeApps();
    const url = connectionStringOf(db);
    const holder = spawn(process.execPath, ['--import', 'tsx', 'tests/server/support/job-holder.ts', JOB, String(INTERVAL), clock().toISOString()], {
      env: { ...process.env, DATABASE_URL: url },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    onTestFinished(() => void holder.kill('SIGKILL'));
    const [started] = (await once(holder.stdout!, 'data')) as [Buffer];
    expect(started.toString()).toBe('running\n');

    // The other process holds the job: no one else runs it.
    await Promise.all(tickers.map((ticker) => ticker.tick(JOB)));
    expect(prunes).toHaveLength(0);

    holder.kill('SIGKILL');
    await once(holder, 'exit');
    // PostgreSQL ends the dead process's session and its lock with it: waiting for the lock returns then.
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query('select pg_advisory_lock(hashtextextended($1, 0))', [`job:${JOB}`]);
    await client.end();

    await Promise.all(tickers.map((ticker) => ticker.tick(JOB)));
    expect(prunes).toHaveLength(1);
  });
});
