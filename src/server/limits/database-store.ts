/**
 * Rate-limit state in PostgreSQL (or PGlite): `rate_counters` and
 * `throttles` (schema.ts). Each operation is one statement, so it is
 * atomic on its own and needs no transaction or lock. Counts arriving
 * together share one statement (group-commit.ts): each key's row grows by
 * its attempts at once, and each attempt is told its own place in them.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import { perDatabase, resultRows, type Db } from '../db/client.ts';
import { groupCommit } from '../db/group-commit.ts';
import { rateCounters, throttles } from '../db/schema.ts';
import { windowStartOf, type Counted, type DelayPolicy, type LimitStore, type Reservation } from './store.ts';

/** Attempts are forgotten at most this long after the last one (the longest forgetAfterMs in use). */
const LONGEST_MEMORY_MS = 24 * 60 * 60_000;

/** `delayAfter` in SQL, of an attempts expression (store.ts has the same rule in TypeScript). */
function delayMs(attempts: ReturnType<typeof sql>, { free, baseMs, maxMs }: DelayPolicy) {
  return sql`(case when ${attempts} <= ${free} then 0 else least(${maxMs}::float8, ${baseMs}::float8 * power(2, least(${attempts} - ${free} - 1, 40))) end)`;
}

interface Attempt {
  key: string;
  windowStart: Date;
  resetAt: Date;
}

const rowOf = (key: string, windowStart: Date) => `${windowStart.getTime()} ${key}`;

/**
 * The counting statement, prepared (chat messages count here one by one):
 * the rows as one JSON parameter, in order.
 */
const countStatement = perDatabase((db) =>
  db
    .insert(rateCounters)
    .select(
      sql`select key, "windowStart", count, "expiresAt"
        from jsonb_to_recordset(${sql.placeholder('rows')}::jsonb) as r(index int, key text, "windowStart" timestamptz, count int, "expiresAt" timestamptz)
        order by index`,
    )
    .onConflictDoUpdate({ target: [rateCounters.key, rateCounters.windowStart], set: { count: sql`${rateCounters.count} + excluded.count` } })
    .returning({ key: rateCounters.key, windowStart: rateCounters.windowStart, count: rateCounters.count })
    .prepare('rate_counters_count'),
);

/**
 * Counts attempts, several per key maybe, in one statement: a row may be
 * changed only once by it, so each row is inserted with its number of
 * attempts (in key order, so two servers' statements lock rows in the same
 * order), and the attempts take the row's last counts in arrival order.
 */
async function countAll(db: Db, attempts: readonly Attempt[]): Promise<Counted[]> {
  const rows = new Map<string, { key: string; windowStart: Date; count: number; expiresAt: Date }>();
  for (const { key, windowStart, resetAt } of attempts) {
    const row = rows.get(rowOf(key, windowStart));
    if (row) row.count += 1;
    else rows.set(rowOf(key, windowStart), { key, windowStart, count: 1, expiresAt: resetAt });
  }
  const ordered = [...rows.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.windowStart.getTime() - b.windowStart.getTime()));
  const counted = await countStatement(db).execute({ rows: JSON.stringify(ordered.map((row, index) => ({ ...row, index }))) });
  /** Per row: the count the next attempt (in arrival order) is told. */
  const next = new Map<string, number>();
  for (const { key, windowStart, count } of counted) {
    const id = rowOf(key, windowStart);
    next.set(id, count - rows.get(id)!.count + 1);
  }
  return attempts.map(({ key, windowStart, resetAt }) => {
    const id = rowOf(key, windowStart);
    const count = next.get(id);
    if (count === undefined) throw new Error(`rate counter ${key} was not counted`);
    next.set(id, count + 1);
    return { key, windowStart, count, resetAt };
  });
}

export function databaseLimitStore(db: Db): LimitStore {
  const countOne = groupCommit(async (attempts: readonly Attempt[]) => (await countAll(db, attempts)).map((value) => ({ ok: true, value }) as const));
  return {
    count(key, windowMs, now) {
      const windowStart = windowStartOf(now, windowMs);
      return countOne({ key, windowStart, resetAt: new Date(windowStart.getTime() + windowMs) });
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
