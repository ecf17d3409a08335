/**
 * The app's background jobs (src/server/jobs.ts), ticked by hand: started
 * when the app is ready, run against its database, a failure logged with
 * the job's name, stopped when the app closes.
 */
import { describe, expect, it } from 'vitest';
import { knownLoginAddresses, rateCounters } from '../../src/server/db/schema.ts';
import { DEFAULT_SETTINGS } from '../../src/server/db/seed-data.ts';
import type { LimitStore } from '../../src/server/limits/store.ts';
import { KNOWN_ADDRESS_LIFETIME_MS } from '../../src/server/policy.ts';
import { noteLoginAddress } from '../../src/server/repositories/login-addresses.ts';
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
      { name: 'forget-login-addresses', stopped: false },
      { name: 'accrue-refunds', stopped: false },
      { name: 'clean-up-chat', stopped: false },
    ]);
  });

  it('forget the addresses owners have not logged in from for 90 days, and only those', async () => {
    const ticker = handTicker();
    const t = await buildTestApp({}, { jobTicker: ticker });
    await t.app.ready();
    await noteLoginAddress(t.db, '0811111111', '198.51.100.1', t.clock());
    t.clock.advance(KNOWN_ADDRESS_LIFETIME_MS);
    await noteLoginAddress(t.db, '0811111111', '198.51.100.2', t.clock());
    t.clock.advance(1);
    await ticker.tick('forget-login-addresses');
    expect((await t.db.select().from(knownLoginAddresses)).map((row) => row.client)).toEqual(['198.51.100.2']);
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

    expect(ticker.schedules.map(({ stopped }) => stopped)).toEqual([true, true, true, true]);
  });
});
