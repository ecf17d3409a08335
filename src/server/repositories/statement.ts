/**
 * A member's statement is read straight from the ledger: every transfer that
 * debits or credits their wallet, newest first. A withdrawal's pending
 * transfer is one item whose status follows its resolution; the resolution
 * rows themselves (pending_id set) are not items.
 *
 * Paging walks the two indexes (debit_account_id, id) and (credit_account_id,
 * id) backwards, each at most offset + limit rows, and merges them; a
 * transfer never has the wallet on both sides, so nothing is counted twice.
 */
import { and, count, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import { alias, unionAll } from 'drizzle-orm/pg-core';
import type { Queryable } from '../db/client.ts';
import { ledgerAccounts, ledgerTransfers, withdrawals } from '../db/schema.ts';
import { ownerOf, type AccountOwner } from '../ledger/accounts.ts';

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
  createdAt: Date;
}

type WalletSide = 'debit' | 'credit';

/** Movements (not resolutions) with the wallet on one side. */
function movementsWhere(walletSide: WalletSide, walletId: number): SQL | undefined {
  const column = walletSide === 'debit' ? ledgerTransfers.debitAccountId : ledgerTransfers.creditAccountId;
  return and(eq(column, walletId), isNull(ledgerTransfers.pendingId));
}

export async function statementPage(db: Queryable, walletId: number, offset: number, limit: number): Promise<StatementRow[]> {
  const newest = (walletSide: WalletSide) =>
    db
      .select({ id: ledgerTransfers.id })
      .from(ledgerTransfers)
      .where(movementsWhere(walletSide, walletId))
      .orderBy(desc(ledgerTransfers.id))
      .limit(offset + limit);
  const page = await unionAll(newest('debit'), newest('credit'))
    .orderBy(desc(ledgerTransfers.id))
    .limit(limit)
    .offset(offset);
  if (page.length === 0) return [];

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
      createdAt: ledgerTransfers.createdAt,
    })
    .from(ledgerTransfers)
    .innerJoin(debitAccount, eq(debitAccount.id, ledgerTransfers.debitAccountId))
    .innerJoin(creditAccount, eq(creditAccount.id, ledgerTransfers.creditAccountId))
    .leftJoin(resolution, eq(resolution.pendingId, ledgerTransfers.id))
    .leftJoin(withdrawals, eq(withdrawals.pendingTransferId, ledgerTransfers.id))
    .where(inArray(ledgerTransfers.id, page.map((row) => row.id)))
    .orderBy(desc(ledgerTransfers.id));
  return rows.map((row) => ({ ...row, debit: ownerOf(row.debit), credit: ownerOf(row.credit) }));
}

export async function statementTotal(db: Queryable, walletId: number): Promise<number> {
  const countOn = async (walletSide: WalletSide) => {
    const [row] = await db.select({ n: count() }).from(ledgerTransfers).where(movementsWhere(walletSide, walletId));
    return row?.n ?? 0;
  };
  return (await countOn('debit')) + (await countOn('credit'));
}
