/**
 * What the bonus rules read from the ledger, never from the client: the
 * member's bets since a bonus was credited (its turnover), the deposit a
 * bonus may be counted on, and what the member holds in the wallet and the
 * games (locked, so a rule that depends on it holds until commit).
 */
import { and, desc, eq, gt, gte, inArray, notExists, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { ledgerAccounts, ledgerTransfers, memberBonuses } from '../db/schema.ts';
import { availableOf, balanceOf, ensureWalletAccount, lockAccounts, type LedgerAccount } from '../ledger/accounts.ts';
import type { Currency } from '../repositories/users.ts';

/** The member's game accounts' ids (any game, active or not). */
function memberGameAccountIds(db: Queryable, userId: number) {
  return db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.kind, 'game')));
}

/**
 * Bets the member placed after ledger transfer `afterId` (a bonus's grant),
 * in minor units: every `bet` debited from one of their game accounts, less
 * every bet returned by a `rollback`. Wins do not reduce it.
 */
export async function betsSince(db: Queryable, userId: number, afterId: number): Promise<bigint> {
  const sumOf = (kind: 'bet' | 'rollback', side: typeof ledgerTransfers.debitAccountId | typeof ledgerTransfers.creditAccountId) =>
    db
      .select({ total: sql<string>`coalesce(sum(${ledgerTransfers.amount}), 0)` })
      .from(ledgerTransfers)
      .where(and(eq(ledgerTransfers.kind, kind), gt(ledgerTransfers.id, afterId), inArray(side, memberGameAccountIds(db, userId))));
  const [[bets], [returned]] = await Promise.all([sumOf('bet', ledgerTransfers.debitAccountId), sumOf('rollback', ledgerTransfers.creditAccountId)]);
  return BigInt(bets?.total ?? '0') - BigInt(returned?.total ?? '0');
}

/**
 * The deposit a bonus may be counted on: the member's latest deposit into
 * the wallet after ledger transfer `afterId` (their previous bonus's grant)
 * and since `since`, that no bonus has counted yet.
 */
export async function latestUnusedDeposit(db: Queryable, walletId: number, afterId: number, since: Date): Promise<{ id: number; amount: bigint } | undefined> {
  const [row] = await db
    .select({ id: ledgerTransfers.id, amount: ledgerTransfers.amount })
    .from(ledgerTransfers)
    .where(
      and(
        eq(ledgerTransfers.creditAccountId, walletId),
        eq(ledgerTransfers.kind, 'deposit'),
        gt(ledgerTransfers.id, afterId),
        gte(ledgerTransfers.createdAt, since),
        notExists(db.select({ one: sql`1` }).from(memberBonuses).where(eq(memberBonuses.depositTransferId, ledgerTransfers.id))),
      ),
    )
    .orderBy(desc(ledgerTransfers.id))
    .limit(1);
  return row;
}

/** Deposits into the wallet after ledger transfer `afterId`, minor units: the member's own money, like what they held before. */
export async function depositsSince(db: Queryable, walletId: number, afterId: number): Promise<bigint> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerTransfers.amount}), 0)` })
    .from(ledgerTransfers)
    .where(and(eq(ledgerTransfers.creditAccountId, walletId), eq(ledgerTransfers.kind, 'deposit'), gt(ledgerTransfers.id, afterId)));
  return BigInt(row?.total ?? '0');
}

export interface Holdings {
  wallet: LedgerAccount;
  /** What the member can spend from the wallet (money held for a withdrawal is not in it). */
  walletAvailable: bigint;
  /** What sits in their game accounts. */
  inGames: bigint;
}

/**
 * The member's wallet and games, locked for the rest of the transaction in
 * ascending id (the order every movement locks in), with what they hold.
 */
export async function lockHoldings(db: Queryable, userId: number, currency: Currency, now: Date): Promise<Holdings> {
  const wallet = await ensureWalletAccount(db, userId, currency, now);
  const games = await memberGameAccountIds(db, userId);
  const locked = await lockAccounts(db, [wallet.id, ...games.map((game) => game.id)]);
  const lockedWallet = locked.find((account) => account.id === wallet.id)!;
  const inGames = locked.filter((account) => account.id !== wallet.id).reduce((sum, account) => sum + balanceOf(account), 0n);
  return { wallet: lockedWallet, walletAvailable: availableOf(lockedWallet), inGames };
}
