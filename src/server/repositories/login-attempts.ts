/**
 * Failed-login counting, kept in the database so every server instance sees
 * the same counts (see schema.ts, login_attempts).
 */
import { and, count, eq, gt } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { loginAttempts } from '../db/schema.ts';

/**
 * Records an attempt before the password is checked and answers how many
 * unresolved attempts the phone has since `windowStart`, this one included.
 */
export async function recordLoginAttempt(db: Queryable, phone: string, now: Date, windowStart: Date) {
  const [attempt] = await db.insert(loginAttempts).values({ phone, createdAt: now }).returning({ id: loginAttempts.id });
  const [recent] = await db
    .select({ attempts: count() })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.phone, phone), gt(loginAttempts.createdAt, windowStart)));
  return { id: attempt!.id, attempts: recent!.attempts };
}

/** Forgets one attempt: one refused while the phone was locked does not extend the lock. */
export async function forgetLoginAttempt(db: Queryable, id: number): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.id, id));
}

/** A successful login clears the phone's count. */
export async function clearLoginAttempts(db: Queryable, phone: string): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.phone, phone));
}
