/**
 * Deposit QR codes (spec 2, 7): at most one open per member and provider
 * (a partial unique index). An open QR whose time has passed counts as
 * expired everywhere; the row is marked so when it is next touched.
 * Member queries are keyed by the caller's user id.
 */
import { and, asc, eq, gt, gte, isNotNull, lte, notExists, or, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { depositQrCodes, payments } from '../db/schema.ts';

export type QrCode = typeof depositQrCodes.$inferSelect;

/** Serialises QR changes of one member on one provider (create, create again), across instances. */
export async function lockMemberQrs(db: Queryable, userId: number, provider: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`qr:${userId}:${provider}`}, 0))`);
}

/**
 * Closes the member's open QR on the provider: 'expired' when its time has
 * passed, else 'replaced'. Answers the provider's charge it was, if any, so
 * the caller can have the provider expire it too.
 */
export async function closeOpenQr(db: Queryable, userId: number, provider: string, now: Date): Promise<string | null> {
  const closed = await db
    .update(depositQrCodes)
    .set({ status: sql`case when ${depositQrCodes.expiresAt} <= ${now} then 'expired' else 'replaced' end`, closedAt: now })
    .where(and(eq(depositQrCodes.userId, userId), eq(depositQrCodes.provider, provider), eq(depositQrCodes.status, 'open')))
    .returning({ chargeId: depositQrCodes.chargeId });
  return closed[0]?.chargeId ?? null;
}

export async function insertQr(db: Queryable, qr: Omit<typeof depositQrCodes.$inferInsert, 'id' | 'status' | 'closedAt'>): Promise<QrCode> {
  const [row] = await db
    .insert(depositQrCodes)
    .values({ ...qr, status: 'open' })
    .returning();
  if (!row) throw new Error('the QR insert returned no row');
  return row;
}

/** The member's open QR on the provider that is still payable at `now`; an expired one is marked so. */
export async function findOpenQr(db: Queryable, userId: number, provider: string, now: Date): Promise<QrCode | undefined> {
  const open = and(eq(depositQrCodes.userId, userId), eq(depositQrCodes.provider, provider), eq(depositQrCodes.status, 'open'));
  const [row] = await db.select().from(depositQrCodes).where(open);
  if (!row || row.expiresAt > now) return row;
  await markExpired(db, row.id, now);
  return undefined;
}

/** Marks an open QR whose time has passed as expired (no-op otherwise). */
export async function markExpired(db: Queryable, id: number, now: Date): Promise<void> {
  await db
    .update(depositQrCodes)
    .set({ status: 'expired', closedAt: now })
    .where(and(eq(depositQrCodes.id, id), eq(depositQrCodes.status, 'open'), lte(depositQrCodes.expiresAt, now)));
}

/** Cancels the member's own open, unexpired QR; answers it when it did, undefined otherwise. */
export async function cancelQr(db: Queryable, id: number, userId: number, now: Date): Promise<Pick<QrCode, 'id' | 'chargeId'> | undefined> {
  const [cancelled] = await db
    .update(depositQrCodes)
    .set({ status: 'cancelled', closedAt: now })
    .where(and(eq(depositQrCodes.id, id), eq(depositQrCodes.userId, userId), eq(depositQrCodes.status, 'open'), gt(depositQrCodes.expiresAt, now)))
    .returning({ id: depositQrCodes.id, chargeId: depositQrCodes.chargeId });
  return cancelled;
}

/** The member's QR by id; undefined for another member's or an unknown id. */
export async function findMemberQr(db: Queryable, id: number, userId: number): Promise<QrCode | undefined> {
  const [row] = await db
    .select()
    .from(depositQrCodes)
    .where(and(eq(depositQrCodes.id, id), eq(depositQrCodes.userId, userId)));
  return row;
}

/** Any QR by id (the payment webhook and the simulator's lookup). */
export async function findQr(db: Queryable, id: number): Promise<QrCode | undefined> {
  const [row] = await db.select().from(depositQrCodes).where(eq(depositQrCodes.id, id));
  return row;
}

/** Locks the QR row a payment names, so two payments for it are decided one after the other. */
export async function lockQr(db: Queryable, id: number): Promise<QrCode | undefined> {
  const [row] = await db.select().from(depositQrCodes).where(eq(depositQrCodes.id, id)).for('update');
  return row;
}

export async function markPaid(db: Queryable, id: number, now: Date): Promise<void> {
  await db.update(depositQrCodes).set({ status: 'paid', closedAt: now }).where(eq(depositQrCodes.id, id));
}

/** Whether some QR is this provider's charge (its unique index answers; nothing is locked). */
export async function isQrCharge(db: Queryable, chargeId: string): Promise<boolean> {
  const [row] = await db.select({ id: depositQrCodes.id }).from(depositQrCodes).where(eq(depositQrCodes.chargeId, chargeId)).limit(1);
  return row !== undefined;
}

/** The QR a provider's charge is, locked like lockQr; undefined when no QR is that charge. */
export async function lockQrByCharge(db: Queryable, chargeId: string): Promise<QrCode | undefined> {
  const [row] = await db.select().from(depositQrCodes).where(eq(depositQrCodes.chargeId, chargeId)).for('update');
  return row;
}

/** The provider says the charge can no longer be paid (expired, failed): its QR, if still open, is expired whatever its time. */
export async function expireOpenQr(db: Queryable, id: number, now: Date): Promise<boolean> {
  const expired = await db
    .update(depositQrCodes)
    .set({ status: 'expired', closedAt: now })
    .where(and(eq(depositQrCodes.id, id), eq(depositQrCodes.status, 'open')))
    .returning({ id: depositQrCodes.id });
  return expired.length > 0;
}

/**
 * The provider's charges whose outcome we may have missed (a webhook that
 * never came): QRs that are charges, made `minAgeMs` ago or earlier, with no
 * payment recorded for the charge, still open or expired by their countdown
 * (not by the provider's word) at most `afterExpiryMs` ago; oldest first.
 */
export async function chargesToCheck(
  db: Queryable,
  { provider, now, minAgeMs, afterExpiryMs, limit }: { provider: string; now: Date; minAgeMs: number; afterExpiryMs: number; limit: number },
): Promise<{ id: number; chargeId: string }[]> {
  const rows = await db
    .select({ id: depositQrCodes.id, chargeId: depositQrCodes.chargeId })
    .from(depositQrCodes)
    .where(
      and(
        isNotNull(depositQrCodes.chargeId),
        lte(depositQrCodes.createdAt, new Date(now.getTime() - minAgeMs)),
        gt(depositQrCodes.expiresAt, new Date(now.getTime() - afterExpiryMs)),
        or(eq(depositQrCodes.status, 'open'), and(eq(depositQrCodes.status, 'expired'), gte(depositQrCodes.closedAt, depositQrCodes.expiresAt))),
        notExists(
          db
            .select({ id: payments.id })
            .from(payments)
            .where(and(eq(payments.provider, provider), eq(payments.transactionId, depositQrCodes.chargeId))),
        ),
      ),
    )
    .orderBy(asc(depositQrCodes.createdAt), asc(depositQrCodes.id))
    .limit(limit);
  return rows.flatMap(({ id, chargeId }) => (chargeId === null ? [] : [{ id, chargeId }]));
}
