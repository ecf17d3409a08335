/**
 * Sessions of the reference provider's game pages (schema.ts, game_sessions).
 * Tokens are stored as sha256 hashes only. A session or entry token of a
 * member who is not active (suspended, closed) opens nothing.
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { gameAccounts, gameSessions, games, users } from '../db/schema.ts';
import type { GameAccountWithGame } from './games.ts';
import { activeMemberOf } from './users.ts';

export async function insertEntryToken(db: Queryable, gameAccountId: number, entryTokenHash: string, entryExpiresAt: Date, now: Date): Promise<void> {
  await db.insert(gameSessions).values({ gameAccountId, entryTokenHash, entryExpiresAt, createdAt: now });
}

/**
 * Starts the session of an unused, unexpired entry token for this game. One
 * conditional UPDATE, so a token used twice at once starts one session.
 * Returns false when the token is unknown, used, expired, revoked, for
 * another game, or (when the entry names one) for another username, or the
 * member is not active.
 */
export async function startSessionFromEntry(
  db: Queryable,
  entry: { gameCode: string; entryTokenHash: string; username: string | null },
  session: { sessionTokenHash: string; expiresAt: Date },
  now: Date,
): Promise<boolean> {
  const { gameCode, entryTokenHash, username } = entry;
  const sameUsername = username === null ? sql.empty() : sql` and ${gameAccounts.username} = ${username}`;
  const started = await db
    .update(gameSessions)
    .set(session)
    .where(
      and(
        eq(gameSessions.entryTokenHash, entryTokenHash),
        isNull(gameSessions.sessionTokenHash),
        isNull(gameSessions.revokedAt),
        gt(gameSessions.entryExpiresAt, now),
        // The token's account must be at this game: a token for one game does not open another.
        sql`exists (select 1 from ${gameAccounts} join ${users} on ${activeMemberOf(gameAccounts.userId)}
          where ${gameAccounts.id} = ${gameSessions.gameAccountId} and ${gameAccounts.gameCode} = ${gameCode}${sameUsername})`,
      ),
    )
    .returning({ id: gameSessions.id });
  return started.length > 0;
}

/** A session started by a game's own login (a typed username and password). */
export async function insertSession(db: Queryable, gameAccountId: number, session: { sessionTokenHash: string; expiresAt: Date }, now: Date): Promise<void> {
  await db.insert(gameSessions).values({ gameAccountId, ...session, createdAt: now });
}

/** The account and game of a live session at this game. */
export async function findLiveGameSession(db: Queryable, gameCode: string, sessionTokenHash: string, now: Date): Promise<GameAccountWithGame | undefined> {
  const [row] = await db
    .select({ account: gameAccounts, game: games })
    .from(gameSessions)
    .innerJoin(gameAccounts, eq(gameAccounts.id, gameSessions.gameAccountId))
    .innerJoin(games, eq(games.code, gameAccounts.gameCode))
    .innerJoin(users, activeMemberOf(gameAccounts.userId))
    .where(
      and(
        eq(gameSessions.sessionTokenHash, sessionTokenHash),
        eq(gameAccounts.gameCode, gameCode),
        isNull(gameSessions.revokedAt),
        gt(gameSessions.expiresAt, now),
      ),
    );
  return row;
}

/** Ends every session and unused entry token of a game account (its password changed). */
export async function revokeGameSessions(db: Queryable, gameAccountId: number, now: Date): Promise<void> {
  await db
    .update(gameSessions)
    .set({ revokedAt: now })
    .where(and(eq(gameSessions.gameAccountId, gameAccountId), isNull(gameSessions.revokedAt)));
}

/** Ends every game session and unused entry token of a member (suspended or closed). */
export async function revokeMemberGameSessions(db: Queryable, userId: number, now: Date): Promise<void> {
  await db
    .update(gameSessions)
    .set({ revokedAt: now })
    .where(
      and(
        isNull(gameSessions.revokedAt),
        sql`${gameSessions.gameAccountId} in (select ${gameAccounts.id} from ${gameAccounts} where ${gameAccounts.userId} = ${userId})`,
      ),
    );
}
