/** Login sessions: a token's hash, its owner, and when it stops working. */
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { sessions, users } from '../db/schema.ts';

export async function insertSession(db: Queryable, userId: number, tokenHash: string, now: Date, expiresAt: Date): Promise<void> {
  await db.insert(sessions).values({ userId, tokenHash, createdAt: now, expiresAt });
}

/** The live (unexpired, unrevoked) session with this token hash, with its user's role. */
export async function findLiveSession(db: Queryable, tokenHash: string, now: Date) {
  const [session] = await db
    .select({ sessionId: sessions.id, userId: sessions.userId, role: users.role })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
  return session;
}

export async function revokeSession(db: Queryable, sessionId: number, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Revokes every live session of the user except `keepSessionId`. */
export async function revokeOtherSessions(db: Queryable, userId: number, keepSessionId: number, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId), isNull(sessions.revokedAt)));
}
