/**
 * Coupons (spec 2 Spin wheel's coupon list; spec 7 /api/spinwheel/coupon*;
 * spec 8 coupon codes; docs/decisions/0100-prize-wheel.md): the prizes a
 * member's spins won, and claiming a credit coupon: one ledger transfer
 * `prize → wallet` of kind `prize`, keyed by the coupon, so it credits once
 * however often it is claimed.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Coupon } from '../../contract/rewards.ts';
import { toMajor } from '../../contract/money.ts';
import type { Queryable } from '../db/client.ts';
import { coupons } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import type { Language } from '../language.ts';
import { ensureSystemAccount } from '../ledger/accounts.ts';
import { postTransfer } from '../ledger/transfers.ts';
import { inMovement, type MovementContext } from '../money/movement.ts';
import { COUPONS_LIST_MAX } from '../policy.ts';
import { heldBonus } from '../promotions/ending.ts';
import { lockHoldings } from '../promotions/ledger-reads.ts';
import { memberCurrency } from '../repositories/users.ts';
import { recordIdOrNull } from '../validation.ts';

type CouponRow = typeof coupons.$inferSelect;

/** A coupon's state by the clock: claimed once credited, else expired from its expiry on, else open. */
function statusOf(coupon: Pick<CouponRow, 'claimedAt' | 'expiresAt'>, now: Date): Coupon['status'] {
  if (coupon.claimedAt !== null) return 'claimed';
  return coupon.expiresAt.getTime() <= now.getTime() ? 'expired' : 'open';
}

/**
 * GET /api/spinwheel/coupon: the member's coupons, at most COUPONS_LIST_MAX:
 * the open ones first, soonest to expire first, then the claimed and
 * expired ones newest first. Open coupons lead so that none the member can
 * still claim hides behind 200 newer ones that are done.
 */
export async function memberCoupons(db: Queryable, userId: number, now: Date, language: Language): Promise<Coupon[]> {
  // Open as statusOf reads it: not claimed, and its expiry still ahead.
  const open = sql`(${coupons.claimedAt} is null and ${coupons.expiresAt} > ${now.toISOString()}::timestamptz)`;
  const rows = await db
    .select()
    .from(coupons)
    .where(eq(coupons.userId, userId))
    .orderBy(sql`${open} desc`, sql`case when ${open} then ${coupons.expiresAt} end asc nulls last`, desc(coupons.id))
    .limit(COUPONS_LIST_MAX);
  return rows.map((row) => ({
    _id: String(row.id),
    prize: { name: row.name[language], slice: row.sliceCode },
    type: row.type,
    amount: toMajor(row.amount),
    status: statusOf(row, now),
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  }));
}

/**
 * POST /api/spinwheel/coupon/claim: credits one of the member's credit
 * coupons to their wallet. Under the member's accounts' locks (taken first,
 * as every movement does) and the coupon's row lock, in this order:
 * NO_CLAIMABLE_COUPON (no such coupon of theirs, or claimed already),
 * INVALID_COUPON_TYPE (an item: support hands it over), COUPON_EXPIRED,
 * BONUS_REMAINING (a bonus is held: prize money would play its turnover),
 * INVALID_PRIZE_CODE (the prize is in another currency than the member's
 * wallet). Answers what was credited (minor units).
 */
export async function claimCoupon(db: Queryable, context: Pick<MovementContext, 'userId' | 'now' | 'log'>, couponText: string): Promise<bigint> {
  const { userId, now } = context;
  // The contract let only digits through (else INVALID_CODE); digits that name no row name no coupon.
  const couponId = recordIdOrNull(couponText);
  if (couponId === null) throw new ApiError(404, 'NO_CLAIMABLE_COUPON');
  const currency = await memberCurrency(db, userId);
  return inMovement(db, context.log, async (tx) => {
    const holdings = await lockHoldings(tx, userId, currency, now);
    const [coupon] = await tx
      .select()
      .from(coupons)
      .where(and(eq(coupons.id, couponId), eq(coupons.userId, userId)))
      .for('update');
    // Another member's coupon answers as one that does not exist: its existence is not the caller's to learn.
    if (!coupon || coupon.claimedAt !== null) throw new ApiError(404, 'NO_CLAIMABLE_COUPON');
    if (coupon.type !== 'credit') throw new ApiError(400, 'INVALID_COUPON_TYPE');
    if (statusOf(coupon, now) === 'expired') throw new ApiError(400, 'COUPON_EXPIRED');
    if (await heldBonus(tx, userId, holdings, now)) throw new ApiError(400, 'BONUS_REMAINING');
    if (coupon.currency !== currency) throw new ApiError(400, 'INVALID_PRIZE_CODE');

    const prizeAccount = await ensureSystemAccount(tx, 'prize', currency, now);
    const written = await postTransfer(
      tx,
      {
        debitAccountId: prizeAccount.id,
        creditAccountId: holdings.wallet.id,
        amount: coupon.amount,
        kind: 'prize',
        reference: `coupon:${coupon.id}`,
        idempotencyKey: `coupon:${coupon.id}`,
      },
      now,
    );
    await tx.update(coupons).set({ claimedAt: now, transferId: written.transfer.id }).where(eq(coupons.id, coupon.id));
    return coupon.amount;
  });
}
