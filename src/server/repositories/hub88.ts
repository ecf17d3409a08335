/**
 * The aggregator's sessions and transactions (games/hub88/wallet.ts). A
 * session is a game_sessions row started by the game's entry: its token is
 * the one we gave Hub88 in `/game/url`, kept as a sha256 hash.
 */
import { and, eq, gt, or, sql } from 'drizzle-orm';
import { HUB88_PROVIDER } from '../../contract/hub88.ts';
import type { Queryable } from '../db/client.ts';
import { bankAccounts, gameAccounts, gameSessions, games, hub88Transactions, users } from '../db/schema.ts';
import { currencyOf, type Currency, type MemberStatus } from './users.ts';

export type Hub88Transaction = typeof hub88Transactions.$inferSelect;
export type NewHub88Transaction = Omit<typeof hub88Transactions.$inferInsert, 'id' | 'rolledBackAt'>;

export interface Hub88Session {
  gameAccountId: number;
  userId: number;
  memberStatus: MemberStatus;
  currency: Currency;
  gameCode: string;
  gameActive: boolean;
  expiresAt: Date;
  revokedAt: Date | null;
  registeredAt: Date;
}

/** The session of a token we issued (any age, revoked or not: a win is paid on an expired token), or undefined. */
export async function findHub88Session(db: Queryable, tokenHash: string): Promise<Hub88Session | undefined> {
  const [row] = await db
    .select({
      gameAccountId: gameAccounts.id,
      userId: users.id,
      memberStatus: users.status,
      bankCurrency: bankAccounts.currency,
      gameCode: games.code,
      gameActive: games.active,
      expiresAt: gameSessions.expiresAt,
      revokedAt: gameSessions.revokedAt,
      registeredAt: users.createdAt,
    })
    .from(gameSessions)
    .innerJoin(gameAccounts, eq(gameAccounts.id, gameSessions.gameAccountId))
    .innerJoin(games, eq(games.code, gameAccounts.gameCode))
    .innerJoin(users, eq(users.id, gameAccounts.userId))
    .leftJoin(bankAccounts, eq(bankAccounts.userId, users.id))
    .where(and(eq(gameSessions.sessionTokenHash, tokenHash), eq(games.provider, HUB88_PROVIDER)));
  if (!row || row.expiresAt === null) return undefined;
  const { bankCurrency, expiresAt, ...rest } = row;
  return { ...rest, expiresAt, currency: currencyOf(bankCurrency) };
}

/** A member by id, for user/info: standing, currency and when they registered. */
export async function findHub88Member(db: Queryable, userId: number) {
  const [row] = await db
    .select({ status: users.status, createdAt: users.createdAt, bankCurrency: bankAccounts.currency })
    .from(users)
    .leftJoin(bankAccounts, eq(bankAccounts.userId, users.id))
    .where(eq(users.id, userId));
  return row && { status: row.status, registeredAt: row.createdAt, currency: currencyOf(row.bankCurrency) };
}

/**
 * Serialises the work on one bet (its bet, wins and rollbacks) until the
 * transaction ends: a rollback that races its bet either finds it or is
 * found by it, never neither.
 */
export async function lockHub88Bet(tx: Queryable, betUuid: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`hub88-bet:${betUuid}`}, 0))`);
}

/**
 * Serialises a round's win with the rollbacks of its bets (each already
 * holds its bet's lock, taken first): a rollback either finds the win or
 * is found by it.
 */
export async function lockHub88Round(tx: Queryable, userId: number, round: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`hub88-round:${userId}:${round}`}, 0))`);
}

export async function findHub88Transaction(db: Queryable, transactionUuid: string): Promise<Hub88Transaction | undefined> {
  const [row] = await db.select().from(hub88Transactions).where(eq(hub88Transactions.transactionUuid, transactionUuid));
  return row;
}

export async function findHub88Request(db: Queryable, requestUuid: string): Promise<Hub88Transaction | undefined> {
  const [row] = await db.select().from(hub88Transactions).where(eq(hub88Transactions.requestUuid, requestUuid));
  return row;
}

/** A rollback that names this bet (it may have arrived before the bet). */
export async function findHub88Rollback(db: Queryable, betUuid: string): Promise<Hub88Transaction | undefined> {
  const [row] = await db
    .select()
    .from(hub88Transactions)
    .where(and(eq(hub88Transactions.referenceTransactionUuid, betUuid), eq(hub88Transactions.kind, 'rollback')))
    .limit(1);
  return row;
}

/**
 * A win that settled this bet's round since the bet: one that names the
 * bet, or one of the same round. Wins are recorded at the bet's game
 * account, so the account's index finds them among the rows after the bet.
 */
export async function findHub88WinSettling(db: Queryable, bet: Pick<Hub88Transaction, 'id' | 'gameAccountId' | 'transactionUuid' | 'round'>): Promise<Hub88Transaction | undefined> {
  const namesBet = eq(hub88Transactions.referenceTransactionUuid, bet.transactionUuid);
  const [row] = await db
    .select()
    .from(hub88Transactions)
    .where(
      and(
        eq(hub88Transactions.gameAccountId, bet.gameAccountId),
        gt(hub88Transactions.id, bet.id),
        eq(hub88Transactions.kind, 'win'),
        bet.round === null ? namesBet : or(namesBet, eq(hub88Transactions.round, bet.round)),
      ),
    )
    .limit(1);
  return row;
}

/** Inserts the row; false when its transaction_uuid or request_uuid exists (another request got there first). */
export async function insertHub88Transaction(db: Queryable, row: NewHub88Transaction): Promise<boolean> {
  const inserted = await db.insert(hub88Transactions).values(row).onConflictDoNothing().returning({ id: hub88Transactions.id });
  return inserted.length > 0;
}

export async function markHub88BetRolledBack(db: Queryable, id: number, now: Date): Promise<void> {
  await db.update(hub88Transactions).set({ rolledBackAt: now }).where(eq(hub88Transactions.id, id));
}
