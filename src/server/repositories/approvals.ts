/**
 * Requests for a second operator's approval (docs/decisions/0121-dual-control.md):
 * at most one pending per action and subject; decided once, under the row's lock.
 */
import { and, desc, eq, gt, sql, sum } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { APPROVAL_STATUSES, ApprovalAction } from '../../contract/ops.ts';
import type { Queryable } from '../db/client.ts';
import { approvals, operatorMovements, operators, users } from '../db/schema.ts';
import { recordAudit } from './audit.ts';
import type { Currency } from './users.ts';

export type ApprovalRow = typeof approvals.$inferSelect;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

export interface NewApproval {
  action: ApprovalAction;
  subject: string;
  userId: number | null;
  /** Minor units. */
  amount: bigint;
  currency: Currency;
  request: Record<string, string>;
  requestedBy: number;
}

/**
 * Records the request (`inserted`: true), or finds the pending one of the same action and subject
 * (which may ask something else).
 */
export async function insertOrFindPending(db: Queryable, approval: NewApproval, now: Date): Promise<{ row: ApprovalRow; inserted: boolean }> {
  const [inserted] = await db
    .insert(approvals)
    .values({ ...approval, status: 'pending', requestedAt: now })
    .onConflictDoNothing()
    .returning();
  if (inserted) return { row: inserted, inserted: true };
  const [pending] = await db
    .select()
    .from(approvals)
    .where(and(eq(approvals.action, approval.action), eq(approvals.subject, approval.subject), eq(approvals.status, 'pending')));
  if (!pending) throw new Error(`the pending ${approval.action} of ${approval.subject} vanished`);
  return { row: pending, inserted: false };
}

/** The request, locked until the transaction ends, so two decisions run one after the other. */
export async function lockApproval(db: Queryable, id: number): Promise<ApprovalRow | undefined> {
  const [row] = await db.select().from(approvals).where(eq(approvals.id, id)).for('update');
  return row;
}

export async function markDecided(db: Queryable, id: number, status: 'approved' | 'rejected', decidedBy: number, now: Date): Promise<void> {
  await db
    .update(approvals)
    .set({ status, decidedBy, decidedAt: now })
    .where(and(eq(approvals.id, id), eq(approvals.status, 'pending')));
}

/**
 * Marks superseded, by `operatorId`, the pending request for what was just
 * settled otherwise (done within the limits, or rejected or dismissed): its
 * approval could only be refused now.
 */
export async function supersedePending(db: Queryable, action: ApprovalAction, subject: string, operatorId: number, now: Date): Promise<void> {
  const closed = await db
    .update(approvals)
    .set({ status: 'superseded', decidedBy: operatorId, decidedAt: now })
    .where(and(eq(approvals.action, action), eq(approvals.subject, subject), eq(approvals.status, 'pending')))
    .returning({ id: approvals.id, userId: approvals.userId });
  // The audit closes the request it opened (approval.requested): who settled its subject otherwise.
  for (const { id, userId } of closed) {
    const after = { status: 'superseded', action, subject };
    await recordAudit(db, { operatorId, action: 'approval.superseded', subject: String(id), userId, before: { status: 'pending' }, after, createdAt: now });
  }
}

/**
 * Holds what a request acts on until the transaction ends. Every path that
 * asks for, does, settles or decides it takes this first, so they run one
 * after the other and take their row locks in one order.
 */
export async function lockSubject(db: Queryable, action: ApprovalAction, subject: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`approval:${action}:${subject}`}, 0))`);
}

/** The request waiting for a second operator on this action and subject, if one does. */
export async function findPending(db: Queryable, action: ApprovalAction, subject: string): Promise<ApprovalRow | undefined> {
  const [row] = await db
    .select()
    .from(approvals)
    .where(and(eq(approvals.action, action), eq(approvals.subject, subject), eq(approvals.status, 'pending')));
  return row;
}

export async function findApproval(db: Queryable, id: number): Promise<ApprovalRow | undefined> {
  const [row] = await db.select().from(approvals).where(eq(approvals.id, id));
  return row;
}

/** A value the asker's call carried (kept with the request). */
export function requested(row: Pick<ApprovalRow, 'request'>, key: string): string | undefined {
  const value: unknown = (row.request as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : undefined;
}

/** A request's amount with its direction: an adjustment that takes from the member is negative (the row keeps it positive). */
export function signedAmount(row: Pick<ApprovalRow, 'action' | 'amount' | 'request'>): bigint {
  return row.action === 'adjustment' && requested(row, 'direction') === 'debit' ? -row.amount : row.amount;
}

/** A request as the operators' list shows it: who asked and who decided by name, the member by phone, the signed amount and the reason. */
export interface ApprovalView extends ApprovalRow {
  username: string | null;
  requestedByName: string;
  decidedByName: string | null;
  /** Minor units; negative for an adjustment that takes from the member. */
  signedAmount: bigint;
  /** Why, in the asker's words (an adjustment's reason); null for the others. */
  reason: string | null;
}

const asker = alias(operators, 'asker');
const decider = alias(operators, 'decider');

function selectViews(db: Queryable) {
  return db
    .select({
      approval: approvals,
      username: users.phone,
      requestedByName: asker.name,
      decidedByName: decider.name,
    })
    .from(approvals)
    .innerJoin(asker, eq(asker.id, approvals.requestedBy))
    .leftJoin(decider, eq(decider.id, approvals.decidedBy))
    .leftJoin(users, eq(users.id, approvals.userId));
}

type ViewRow = Awaited<ReturnType<ReturnType<typeof selectViews>['execute']>>[number];
const viewOf = (row: ViewRow): ApprovalView => ({
  ...row.approval,
  username: row.username,
  requestedByName: row.requestedByName,
  decidedByName: row.decidedByName,
  signedAmount: signedAmount(row.approval),
  reason: requested(row.approval, 'reason') ?? null,
});

export async function findApprovalView(db: Queryable, id: number): Promise<ApprovalView | undefined> {
  const [row] = await selectViews(db).where(eq(approvals.id, id));
  return row && viewOf(row);
}

/** Pending requests oldest first (the queue); decided ones newest first. */
export async function listApprovals(db: Queryable, status: ApprovalStatus, limit: number): Promise<ApprovalView[]> {
  const order = status === 'pending' ? sql`${approvals.id} asc` : desc(approvals.id);
  const rows = await selectViews(db).where(eq(approvals.status, status)).orderBy(order).limit(limit);
  return rows.map(viewOf);
}

// ---------------------------------------------------------------- what an operator moved alone

/** Holds the operator's movements still until the transaction ends: their daily sum is read and written by one at a time. */
export async function lockOperatorMovements(db: Queryable, operatorId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`operator-movements:${operatorId}`}, 0))`);
}

/** What the operator moved alone in `currency` after `since`, minor units. */
/** What an operator's movement alone is counted as: its action, or a kind with a daily sum of its own (adjustment credits). */
export type MovementLabel = ApprovalAction | 'adjustment.credit';

/** What the operator moved alone since `since` in `currency`: everything, or only movements labelled `label`. */
export async function movedAloneSince(db: Queryable, operatorId: number, currency: Currency, since: Date, label?: MovementLabel): Promise<bigint> {
  const [row] = await db
    .select({ total: sum(operatorMovements.amount) })
    .from(operatorMovements)
    .where(
      and(
        eq(operatorMovements.operatorId, operatorId),
        eq(operatorMovements.currency, currency),
        gt(operatorMovements.createdAt, since),
        label === undefined ? undefined : eq(operatorMovements.action, label),
      ),
    );
  return BigInt(row?.total ?? 0);
}

export async function recordMovedAlone(
  db: Queryable,
  movement: { operatorId: number; action: MovementLabel; subject: string; amount: bigint; currency: Currency },
  now: Date,
): Promise<void> {
  await db.insert(operatorMovements).values({ ...movement, createdAt: now });
}
