/**
 * What the wallet's movements read: the member's currency, their game
 * ledger accounts, and the ledger rows a movement locks. Games and game
 * accounts themselves are in games.ts. Every query is keyed by the caller's
 * user id.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Queryable } from '../db/client.ts';
import { bankAccounts, gameAccounts, games, ledgerAccounts } from '../db/schema.ts';
import type { Game } from '../games/provider.ts';
import { gameAccountCode, walletCode, type LedgerAccount, type LedgerAccountRef } from '../ledger/accounts.ts';
import type { GameAccount } from './games.ts';
import { settingValue } from './settings.ts';
import type { Currency } from './users.ts';

/** spec 3: the member's currency is their bank account's; BAHT when they have none (an operator). */
function currencyOf(bankAccountCurrency: Currency | null | undefined): Currency {
  return bankAccountCurrency ?? 'BAHT';
}

export async function memberCurrency(db: Queryable, userId: number): Promise<Currency> {
  const [row] = await db.select({ currency: bankAccounts.currency }).from(bankAccounts).where(eq(bankAccounts.userId, userId));
  return currencyOf(row?.currency);
}

/** The member's account at a game as movements name it to the game's provider. */
export type GameAccountRef = Pick<GameAccount, 'id' | 'username'>;

const gameAccountRef = { id: gameAccounts.id, username: gameAccounts.username };

/** A game as a wallet ↔ game movement sees it for one member. */
export interface MemberGame {
  game: Game;
  /** The member's account at the game; null when they never opened one. */
  account: GameAccountRef | null;
  /** The member's ledger accounts (wallet and this game's); null until first used. */
  ledger: { wallet: LedgerAccountRef | null; game: LedgerAccountRef | null };
  currency: Currency;
}

const walletLedger = alias(ledgerAccounts, 'wallet_ledger');
const gameLedger = alias(ledgerAccounts, 'game_ledger');

/**
 * Everything a wallet ↔ game transfer reads before it moves money, in one
 * round trip (the transfer hot path, docs/decisions.md): the game, the
 * member's account there, both ledger accounts by their codes, the
 * member's currency, and the transferMin setting every transfer checks
 * (null when its row is missing). Only the columns a movement uses:
 * drizzle's cost of building a query grows with every column. Undefined
 * when no game has this code.
 */
export async function findMemberGame(
  db: Queryable,
  userId: number,
  gameCode: string,
): Promise<(MemberGame & { transferMin: number | null }) | undefined> {
  const [row] = await db
    .select({
      game: games,
      account: gameAccountRef,
      wallet: { id: walletLedger.id, code: walletLedger.code, currency: walletLedger.currency },
      gameLedger: { id: gameLedger.id, code: gameLedger.code, currency: gameLedger.currency },
      currency: bankAccounts.currency,
      transferMin: settingValue('transferMin'),
    })
    .from(games)
    .leftJoin(gameAccounts, and(eq(gameAccounts.gameCode, games.code), eq(gameAccounts.userId, userId)))
    .leftJoin(walletLedger, eq(walletLedger.code, walletCode(userId)))
    .leftJoin(gameLedger, eq(gameLedger.code, gameAccountCode(userId, gameCode)))
    .leftJoin(bankAccounts, eq(bankAccounts.userId, userId))
    .where(eq(games.code, gameCode));
  if (!row) return undefined;
  const { game, account, wallet, currency, transferMin } = row;
  return { game, account, ledger: { wallet, game: row.gameLedger }, currency: currencyOf(currency), transferMin };
}

/**
 * The member's game ledger accounts with their games (active or not: money
 * can sit in a retired game) and the member's account at each game (null
 * if there is none, which the game's provider refuses).
 */
export async function memberGameAccounts(
  db: Queryable,
  userId: number,
): Promise<{ ledger: LedgerAccount; game: Game; account: GameAccountRef | null }[]> {
  return db
    .select({ ledger: ledgerAccounts, game: games, account: gameAccountRef })
    .from(ledgerAccounts)
    .innerJoin(games, eq(games.code, ledgerAccounts.gameCode))
    .leftJoin(gameAccounts, and(eq(gameAccounts.gameCode, ledgerAccounts.gameCode), eq(gameAccounts.userId, userId)))
    .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.kind, 'game')))
    .orderBy(asc(ledgerAccounts.id));
}

/**
 * Locks ledger accounts for the rest of the transaction, in ascending id:
 * the order transfers.ts updates them in, so a movement that locks first
 * and one that just updates cannot deadlock. Call it before reading a
 * balance a movement depends on ("all of it", "the full amount").
 *
 * FOR NO KEY UPDATE is the lock an UPDATE of the balances takes. FOR UPDATE
 * would also conflict with the KEY SHARE locks that inserting a transfer
 * (its foreign keys) takes on both accounts, and deadlock with a transfer
 * that has inserted its row and waits to update the balance.
 */
export async function lockAccounts(db: Queryable, ids: number[]): Promise<LedgerAccount[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, ids))
    .orderBy(asc(ledgerAccounts.id))
    .for('no key update');
}
