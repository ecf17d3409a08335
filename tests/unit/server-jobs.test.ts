/**
 * The background jobs' runner (src/server/jobs.ts), turned by hand: the
 * clock gives each run its time, a failure is logged with the job's name,
 * a run is not overtaken by its next tick, stop waits for it.
 */
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client.ts';
import { serverJobs, startJobs, type Job } from '../../src/server/jobs.ts';
import type { LimitStore } from '../../src/server/limits/store.ts';
import type { OpnClient } from '../../src/server/payments/opn.ts';
import { CHAT_CLEANUP_INTERVAL_MS, LIMITS_PRUNE_INTERVAL_MS, OPN_CHARGE_CHECK_INTERVAL_MS, REFUND_ACCRUAL_INTERVAL_MS } from '../../src/server/policy.ts';
import type { FileStorage } from '../../src/server/storage/storage.ts';
import { handTicker } from '../support/hand-ticker.ts';

const noon = new Date('2026-03-02T05:00:00.000Z');

function recordingLog() {
  const errors: { fields: Record<string, unknown>; message: string }[] = [];
  const log = { error: (fields: Record<string, unknown>, message: string) => void errors.push({ fields, message }) } as unknown as FastifyBaseLogger;
  return { log, errors };
}

/** A job whose runs the test finishes by hand. */
function heldJob(name: string) {
  const runs: { now: Date; finish: () => void; fail: (error: Error) => void }[] = [];
  const job: Job = {
    name,
    everyMs: 60_000,
    run: (now) =>
      new Promise<void>((resolve, reject) => {
        runs.push({ now, finish: resolve, fail: reject });
      }),
  };
  return { job, runs };
}

describe('startJobs', () => {
  it('runs a job at each of its ticks, at the time the clock tells', async () => {
    const ticker = handTicker();
    const seen: Date[] = [];
    const job: Job = { name: 'count', everyMs: 60_000, run: async (now) => void seen.push(now) };
    startJobs([job], { ticker, clock: () => noon, log: recordingLog().log });

    await ticker.tick('count');
    await ticker.tick('count');

    expect(ticker.schedules).toEqual([{ name: 'count', everyMs: 60_000, stopped: false }]);
    expect(seen).toEqual([noon, noon]);
  });

  it('logs a failed run with the job name, and the next tick runs it again', async () => {
    const ticker = handTicker();
    const { log, errors } = recordingLog();
    let runs = 0;
    const job: Job = {
      name: 'flaky',
      everyMs: 60_000,
      run: async () => {
        runs += 1;
        if (runs === 1) throw new Error('database away');
      },
    };
    startJobs([job], { ticker, clock: () => noon, log });

    await ticker.tick('flaky');
    await ticker.tick('flaky');

    expect(runs).toBe(2);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message).toBe('job flaky failed');
    expect(errors[0]!.fields).toMatchObject({ job: 'flaky', err: expect.objectContaining({ message: 'database away' }) });
  });

  it('lets a run that is still going finish before the job runs again', async () => {
    const ticker = handTicker();
    const { job, runs } = heldJob('slow');
    startJobs([job], { ticker, clock: () => noon, log: recordingLog().log });

    const first = ticker.tick('slow');
    const second = ticker.tick('slow');
    await Promise.resolve();
    expect(runs).toHaveLength(1);
    runs[0]!.finish();
    await Promise.all([first, second]);
    const third = ticker.tick('slow');
    await Promise.resolve();
    expect(runs).toHaveLength(2);
    runs[1]!.finish();
    await third;
  });

  it('on stop, stops every tick and waits for the run under way', async () => {
    const ticker = handTicker();
    const slow = heldJob('slow');
    const other = heldJob('other');
    const jobs = startJobs([slow.job, other.job], { ticker, clock: () => noon, log: recordingLog().log });
    void ticker.tick('slow');
    await Promise.resolve();

    let stopped = false;
    const stopping = jobs.stop().then(() => {
      stopped = true;
    });
    await Promise.resolve();
    expect(ticker.schedules.map((schedule) => schedule.stopped)).toEqual([true, true]);
    expect(stopped).toBe(false);
    slow.runs[0]!.finish();
    await stopping;

    expect(stopped).toBe(true);
    expect(other.runs).toHaveLength(0);
  });
});

describe('serverJobs', () => {
  it('names every job the server runs, with its schedule', () => {
    const jobs = serverJobs({ db: {} as Db, limitStore: {} as LimitStore, uploads: {} as FileStorage, variant: 'th' });
    expect(jobs.map(({ name, everyMs }) => ({ name, everyMs }))).toEqual([
      { name: 'prune-rate-limits', everyMs: LIMITS_PRUNE_INTERVAL_MS },
      { name: 'forget-login-addresses', everyMs: LIMITS_PRUNE_INTERVAL_MS },
      { name: 'accrue-refunds', everyMs: REFUND_ACCRUAL_INTERVAL_MS },
      { name: 'clean-up-chat', everyMs: CHAT_CLEANUP_INTERVAL_MS },
    ]);
  });

  it('adds the check of Opn charges, every minute, only when Opn is on', () => {
    const opn = { client: {} as OpnClient, log: {} as FastifyBaseLogger };
    const jobs = serverJobs({ db: {} as Db, limitStore: {} as LimitStore, uploads: {} as FileStorage, variant: 'th', opn });
    expect(jobs.map(({ name, everyMs }) => ({ name, everyMs })).at(-1)).toEqual({ name: 'check-opn-charges', everyMs: OPN_CHARGE_CHECK_INTERVAL_MS });
    expect(OPN_CHARGE_CHECK_INTERVAL_MS).toBe(60_000);
  });

  it('prunes the rate-limit store it is given, at the tick\'s time', async () => {
    const pruned: Date[] = [];
    const limitStore = { prune: async (now: Date) => void pruned.push(now) } as unknown as LimitStore;
    const [prune] = serverJobs({ db: {} as Db, limitStore, uploads: {} as FileStorage, variant: 'th' });
    await prune!.run(noon);
    expect(pruned).toEqual([noon]);
  });
});
