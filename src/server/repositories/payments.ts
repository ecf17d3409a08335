/**
 * Payments providers reported through the webhook, kept whatever became of
 * them (credited, waiting for review, dismissed); a provider's transaction
 * id is recorded once (unique provider + transaction id).
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { payments, users } from '../db/schema.ts';

export type PaymentRow = typeof payments.$inferSelect;
export type PaymentStatus = PaymentRow['status'];

/** Inserts the payment unless its transaction was recorded before; undefined then. */
export async function insertPayment(db: Queryable, payment: Omit<typeof payments.$inferInsert, 'id'>): Promise<PaymentRow | undefined> {
  const [row] = await db.insert(payments).values(payment).onConflictDoNothing({ target: [payments.provider, payments.transactionId] }).returning();
  return row;
}

export async function findPaymentByTransaction(db: Queryable, provider: string, transactionId: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(and(eq(payments.provider, provider), eq(payments.transactionId, transactionId)));
  return row;
}

export async function setPaymentTransfer(db: Queryable, id: number, transferId: number): Promise<void> {
  await db.update(payments).set({ transferId }).where(eq(payments.id, id));
}

/** A payment as the operator sees it: with its member's phone. */
export type PaymentView = PaymentRow & { username: string | null };

const view = { payment: payments, username: users.phone };

export async function listPayments(db: Queryable, status: PaymentStatus, limit: number): Promise<PaymentView[]> {
  const rows = await db.select(view).from(payments).leftJoin(users, eq(users.id, payments.userId)).where(eq(payments.status, status)).orderBy(asc(payments.id)).limit(limit);
  return rows.map(({ payment, username }) => ({ ...payment, username }));
}

export async function findPaymentView(db: Queryable, id: number): Promise<PaymentView | undefined> {
  const [row] = await db.select(view).from(payments).leftJoin(users, eq(users.id, payments.userId)).where(eq(payments.id, id));
  return row && { ...row.payment, username: row.username };
}

/** Locks a payment for an operator's decision: of two operators at once, the second sees the first's outcome. */
export async function lockPayment(db: Queryable, id: number): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id)).for('update');
  return row;
}

export async function resolvePayment(
  db: Queryable,
  id: number,
  resolution: { status: 'credited' | 'dismissed'; userId?: number; transferId?: number; resolvedBy: number; resolvedAt: Date },
): Promise<void> {
  await db.update(payments).set(resolution).where(eq(payments.id, id));
}
