/**
 * Rate-limit state in PostgreSQL (or PGlite): `rate_counters` and
 * `throttles` (schema.ts). Each operation is one statement, so it is
 * atomic on its own and needs no transaction or lock.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import { resultRows, type Db } from '../db/client.ts';
import { rateCounters, throttles } from '../db/schema.ts';
import { windowStartOf, type Counted, type DelayPolicy, type LimitStore, type Reservation } from './store.ts';

/** Attempts are forgotten at most this long after the last one (the longest forgetAfterMs in use). */
const LONGEST_MEMORY_MS = 24 * 60 * 60_000;

/** `delayAfter` in SQL, of an attempts expression (store.ts has the same rule in TypeScript). */
function delayMs(attempts: ReturnType<typeof sql>, { free, baseMs, maxMs }: DelayPolicy) {
  return sql`(case when ${attempts} <= ${free} then 0 else least(${maxMs}::float8, ${baseMs}::float8 * power(2, least(${attempts} - ${free} - 1, 40))) end)`;
}

export function databaseLimitStore(db: Db): LimitStore {
  return {
    async count(key, windowMs, now) {
      const windowStart = windowStartOf(now, windowMs);
      const resetAt = new Date(windowStart.getTime() + windowMs);
      const [row] = await db
        .insert(rateCounters)
        .values({ key, windowStart, count: 1, expiresAt: resetAt })
        .onConflictDoUpdate({ target: [rateCounters.key, rateCounters.windowStart], set: { count: sql`${rateCounters.count} + 1` } })
        .returning({ count: rateCounters.count });
      return { key, windowStart, count: row!.count, resetAt };
    },

    async uncount({ key, windowStart }: Counted) {
      await db
        .update(rateCounters)
        .set({ count: sql`${rateCounters.count} - 1` })
        .where(and(eq(rateCounters.key, key), eq(rateCounters.windowStart, windowStart), sql`${rateCounters.count} > 0`));
    },

    async reserve(key, policy, now): Promise<Reservation> {
      const at = now.toISOString();
      const forgotten = new Date(now.getTime() - policy.forgetAfterMs).toISOString();
      // Attempts made long ago start over; a reserved attempt is allowed only once the last one's wait is over.
      const attempts = sql`(case when ${throttles.lastFailureAt} <= ${forgotten}::timestamptz then 1 else ${throttles.failures} + 1 end)`;
      const until = (delay: ReturnType<typeof sql>) => sql`${at}::timestamptz + make_interval(secs => ${delay} / 1000.0)`;
      const reserved = resultRows<{ failures: number }>(
        await db.execute(sql`
          insert into ${throttles} (key, failures, blocked_until, last_failure_at)
          values (${key}, 1, ${until(delayMs(sql`1`, policy))}, ${at}::timestamptz)
          on conflict (key) do update set
            failures = ${attempts},
            blocked_until = ${until(delayMs(attempts, policy))},
            last_failure_at = ${at}::timestamptz
          where ${throttles.blockedUntil} <= ${at}::timestamptz
          returning failures`),
      );
      if (reserved[0]) return { allowed: true, attempts: reserved[0].failures };
      const [held] = await db.select({ blockedUntil: throttles.blockedUntil }).from(throttles).where(eq(throttles.key, key));
      // Released in between: the next attempt may go at once.
      return { allowed: false, retryAt: held?.blockedUntil ?? now };
    },

    async release(key) {
      await db.delete(throttles).where(eq(throttles.key, key));
    },

    async prune(now) {
      await db.delete(rateCounters).where(lt(rateCounters.expiresAt, now));
      await db
        .delete(throttles)
        .where(and(lt(throttles.blockedUntil, now), lt(throttles.lastFailureAt, new Date(now.getTime() - LONGEST_MEMORY_MS))));
    },

    async close() {},
  };
}
