/**
 * Withdrawals: a member's payout request and the pending ledger transfer
 * that holds its money. Its status is not stored but read from the ledger:
 * open while the pending transfer is unresolved, paid once it was posted,
 * rejected once it was voided.
 */
import { and, asc, eq, isNull, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { WITHDRAWAL_STATUSES } from '../../contract/api.ts';
import type { Queryable } from '../db/client.ts';
import { banks, ledgerAccounts, ledgerTransfers, users, withdrawals } from '../db/schema.ts';
import type { Currency } from './users.ts';

export type WithdrawalRow = typeof withdrawals.$inferSelect;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

export interface NewWithdrawal {
  userId: number;
  pendingTransferId: number;
  bankCode: string;
  accountName: string;
  accountNo: string;
}

/**
 * Records the withdrawal of a pending transfer. A request replayed on
 * another connection finds its pending transfer already written (the ledger
 * key) and gets the withdrawal that transfer already has.
 */
export async function insertWithdrawal(db: Queryable, withdrawal: NewWithdrawal, now: Date): Promise<WithdrawalRow> {
  const [inserted] = await db
    .insert(withdrawals)
    .values({ ...withdrawal, createdAt: now })
    .onConflictDoNothing({ target: withdrawals.pendingTransferId })
    .returning();
  if (inserted) return inserted;
  const [existing] = await db.select().from(withdrawals).where(eq(withdrawals.pendingTransferId, withdrawal.pendingTransferId));
  if (!existing) throw new Error(`withdrawal of transfer ${withdrawal.pendingTransferId} vanished`);
  return existing;
}

/** The withdrawal, locked until the transaction ends, so two resolutions run one after the other. */
export async function lockWithdrawal(db: Queryable, id: number): Promise<WithdrawalRow | undefined> {
  const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update');
  return row;
}

export async function markResolved(db: Queryable, id: number, resolvingTransferId: number, resolvedBy: number, now: Date): Promise<void> {
  await db
    .update(withdrawals)
    .set({ resolvingTransferId, resolvedAt: now, resolvedBy })
    .where(and(eq(withdrawals.id, id), isNull(withdrawals.resolvingTransferId)));
}

const pending = alias(ledgerTransfers, 'pending');
const resolution = alias(ledgerTransfers, 'resolution');

/** A withdrawal as the operator's list shows it. */
export interface WithdrawalView {
  id: number;
  username: string;
  name: string;
  /** Minor units. */
  amount: bigint;
  status: WithdrawalStatus;
  bankCode: string;
  accountName: string;
  accountNo: string;
  currency: Currency;
  bankNameTh: string | null;
  bankNameEn: string | null;
  createdAt: Date;
  resolvedAt: Date | null;
}

const STATUS_CONDITIONS: Record<WithdrawalStatus, SQL> = {
  pending: isNull(withdrawals.resolvingTransferId),
  paid: eq(resolution.phase, 'post_pending'),
  rejected: eq(resolution.phase, 'void_pending'),
};

async function selectViews(db: Queryable, where: SQL, limit: number): Promise<WithdrawalView[]> {
  const rows = await db
    .select({
      id: withdrawals.id,
      username: users.phone,
      name: users.name,
      amount: pending.amount,
      resolutionPhase: resolution.phase,
      bankCode: withdrawals.bankCode,
      accountName: withdrawals.accountName,
      accountNo: withdrawals.accountNo,
      currency: ledgerAccounts.currency,
      bankNameTh: banks.nameTh,
      bankNameEn: banks.nameEn,
      createdAt: withdrawals.createdAt,
      resolvedAt: withdrawals.resolvedAt,
    })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .innerJoin(pending, eq(pending.id, withdrawals.pendingTransferId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, pending.debitAccountId))
    .leftJoin(resolution, eq(resolution.id, withdrawals.resolvingTransferId))
    .leftJoin(banks, eq(banks.code, withdrawals.bankCode))
    .where(where)
    .orderBy(asc(withdrawals.id))
    .limit(limit);
  return rows.map(({ resolutionPhase, ...row }) => ({
    ...row,
    status: resolutionPhase === null ? 'pending' : resolutionPhase === 'post_pending' ? 'paid' : 'rejected',
  }));
}

/** Withdrawals in one status, oldest first (the operator works the queue from its start). */
export function listWithdrawals(db: Queryable, status: WithdrawalStatus, limit: number): Promise<WithdrawalView[]> {
  return selectViews(db, STATUS_CONDITIONS[status], limit);
}

export async function findWithdrawalView(db: Queryable, id: number): Promise<WithdrawalView | undefined> {
  const [view] = await selectViews(db, eq(withdrawals.id, id), 1);
  return view;
}
