/**
 * Reading the offers (bonuses and promotions) and a member's receipts of
 * them. Writing offers is the operator's (offers-ops.ts); receiving and
 * ending them is activation.ts and ending.ts.
 */
import { and, asc, count, desc, eq, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Grant } from '../../contract/rules/bonuses.ts';
import type { Queryable } from '../db/client.ts';
import { bonuses, memberBonuses } from '../db/schema.ts';
import type { Currency } from '../repositories/users.ts';

export type Offer = typeof bonuses.$inferSelect;
export type Receipt = typeof memberBonuses.$inferSelect;
export type OfferKind = Offer['kind'];

/** The offer's grant rule, as the shared rules read it. */
export function grantOf(offer: Offer): Grant {
  return offer.grantKind === 'percent'
    ? { kind: 'percent', percent: offer.grantPercent!, cap: offer.grantCap!, minDeposit: offer.minDeposit ?? 0n }
    : { kind: 'fixed', amount: offer.grantAmount! };
}

/** Offered now: active, and within its window when it has one. */
function open(now: Date): SQL {
  return and(
    eq(bonuses.status, 'active'),
    or(isNull(bonuses.startsAt), lte(bonuses.startsAt, now)),
    or(isNull(bonuses.endsAt), sql`${bonuses.endsAt} > ${now}`),
  )!;
}

/** The same test on a row already read (after its lock): active, in the currency, within its window. */
export function isOpen(offer: Offer, currency: Currency, now: Date): boolean {
  return offer.status === 'active' && offer.currency === currency && (offer.startsAt === null || offer.startsAt <= now) && (offer.endsAt === null || offer.endsAt > now);
}

/** An offer of this kind and code, in the member's currency, offered now. */
export async function openOffer(db: Queryable, kind: OfferKind, code: string, currency: Currency, now: Date): Promise<Offer | undefined> {
  const [offer] = await db
    .select()
    .from(bonuses)
    .where(and(eq(bonuses.kind, kind), eq(bonuses.code, code), eq(bonuses.currency, currency), open(now)));
  return offer;
}

/** The offer locked until the transaction ends: activations of one offer take turns, so its quota and limits count exactly. */
export async function lockOffer(db: Queryable, id: number): Promise<Offer | undefined> {
  const [offer] = await db.select().from(bonuses).where(eq(bonuses.id, id)).for('update');
  return offer;
}

/** The bonuses (not promotions) listed for a member of this currency, in their order of creation. */
export function listedBonuses(db: Queryable, currency: Currency, now: Date): Promise<Offer[]> {
  return db
    .select()
    .from(bonuses)
    .where(and(eq(bonuses.kind, 'bonus'), eq(bonuses.currency, currency), open(now)))
    .orderBy(asc(bonuses.id));
}

/** A member's receipts of these offers, newest first, since `since` (all when null). */
export function receiptsOf(db: Queryable, userId: number, offerIds: number[], since: Date | null = null): Promise<Receipt[]> {
  if (offerIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(memberBonuses)
    .where(and(eq(memberBonuses.userId, userId), inArray(memberBonuses.bonusId, offerIds), since ? gte(memberBonuses.activatedAt, since) : undefined))
    .orderBy(desc(memberBonuses.id));
}

/** The member's latest receipt of any offer. */
export async function latestReceipt(db: Queryable, userId: number): Promise<Receipt | undefined> {
  const [row] = await db.select().from(memberBonuses).where(eq(memberBonuses.userId, userId)).orderBy(desc(memberBonuses.id)).limit(1);
  return row;
}

/** Receipts of an offer by every member: its quota counts these. */
export async function receiptCount(db: Queryable, offerId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(memberBonuses).where(eq(memberBonuses.bonusId, offerId));
  return row?.n ?? 0;
}

/** The member's active receipt with its offer, locked for the rest of the transaction when `lock`. */
export async function activeReceipt(db: Queryable, userId: number, lock = false): Promise<{ receipt: Receipt; offer: Offer } | undefined> {
  const query = db
    .select({ receipt: memberBonuses, offer: bonuses })
    .from(memberBonuses)
    .innerJoin(bonuses, eq(bonuses.id, memberBonuses.bonusId))
    .where(and(eq(memberBonuses.userId, userId), eq(memberBonuses.status, 'active')));
  const [row] = lock ? await query.for('update', { of: memberBonuses }) : await query;
  return row;
}

/** Adds the offers whose code is not taken yet; existing ones (perhaps changed by an operator) stay. */
export async function addMissingOffers(db: Queryable, offers: Array<Omit<typeof bonuses.$inferInsert, 'createdAt' | 'updatedAt'>>, now: Date): Promise<void> {
  if (offers.length === 0) return;
  await db
    .insert(bonuses)
    .values(offers.map((offer) => ({ ...offer, createdAt: now, updatedAt: now })))
    .onConflictDoNothing({ target: bonuses.code });
}

/** Pauses the active offers with these codes that were never changed since they were added; answers their codes. */
export async function pauseUnchangedOffers(db: Queryable, codes: string[], now: Date): Promise<string[]> {
  if (codes.length === 0) return [];
  const rows = await db
    .update(bonuses)
    .set({ status: 'paused', updatedAt: now })
    .where(and(inArray(bonuses.code, codes), eq(bonuses.status, 'active'), eq(bonuses.updatedAt, bonuses.createdAt)))
    .returning({ code: bonuses.code });
  return rows.map((row) => row.code);
}

/** The smallest deposit a listed deposit bonus takes (minor units), or null without one. */
export async function smallestQualifyingDeposit(db: Queryable, currency: Currency, now: Date): Promise<bigint | null> {
  const offers = await listedBonuses(db, currency, now);
  const minimums = offers.filter((offer) => offer.grantKind === 'percent').map((offer) => offer.minDeposit ?? 0n);
  return minimums.length === 0 ? null : minimums.reduce((low, value) => (value < low ? value : low));
}
