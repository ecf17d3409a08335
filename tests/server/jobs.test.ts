/**
 * The app's background jobs (src/server/jobs.ts), ticked by hand: started
 * when the app is ready, run against its database, a failure logged with
 * the job's name, stopped when the app closes.
 */
import { describe, expect, it } from 'vitest';
import { rateCounters } from '../../src/server/db/schema.ts';
import { DEFAULT_SETTINGS } from '../../src/server/db/seed-data.ts';
import type { LimitStore } from '../../src/server/limits/store.ts';
import { putSetting } from '../../src/server/repositories/settings.ts';
import { handTicker } from '../support/hand-ticker.ts';
import { buildTestApp } from './helpers/app.ts';

const MINUTE_MS = 60_000;

describe('background jobs', () => {
  it('start when the app is ready, each under its name', async () => {
    const ticker = handTicker();
    const t = await buildTestApp({}, { jobTicker: ticker });
    await t.app.ready();
    expect(ticker.schedules.map(({ name, stopped }) => ({ name, stopped }))).toEqual([
      { name: 'prune-rate-limits', stopped: false },
      { name: 'accrue-refunds', stopped: false },
      { name: 'clean-up-chat', stopped: false },
    ]);
  });

  it('prune the rate-limit state whose window has passed, and only that', async () => {
    const ticker = handTicker();
    const t = await buildTestApp({}, { jobTicker: ticker });
    await t.app.ready();
    await t.app.limits.count('old', { max: 5, windowMs: MINUTE_MS }, t.clock());
    t.clock.advance(2 * MINUTE_MS);
    await t.app.limits.count('new', { max: 5, windowMs: MINUTE_MS }, t.clock());

    await ticker.tick('prune-rate-limits');

    expect((await t.db.select({ key: rateCounters.key }).from(rateCounters)).map((row) => row.key)).toEqual(['new']);
  });

  it('accrue refunds and clean up the chat on a fresh database without a failure', async () => {
    const ticker = handTicker();
    const t = await buildTestApp({ logLevel: 'error' }, { jobTicker: ticker });
    await putSetting(t.db, 'refund', { ...DEFAULT_SETTINGS.refund, active: true, percent: 5 });
    await t.app.ready();

    await ticker.tick('accrue-refunds');
    await ticker.tick('clean-up-chat');

    expect(t.logs).toEqual([]);
  });

  it('log a failed run with the job name', async () => {
    const ticker = handTicker();
    const failingStore = {
      prune: async () => {
        throw new Error('limit store away');
      },
      close: async () => {},
    } as unknown as LimitStore;
    const t = await buildTestApp({ logLevel: 'error' }, { jobTicker: ticker, limitStore: failingStore });
    await t.app.ready();

    await ticker.tick('prune-rate-limits');

    const lines = t.logs.map((line) => JSON.parse(line) as { msg: string; job: string; err: { message: string } });
    expect(lines).toMatchObject([{ msg: 'job prune-rate-limits failed', job: 'prune-rate-limits', err: { message: 'limit store away' } }]);
  });

  it('stop when the app closes', async () => {
    const ticker = handTicker();
    const t = await buildTestApp({}, { jobTicker: ticker });
    await t.app.ready();

    await t.app.close();

    expect(ticker.schedules.map(({ stopped }) => stopped)).toEqual([true, true, true]);
  });
});
