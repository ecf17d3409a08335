/** The addresses each phone's owner logged in from (db/schema.ts knownLoginAddresses). */
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { knownLoginAddresses } from '../db/schema.ts';

/** Whether the phone's owner logged in from this client since `since`. */
export async function isKnownLoginAddress(db: Queryable, phone: string, client: string, since: Date): Promise<boolean> {
  const [row] = await db
    .select({ phone: knownLoginAddresses.phone })
    .from(knownLoginAddresses)
    .where(and(eq(knownLoginAddresses.phone, phone), eq(knownLoginAddresses.client, client), sql`${knownLoginAddresses.lastLoginAt} >= ${since}`));
  return row !== undefined;
}

/** Notes a login with the right password from this client. */
export async function noteLoginAddress(db: Queryable, phone: string, client: string, now: Date): Promise<void> {
  await db
    .insert(knownLoginAddresses)
    .values({ phone, client, lastLoginAt: now })
    .onConflictDoUpdate({ target: [knownLoginAddresses.phone, knownLoginAddresses.client], set: { lastLoginAt: now } });
}

/** Forgets addresses not logged in from since `before`. */
export async function forgetLoginAddresses(db: Queryable, before: Date): Promise<void> {
  await db.delete(knownLoginAddresses).where(lt(knownLoginAddresses.lastLoginAt, before));
}
