/**
 * A member's statement is read straight from the ledger: every transfer that
 * debits or credits their wallet, newest first. A withdrawal's pending
 * transfer is one item whose status follows its resolution; the resolution
 * rows themselves (pending_id set) are not items.
 *
 * Paging walks the two indexes (debit_account_id, id) and (credit_account_id,
 * id) backwards, each at most offset + limit rows, and merges them; a
 * transfer never has the wallet on both sides, so nothing is counted twice.
 * The latest deposits (the chat agent's customer panel) walk the second.
 */
import { and, count, desc, eq, inArray, isNull, ne, or, type SQL } from 'drizzle-orm';
import { alias, unionAll } from 'drizzle-orm/pg-core';
import type { Queryable } from '../db/client.ts';
import type { Localized } from '../language.ts';
import { bonuses, ledgerAccounts, ledgerTransfers, memberBonuses, withdrawals } from '../db/schema.ts';
import { findAccount, ownerOf, walletCode, type AccountOwner } from '../ledger/accounts.ts';

const debitAccount = alias(ledgerAccounts, 'debit_account');
const creditAccount = alias(ledgerAccounts, 'credit_account');
const resolution = alias(ledgerTransfers, 'resolution');

/** One wallet movement as the ledger holds it, each side named by its owner (ledger/accounts.ts ownerOf). */
export interface StatementRow {
  id: number;
  kind: (typeof ledgerTransfers.$inferSelect)['kind'];
  /** Minor units, positive. */
  amount: bigint;
  phase: (typeof ledgerTransfers.$inferSelect)['phase'];
  /** How a pending transfer was resolved, if it was. */
  resolutionPhase: (typeof ledgerTransfers.$inferSelect)['phase'] | null;
  debit: AccountOwner;
  credit: AccountOwner;
  /** The bank a withdrawal pays to. */
  withdrawalBankCode: string | null;
  /** spec 3 linked record: the bonus or promotion a grant or a finish belongs to. */
  linked: LinkedOffer | null;
  createdAt: Date;
}

export interface LinkedOffer {
  kind: 'bonus' | 'promotion';
  description: Localized;
}

/** A bonus that ended without money moving (no ledger row of its own): the statement shows its end as a row. */
export interface QuietBonusEnd {
  receiptId: number;
  linked: LinkedOffer;
  endedAt: Date;
}

type WalletSide = 'debit' | 'credit';

/** Movements (not resolutions) with the wallet on one side. */
function movementsWhere(walletSide: WalletSide, walletId: number): SQL | undefined {
  const column = walletSide === 'debit' ? ledgerTransfers.debitAccountId : ledgerTransfers.creditAccountId;
  return and(eq(column, walletId), isNull(ledgerTransfers.pendingId));
}

/** The newest `take` movements' ids and times, newest first. */
export async function statementHeads(db: Queryable, walletId: number, take: number): Promise<{ id: number; createdAt: Date }[]> {
  const newest = (walletSide: WalletSide) =>
    db
      .select({ id: ledgerTransfers.id, createdAt: ledgerTransfers.createdAt })
      .from(ledgerTransfers)
      .where(movementsWhere(walletSide, walletId))
      .orderBy(desc(ledgerTransfers.id))
      .limit(take);
  return unionAll(newest('debit'), newest('credit')).orderBy(desc(ledgerTransfers.id)).limit(take);
}

/** A member's bonuses that ended with nothing going back, newest first. */
export async function quietBonusEnds(db: Queryable, userId: number): Promise<QuietBonusEnd[]> {
  const rows = await db
    .select({ receiptId: memberBonuses.id, kind: bonuses.kind, description: bonuses.description, endedAt: memberBonuses.endedAt })
    .from(memberBonuses)
    .innerJoin(bonuses, eq(bonuses.id, memberBonuses.bonusId))
    .where(and(eq(memberBonuses.userId, userId), ne(memberBonuses.status, 'active'), isNull(memberBonuses.endTransferId)))
    .orderBy(desc(memberBonuses.endedAt), desc(memberBonuses.id));
  return rows.map(({ receiptId, kind, description, endedAt }) => ({ receiptId, linked: { kind, description }, endedAt: endedAt! }));
}

export async function statementPage(db: Queryable, walletId: number, offset: number, limit: number): Promise<StatementRow[]> {
  const heads = await statementHeads(db, walletId, offset + limit);
  return statementRows(db, heads.slice(offset).map((row) => row.id));
}

/** The movements with these ids, newest first, each side named by its owner. */
export async function statementRows(db: Queryable, ids: number[]): Promise<StatementRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: ledgerTransfers.id,
      kind: ledgerTransfers.kind,
      amount: ledgerTransfers.amount,
      phase: ledgerTransfers.phase,
      resolutionPhase: resolution.phase,
      debit: { kind: debitAccount.kind, code: debitAccount.code, userId: debitAccount.userId, gameCode: debitAccount.gameCode },
      credit: { kind: creditAccount.kind, code: creditAccount.code, userId: creditAccount.userId, gameCode: creditAccount.gameCode },
      withdrawalBankCode: withdrawals.bankCode,
      linkedKind: bonuses.kind,
      linkedDescription: bonuses.description,
      createdAt: ledgerTransfers.createdAt,
    })
    .from(ledgerTransfers)
    .innerJoin(debitAccount, eq(debitAccount.id, ledgerTransfers.debitAccountId))
    .innerJoin(creditAccount, eq(creditAccount.id, ledgerTransfers.creditAccountId))
    .leftJoin(resolution, eq(resolution.pendingId, ledgerTransfers.id))
    .leftJoin(withdrawals, eq(withdrawals.pendingTransferId, ledgerTransfers.id))
    .leftJoin(memberBonuses, or(eq(memberBonuses.grantTransferId, ledgerTransfers.id), eq(memberBonuses.endTransferId, ledgerTransfers.id)))
    .leftJoin(bonuses, eq(bonuses.id, memberBonuses.bonusId))
    .where(inArray(ledgerTransfers.id, ids))
    .orderBy(desc(ledgerTransfers.id));
  return rows.map(({ linkedKind, linkedDescription, ...row }) => ({
    ...row,
    debit: ownerOf(row.debit),
    credit: ownerOf(row.credit),
    linked: linkedKind === null || linkedDescription === null ? null : { kind: linkedKind, description: linkedDescription },
  }));
}

export async function statementTotal(db: Queryable, walletId: number): Promise<number> {
  const countOn = async (walletSide: WalletSide) => {
    const [row] = await db.select({ n: count() }).from(ledgerTransfers).where(movementsWhere(walletSide, walletId));
    return row?.n ?? 0;
  };
  return (await countOn('debit')) + (await countOn('credit'));
}

/** A deposit into the wallet as the ledger holds it (deposits/credit.ts creditDeposit). */
export interface DepositRow {
  /** Minor units, positive. */
  amount: bigint;
  createdAt: Date;
  /** What the money came with (a bank reference), when it came with one. */
  reference: string | null;
  /** Names the outside event: `deposit:{bank reference}`, `payment:{provider}:{transaction}`, `truelink:{voucher}`. */
  idempotencyKey: string;
}

/** The member's latest `limit` deposits into their wallet, newest first; none before the wallet's first use. */
export async function latestDeposits(db: Queryable, userId: number, limit: number): Promise<DepositRow[]> {
  const wallet = await findAccount(db, walletCode(userId));
  if (!wallet) return [];
  return db
    .select({ amount: ledgerTransfers.amount, createdAt: ledgerTransfers.createdAt, reference: ledgerTransfers.reference, idempotencyKey: ledgerTransfers.idempotencyKey })
    .from(ledgerTransfers)
    .where(and(eq(ledgerTransfers.creditAccountId, wallet.id), eq(ledgerTransfers.kind, 'deposit')))
    .orderBy(desc(ledgerTransfers.id))
    .limit(limit);
}
