/**
 * Withdrawals: a member's payout request and the pending ledger transfer
 * that holds its money. Its status is not stored but read from the ledger:
 * open while the pending transfer is unresolved, paid once it was posted,
 * rejected once it was voided.
 */
import { and, asc, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { WITHDRAWAL_STATUSES } from '../../contract/api.ts';
import type { WithdrawalSort } from '../../contract/ops.ts';
import type { Queryable } from '../db/client.ts';
import { approvals, banks, ledgerAccounts, ledgerTransfers, users, withdrawals } from '../db/schema.ts';
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
  /** The bank's reference of the payout's transfer (the ledger's posting names it), when one was given. */
  reference: string | null;
  /** The payout request waiting for a second operator, if one does. */
  approvalId: number | null;
}

const STATUS_CONDITIONS: Record<WithdrawalStatus, SQL> = {
  pending: isNull(withdrawals.resolvingTransferId),
  paid: eq(resolution.phase, 'post_pending'),
  rejected: eq(resolution.phase, 'void_pending'),
};

/** A pending payout request of the withdrawal (at most one: docs/decisions/0121-dual-control.md). */
const waitingApproval = sql<number | null>`(select ${approvals.id} from ${approvals} where ${approvals.action} = 'withdrawal.paid'
  and ${approvals.subject} = ${withdrawals.id}::text and ${approvals.status} = 'pending' limit 1)`.mapWith(Number);

function fromWithdrawals(db: Queryable) {
  return db
    .select({
      id: withdrawals.id,
      username: users.phone,
      name: users.name,
      amount: pending.amount,
      resolutionPhase: resolution.phase,
      resolutionReference: resolution.reference,
      bankCode: withdrawals.bankCode,
      accountName: withdrawals.accountName,
      accountNo: withdrawals.accountNo,
      currency: ledgerAccounts.currency,
      bankNameTh: banks.nameTh,
      bankNameEn: banks.nameEn,
      createdAt: withdrawals.createdAt,
      resolvedAt: withdrawals.resolvedAt,
      approvalId: waitingApproval,
    })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .innerJoin(pending, eq(pending.id, withdrawals.pendingTransferId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, pending.debitAccountId))
    .leftJoin(resolution, eq(resolution.id, withdrawals.resolvingTransferId))
    .leftJoin(banks, eq(banks.code, withdrawals.bankCode));
}

type ViewRow = Awaited<ReturnType<ReturnType<typeof fromWithdrawals>['execute']>>[number];

function viewOf({ resolutionPhase, resolutionReference, approvalId, ...row }: ViewRow): WithdrawalView {
  const status = resolutionPhase === null ? 'pending' : resolutionPhase === 'post_pending' ? 'paid' : 'rejected';
  return { ...row, status, reference: status === 'paid' ? resolutionReference : null, approvalId: approvalId ?? null };
}

/** Which withdrawals the operator's queue and its CSV show. */
export interface WithdrawalFilter {
  status: WithdrawalStatus;
  /** The member's phone. */
  member?: string;
  /** The bank's code: one bank's batch. */
  bank?: string;
  /** Absent: the oldest first while pending, the newest first once decided. */
  sort?: WithdrawalSort;
}

function whereOf(filter: WithdrawalFilter): SQL | undefined {
  return and(
    STATUS_CONDITIONS[filter.status],
    filter.member === undefined ? undefined : eq(users.phone, filter.member),
    filter.bank === undefined ? undefined : eq(withdrawals.bankCode, filter.bank),
  );
}

/**
 * Withdrawals of a filter, a page of them, and how many match: pending ones
 * oldest first (the queue is worked from its start), resolved ones newest
 * first (what was done last).
 */
export async function listWithdrawals(db: Queryable, filter: WithdrawalFilter, offset: number, limit: number): Promise<{ views: WithdrawalView[]; total: number }> {
  const where = whereOf(filter);
  const sort = filter.sort ?? (filter.status === 'pending' ? 'oldest' : 'newest');
  const order = { oldest: [asc(withdrawals.id)], newest: [desc(withdrawals.id)], largest: [desc(pending.amount), asc(withdrawals.id)] }[sort];
  const rows = await fromWithdrawals(db).where(where).orderBy(...order).offset(offset).limit(limit);
  const [counted] = await db
    .select({ total: count() })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .leftJoin(resolution, eq(resolution.id, withdrawals.resolvingTransferId))
    .where(where);
  return { views: rows.map(viewOf), total: counted?.total ?? 0 };
}

export async function findWithdrawalView(db: Queryable, id: number): Promise<WithdrawalView | undefined> {
  const [row] = await fromWithdrawals(db).where(eq(withdrawals.id, id));
  return row && viewOf(row);
}
