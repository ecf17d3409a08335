/**
 * The locks across processes on one database (src/server/db/locks.ts): the
 * start's `server:start` (docs/decisions/0151-scale-out.md) waits for the
 * lock, a job's run (0150) gives up at once when it is held. On PostgreSQL
 * two lock sets on one database stand for two processes; on PGlite the
 * locks are the process's own.
 */
import { describe, expect, it, onTestFinished } from 'vitest';
import { postgresDatabase } from '../../src/server/db/client.ts';
import { inProcessLocksOf, type Locks } from '../../src/server/db/locks.ts';
import { newPostgresDatabase } from './helpers/app.ts';

/** Two processes' locks on one database. */
async function twoProcesses(): Promise<[Locks, Locks]> {
  if (process.env.TEST_DB !== 'pg') {
    const locks = inProcessLocksOf({});
    return [locks, locks];
  }
  const { url, drop } = await newPostgresDatabase();
  const first = postgresDatabase(url, 1);
  const second = postgresDatabase(url, 1);
  onTestFinished(async () => {
    await Promise.all([first.close(), second.close()]);
    await drop();
  });
  return [first.locks, second.locks];
}

describe('locks across processes', () => {
  it('refuse a lock held elsewhere at once, and give it once released; other keys stay free', async () => {
    const [one, other] = await twoProcesses();
    const held = await one.tryLock('job:a');
    expect(held).not.toBeNull();
    expect(await other.tryLock('job:a')).toBeNull();
    const free = await other.tryLock('job:b');
    expect(free).not.toBeNull();
    await free!.release();
    await held!.release();
    // Releasing twice is allowed.
    await held!.release();
    const again = await other.tryLock('job:a');
    expect(again).not.toBeNull();
    await again!.release();
  });

  it('make a waiting lock wait until the holder releases it', async () => {
    const [one, other] = await twoProcesses();
    const held = await one.lock('server:start');
    const order: string[] = [];
    const waiting = other.lock('server:start').then((lock) => {
      order.push('taken');
      return lock;
    });
    // The waiter is on its way (PostgreSQL: its query waits on the lock) and has not taken it.
    expect(await one.tryLock('server:start')).toBeNull();
    expect(order).toEqual([]);
    order.push('released');
    await held.release();
    const taken = await waiting;
    expect(order).toEqual(['released', 'taken']);
    expect(await one.tryLock('server:start')).toBeNull();
    await taken.release();
  });
});
