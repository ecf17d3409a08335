/**
 * Games, members' accounts at them, and the game account items the home shows
 * (spec 3, game account). Member queries are keyed by the caller's user id.
 */
import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { GameAccountItem } from '../../contract/api.ts';
import { toMajor } from '../../contract/money.ts';
import type { Queryable } from '../db/client.ts';
import { gameAccounts, games, ledgerAccounts, users } from '../db/schema.ts';
import { activeMemberOf } from './users.ts';

export type Game = typeof games.$inferSelect;
export type GameAccount = typeof gameAccounts.$inferSelect;
/** The credentials a provider makes for an account (the shape of games/provider.ts GameCredentials). */
type StoredCredentials = Pick<GameAccount, 'username' | 'password' | 'event'>;
export type NewGame = Omit<typeof games.$inferInsert, 'sortOrder' | 'active'>;

/** A member's account at a game, with the game. */
export interface GameAccountWithGame {
  account: GameAccount;
  game: Game;
}

/**
 * The member's game account items in display order: every active game, plus a
 * retired game while the member still has money in it (money never becomes
 * invisible). `amount` is the posted balance of the member's game ledger
 * account in major units (0 before the first transfer); `isActive` says the
 * member opened an account there (spec 4: inactive → active by activation).
 * With `code`, only that game's item (or none).
 */
export async function listMemberGameAccounts(db: Queryable, userId: number, code?: string): Promise<GameAccountItem[]> {
  const balance = sql<string | null>`(${ledgerAccounts.creditsPosted} - ${ledgerAccounts.debitsPosted})::text`;
  const rows = await db
    .select({ game: games, accountId: gameAccounts.id, balance })
    .from(games)
    .leftJoin(gameAccounts, and(eq(gameAccounts.gameCode, games.code), eq(gameAccounts.userId, userId)))
    .leftJoin(ledgerAccounts, and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.gameCode, games.code), eq(ledgerAccounts.kind, 'game')))
    .where(
      and(
        code === undefined ? undefined : eq(games.code, code),
        or(eq(games.active, true), sql`${ledgerAccounts.creditsPosted} <> ${ledgerAccounts.debitsPosted}`),
      ),
    )
    .orderBy(asc(games.sortOrder), asc(games.code));
  return rows.map(({ game, accountId, balance }) => ({
    code: game.code,
    name: game.name,
    category: game.category,
    isActive: accountId !== null,
    amount: toMajor(BigInt(balance ?? 0)),
    ftWalletSlot: game.ftWalletSlot,
    logo: game.logo,
    background: game.background,
    web: game.web,
    android: game.android,
    ios: game.ios,
  }));
}

/** The game with this code, active or not. */
export async function findGame(db: Queryable, code: string): Promise<Game | undefined> {
  const [game] = await db.select().from(games).where(eq(games.code, code));
  return game;
}

/** The member's account at this game. */
export async function findGameAccount(db: Queryable, userId: number, gameCode: string): Promise<GameAccountWithGame | undefined> {
  const [row] = await db
    .select({ account: gameAccounts, game: games })
    .from(gameAccounts)
    .innerJoin(games, eq(games.code, gameAccounts.gameCode))
    .where(and(eq(gameAccounts.userId, userId), eq(gameAccounts.gameCode, gameCode)));
  return row;
}

/** Every account the member has opened, with its game, in a stable order. */
export async function findGameAccounts(db: Queryable, userId: number): Promise<GameAccountWithGame[]> {
  return db
    .select({ account: gameAccounts, game: games })
    .from(gameAccounts)
    .innerJoin(games, eq(games.code, gameAccounts.gameCode))
    .where(eq(gameAccounts.userId, userId))
    .orderBy(gameAccounts.id);
}

/**
 * The member's account at a provider by its username (/api/autoLogin). Only
 * the member's own accounts are searched, so another member's username
 * finds nothing.
 */
export async function findGameAccountByUsername(
  db: Queryable,
  userId: number,
  provider: string,
  username: string,
): Promise<GameAccountWithGame | undefined> {
  const [row] = await db
    .select({ account: gameAccounts, game: games })
    .from(gameAccounts)
    .innerJoin(games, eq(games.code, gameAccounts.gameCode))
    .where(and(eq(gameAccounts.userId, userId), eq(games.provider, provider), eq(gameAccounts.username, username)))
    .orderBy(asc(games.sortOrder), asc(games.code))
    .limit(1);
  return row;
}

/** An account at a game by its username: a game's own login (form or credentials link) knows no member. */
export async function findGameAccountForLogin(db: Queryable, gameCode: string, username: string): Promise<GameAccountWithGame | undefined> {
  const [row] = await db
    .select({ account: gameAccounts, game: games })
    .from(gameAccounts)
    .innerJoin(games, eq(games.code, gameAccounts.gameCode))
    // A suspended or closed member's game account opens no game.
    .innerJoin(users, activeMemberOf(gameAccounts.userId))
    .where(and(eq(gameAccounts.gameCode, gameCode), eq(gameAccounts.username, username)));
  return row;
}

/** Fails on game_accounts_user_game_unique when the member already has one (a racing activation). */
export async function insertGameAccount(db: Queryable, userId: number, gameCode: string, credentials: StoredCredentials, now: Date): Promise<GameAccount> {
  const [row] = await db
    .insert(gameAccounts)
    .values({ userId, gameCode, ...credentials, createdAt: now, passwordChangedAt: now })
    .returning();
  return row!;
}

export async function updateGameCredentials(db: Queryable, accountId: number, credentials: StoredCredentials, now: Date): Promise<GameAccount> {
  const [row] = await db
    .update(gameAccounts)
    .set({ ...credentials, passwordChangedAt: now })
    .where(eq(gameAccounts.id, accountId))
    .returning();
  return row!;
}

/** Seeding: adds the games that are missing, in the given order; existing rows stay as an operator left them. */
export async function addMissingGames(db: Queryable, rows: NewGame[]): Promise<void> {
  await db
    .insert(games)
    .values(rows.map((game, index) => ({ ...game, sortOrder: (index + 1) * 10 })))
    .onConflictDoNothing();
}

export async function findGameAccountById(db: Queryable, accountId: number): Promise<GameAccountWithGame | undefined> {
  const [row] = await db
    .select({ account: gameAccounts, game: games })
    .from(gameAccounts)
    .innerJoin(games, eq(games.code, gameAccounts.gameCode))
    .where(eq(gameAccounts.id, accountId));
  return row;
}
