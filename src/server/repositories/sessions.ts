/** Members' login sessions: a token's hash, its owner, and when it stops working. */
import { and, asc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { perDatabase, type Db, type Queryable } from '../db/client.ts';
import { idempotencyKeys, sessions, users } from '../db/schema.ts';
import { activeMemberOf } from './users.ts';

export async function insertSession(db: Queryable, userId: number, tokenHash: string, now: Date, expiresAt: Date): Promise<void> {
  // Logging in is the token's first use.
  await db.insert(sessions).values({ userId, tokenHash, createdAt: now, expiresAt, lastUsedAt: now });
}

const caller = { sessionId: sessions.id, userId: sessions.userId, lastUsedAt: sessions.lastUsedAt };
const isLive = and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql.placeholder('now')));

// Every member and operator request runs one of these first: prepared (db/client.ts).
const liveSession = perDatabase((db) =>
  db.select(caller).from(sessions).innerJoin(users, activeMemberOf(sessions.userId)).where(isLive).prepare('live_session'),
);
const liveSessionWithAnswer = perDatabase((db) =>
  db
    .select({
      ...caller,
      answer: { requestHash: idempotencyKeys.requestHash, statusCode: idempotencyKeys.statusCode, response: idempotencyKeys.response },
    })
    .from(sessions)
    .innerJoin(users, activeMemberOf(sessions.userId))
    .leftJoin(idempotencyKeys, and(eq(idempotencyKeys.userId, sessions.userId), eq(idempotencyKeys.key, sql.placeholder('key'))))
    .where(isLive)
    .prepare('live_session_with_answer'),
);

/**
 * The live (unexpired, unrevoked) session of an active member with this
 * token hash. With an Idempotency-Key, also what the user stored under it
 * (`answer`, null when nothing yet): a money-moving request needs both
 * before anything else, so they share one round trip.
 */
export async function findLiveSession(db: Db, tokenHash: string, now: Date, idempotencyKey: string | null = null) {
  const values = { tokenHash, now: now.toISOString() };
  if (idempotencyKey === null) {
    const [session] = await liveSession(db).execute(values);
    return session && { session, answer: null };
  }
  const [row] = await liveSessionWithAnswer(db).execute({ ...values, key: idempotencyKey });
  if (!row) return undefined;
  const { answer, ...session } = row;
  return { session, answer };
}

export async function revokeSession(db: Queryable, sessionId: number, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Revokes every live session of the user except `keepSessionId`; answers their ids (their chat sockets close too). */
export async function revokeOtherSessions(db: Queryable, userId: number, keepSessionId: number, now: Date): Promise<number[]> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return revoked.map((session) => session.id);
}

/** Revokes every live session of the member (suspension, closing); answers their ids (their chat sockets close too). */
export async function revokeAllSessions(db: Queryable, userId: number, now: Date): Promise<number[]> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return revoked.map((session) => session.id);
}

/** Notes that the session was used now (the authentication hook, at most every SESSION_USE_NOTED_EVERY_MS). */
export async function noteSessionUse(db: Queryable, sessionId: number, now: Date): Promise<void> {
  await db.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.id, sessionId));
}

export interface LiveSessionView {
  id: number;
  createdAt: Date;
  lastUsedAt: Date | null;
  expiresAt: Date;
}

/** The member's live sessions, oldest first, as the console shows them: never the token or its hash. */
export function liveSessionsOf(db: Queryable, userId: number, now: Date): Promise<LiveSessionView[]> {
  return db
    .select({ id: sessions.id, createdAt: sessions.createdAt, lastUsedAt: sessions.lastUsedAt, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .orderBy(asc(sessions.createdAt), asc(sessions.id));
}

/** Whether the token hash names a live session of an active member (a member's token on an operator route). */
export async function isLiveMemberSession(db: Db, tokenHash: string, now: Date): Promise<boolean> {
  return (await findLiveSession(db, tokenHash, now)) !== undefined;
}
