/** Rounds of the reference provider's games (schema.ts, game_rounds). */
import { and, eq, isNull } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { gameRounds } from '../db/schema.ts';

export type GameRound = typeof gameRounds.$inferSelect;
export type NewGameRound = Omit<typeof gameRounds.$inferInsert, 'id' | 'rolledBackAt'>;

export async function findRound(db: Queryable, roundId: string): Promise<GameRound | undefined> {
  const [round] = await db.select().from(gameRounds).where(eq(gameRounds.roundId, roundId));
  return round;
}

/**
 * Inserts the round unless its id exists; undefined when it does. On
 * PostgreSQL an insert racing an uncommitted one with the same id waits for
 * it, so the loser sees the winner's round once it commits.
 */
export async function insertRound(db: Queryable, round: NewGameRound): Promise<GameRound | undefined> {
  const [inserted] = await db.insert(gameRounds).values(round).onConflictDoNothing({ target: gameRounds.roundId }).returning();
  return inserted;
}

/** The round, locked for the rest of the transaction (one rollback at a time). */
export async function lockRound(db: Queryable, roundId: string): Promise<GameRound | undefined> {
  const [round] = await db.select().from(gameRounds).where(eq(gameRounds.roundId, roundId)).for('update');
  return round;
}

export async function markRolledBack(db: Queryable, id: number, now: Date): Promise<void> {
  await db
    .update(gameRounds)
    .set({ rolledBackAt: now })
    .where(and(eq(gameRounds.id, id), isNull(gameRounds.rolledBackAt)));
}
