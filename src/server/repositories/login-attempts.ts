/**
 * Failed-login counting, kept in the database so every server instance sees
 * the same counts (see schema.ts, login_attempts).
 */
import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../db/client.ts';
import { loginAttempts } from '../db/schema.ts';

/**
 * Records an attempt before the password is checked, and answers how many
 * unresolved attempts the phone had since `windowStart` before this one. An
 * advisory lock per phone makes count and insert one step across instances,
 * so of a burst of parallel guesses only the first few reach a password check.
 */
export async function recordLoginAttempt(db: Db, phone: string, now: Date, windowStart: Date) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`login:${phone}`}, 0))`);
    const [earlier] = await tx
      .select({ attempts: count() })
      .from(loginAttempts)
      .where(and(eq(loginAttempts.phone, phone), gt(loginAttempts.createdAt, windowStart)));
    const [attempt] = await tx.insert(loginAttempts).values({ phone, createdAt: now }).returning({ id: loginAttempts.id });
    return { id: attempt!.id, earlierAttempts: earlier!.attempts };
  });
}

/** Forgets an attempt refused while the phone was locked, so refusals do not extend the lock. */
export async function forgetLoginAttempt(db: Queryable, id: number): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.id, id));
}

/** A successful login clears the phone's count. */
export async function clearLoginAttempts(db: Queryable, phone: string): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.phone, phone));
}
