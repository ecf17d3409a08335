/**
 * Slips members uploaded (schema.ts, slips): recording them under the
 * one-a-minute rule and the reference's uniqueness, the member's slip
 * table, and the operator's review.
 */
import { and, asc, count, desc, eq, gt, isNotNull, isNull, ne, sql, sum } from 'drizzle-orm';
import type { SlipSort, SlipVerificationFindings } from '../../contract/deposit.ts';
import type { SlipReasonCode } from '../../contract/errors.ts';
import type { Queryable, Transaction } from '../db/client.ts';
import { holdsReference, slips, SLIP_STATUSES, users } from '../db/schema.ts';

export type SlipRow = typeof slips.$inferSelect;
export type SlipStatus = (typeof SLIP_STATUSES)[number];

export interface NewSlip {
  userId: number;
  reference: string | null;
  sendingBank: string | null;
  storageKey: string;
  status: 'PENDING' | 'FAILED';
  note: SlipReasonCode | null;
}

/**
 * Serialises one member's slip recordings (an advisory transaction lock),
 * so the one-a-minute check and the insert are one step across instances.
 */
export async function lockMemberSlips(tx: Transaction, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`slip:${userId}`}, 0))`);
}

/** Whether the member recorded a slip after `since`. */
/** When the member's newest slip was recorded; null before their first. */
export async function lastSlipAt(db: Queryable, userId: number): Promise<Date | null> {
  const [row] = await db.select({ createdAt: slips.createdAt }).from(slips).where(eq(slips.userId, userId)).orderBy(desc(slips.createdAt)).limit(1);
  return row?.createdAt ?? null;
}

/**
 * Inserts a slip that holds its reference (slips_reference_held_idx), unless a
 * slip already holds it: then nothing is written and the answer is
 * undefined. A concurrent insert of the same reference waits for the other
 * to commit and then finds it.
 */
export async function insertSlipHoldingReference(db: Queryable, slip: NewSlip, now: Date): Promise<SlipRow | undefined> {
  const [inserted] = await db
    .insert(slips)
    .values({ ...slip, createdAt: now })
    .onConflictDoNothing({
      target: slips.reference,
      where: holdsReference(slips),
    })
    .returning();
  return inserted;
}

/** Whether an operator rejected this member's slip of this reference as NOT_MATCH (not their payment). */
export async function rejectedAsNotTheirs(db: Queryable, userId: number, reference: string): Promise<boolean> {
  const [row] = await db
    .select({ id: slips.id })
    .from(slips)
    .where(and(eq(slips.userId, userId), eq(slips.reference, reference), eq(slips.status, 'FAILED'), eq(slips.note, 'NOT_MATCH'), isNotNull(slips.reviewedAt)))
    .limit(1);
  return row !== undefined;
}

/** Inserts a slip that failed an automatic check (it holds no reference). */
export async function insertFailedSlip(db: Queryable, slip: NewSlip, now: Date): Promise<SlipRow> {
  const [inserted] = await db
    .insert(slips)
    .values({ ...slip, createdAt: now })
    .returning();
  return inserted!;
}

/** One page of the member's slips, newest first. */
export function memberSlipPage(db: Queryable, userId: number, offset: number, limit: number): Promise<SlipRow[]> {
  return db.select().from(slips).where(eq(slips.userId, userId)).orderBy(desc(slips.id)).offset(offset).limit(limit);
}

export async function memberSlipTotal(db: Queryable, userId: number): Promise<number> {
  const [row] = await db.select({ total: count() }).from(slips).where(eq(slips.userId, userId));
  return row?.total ?? 0;
}

/** The member's newest slip with this reference; another member's is never found. */
export async function findMemberSlipByReference(db: Queryable, userId: number, reference: string): Promise<SlipRow | undefined> {
  const [row] = await db
    .select()
    .from(slips)
    .where(and(eq(slips.userId, userId), eq(slips.reference, reference)))
    .orderBy(desc(slips.id))
    .limit(1);
  return row;
}

/** A slip with its member, as the operator sees it. */
export interface SlipView extends SlipRow {
  username: string;
  name: string;
}

const viewColumns = { slip: slips, username: users.phone, name: users.name };

function toView(row: { slip: SlipRow; username: string; name: string }): SlipView {
  return { ...row.slip, username: row.username, name: row.name };
}

/**
 * One page of the slips in one status, by default the oldest first (the
 * queue is worked from its start). Every order ends on the id, so a page
 * never repeats nor skips a slip of the next; a slip without an amount (not
 * approved) comes after those with one when the largest come first.
 */
export async function listSlipsForReview(db: Queryable, status: SlipStatus, offset: number, limit: number, sort: SlipSort = 'oldest'): Promise<SlipView[]> {
  const order = { oldest: [asc(slips.id)], newest: [desc(slips.id)], largest: [sql`${slips.amount} desc nulls last`, asc(slips.id)] }[sort];
  const rows = await db
    .select(viewColumns)
    .from(slips)
    .innerJoin(users, eq(users.id, slips.userId))
    .where(eq(slips.status, status))
    .orderBy(...order)
    .offset(offset)
    .limit(limit);
  return rows.map(toView);
}

export async function slipsInStatus(db: Queryable, status: SlipStatus): Promise<number> {
  const [row] = await db.select({ total: count() }).from(slips).where(eq(slips.status, status));
  return row?.total ?? 0;
}

/** The other slips carrying `reference` (automatic duplicates keep it too), oldest first; a handful at most. */
export async function slipsWithReference(db: Queryable, reference: string, except: number, limit: number): Promise<SlipView[]> {
  const rows = await db
    .select(viewColumns)
    .from(slips)
    .innerJoin(users, eq(users.id, slips.userId))
    .where(and(eq(slips.reference, reference), ne(slips.id, except)))
    .orderBy(asc(slips.id))
    .limit(limit);
  return rows.map(toView);
}

export async function findSlipView(db: Queryable, id: number): Promise<SlipView | undefined> {
  const [row] = await db.select(viewColumns).from(slips).innerJoin(users, eq(users.id, slips.userId)).where(eq(slips.id, id));
  return row && toView(row);
}

/** The slip, locked until the transaction ends, so two reviews of it run one after the other. */
export async function lockSlip(tx: Transaction, id: number): Promise<SlipRow | undefined> {
  const [row] = await tx.select().from(slips).where(eq(slips.id, id)).for('update');
  return row;
}

/** Credited: by the operator `reviewedBy`, or by the slip verifier (null) with its findings. */
export async function markSlipApproved(tx: Transaction, id: number, amount: bigint, transferId: number, reviewedBy: number | null, now: Date): Promise<void> {
  await tx.update(slips).set({ status: 'SUCCESS', amount, transferId, reviewedAt: now, reviewedBy }).where(eq(slips.id, id));
}

/**
 * Serialises the slip verifier's credits (an advisory transaction lock), as
 * lockOperatorMovements does one operator's: two credits at once cannot both
 * pass on the same daily sum. Taken before the slip's subject lock, the
 * order every movement takes them in.
 */
export async function lockVerifierCredits(tx: Transaction): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('slip-verifier-credits', 0))`);
}

/**
 * What the slip verifier credited after `since`, minor units: the slips it
 * marked SUCCESS (reviewedBy null; slips_verifier_credits_idx). It credits
 * members in baht only, so the sum is in baht.
 */
export async function verifierCreditsSince(db: Queryable, since: Date): Promise<bigint> {
  const [row] = await db
    .select({ total: sum(slips.amount) })
    .from(slips)
    .where(and(eq(slips.status, 'SUCCESS'), isNull(slips.reviewedBy), gt(slips.reviewedAt, since)));
  return BigInt(row?.total ?? 0);
}

/** Keeps what the slip verifier found; the slip's status is the caller's to change. */
export async function recordSlipVerification(db: Queryable, id: number, verification: SlipVerificationFindings): Promise<void> {
  await db.update(slips).set({ verification }).where(eq(slips.id, id));
}

export async function markSlipRejected(tx: Transaction, id: number, note: SlipReasonCode, reviewedBy: number, now: Date): Promise<void> {
  await tx.update(slips).set({ status: 'FAILED', note, reviewedAt: now, reviewedBy }).where(eq(slips.id, id));
}
