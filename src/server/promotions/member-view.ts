/**
 * What a member reads of bonuses and promotions (spec 3 bonus list item,
 * bonus-active, promotion find): the offers with their own receipts, their
 * active bonus with its turnover measured from the ledger, a promotion by
 * its code. Reading the active bonus ends it first when wallet and games
 * fell below its end threshold, so every answer is current.
 */
import type * as v from 'valibot';
import { offerCode, type BonusActiveResponse, type BonusItem, type PromotionFindResponse, type UserBonus } from '../../contract/bonus.ts';
import { toMajor } from '../../contract/money.ts';
import { inTransaction, type Queryable } from '../db/client.ts';
import type { Language } from '../language.ts';
import { BONUS_RECEIPTS_SHOWN_MS } from '../policy.ts';
import { memberCurrency } from '../repositories/users.ts';
import { heldBonus, type HeldBonus } from './ending.ts';
import { lockHoldings } from './ledger-reads.ts';
import { listedBonuses, openOffer, receiptsOf, type Receipt } from './offers.ts';

/** The member's active bonus, after the end-threshold rule had its say; undefined without one. */
export async function currentBonus(db: Queryable, userId: number, now: Date): Promise<HeldBonus | undefined> {
  const currency = await memberCurrency(db, userId);
  return inTransaction(db, async (tx) => heldBonus(tx, userId, await lockHoldings(tx, userId, currency, now), now));
}

/** spec 3 userBonus from the member's receipts of one offer (newest first); null when there are none. */
export function userBonusOf(receipts: readonly Receipt[]): v.InferOutput<typeof UserBonus> | null {
  const [latest] = receipts;
  if (!latest) return null;
  return {
    _id: String(latest.id),
    isActive: latest.status === 'active',
    received: receipts.map((receipt) => ({ updatedAt: receipt.activatedAt.toISOString() })),
  };
}

/** GET /api/bonus: the bonuses offered in the member's currency, each with the member's receipts that can still count, in the member's language. */
export async function bonusList(db: Queryable, userId: number, now: Date, language: Language): Promise<BonusItem[]> {
  await currentBonus(db, userId, now);
  const offers = await listedBonuses(db, await memberCurrency(db, userId), now);
  const receipts = await receiptsOf(db, userId, offers.map((offer) => offer.id));
  const recent = new Date(now.getTime() - BONUS_RECEIPTS_SHOWN_MS);
  return offers.map((offer) => {
    // A limit bonus counts every receipt; day and week ones only this day's or week's (the last 8 days cover both).
    const own = receipts.filter((receipt) => receipt.bonusId === offer.id && (offer.bonusType === 'limit' || receipt.activatedAt >= recent || receipt.status === 'active'));
    return {
      code: offer.code,
      type: offer.bonusType,
      maxReceived: offer.maxReceived,
      percentFail: offer.percentFail,
      banners: offer.banners.map((banner) => ({ image: banner.image, html: banner.html[language] })),
      userBonus: userBonusOf(own),
      turnoverMultiplier: offer.turnoverMultiplier,
      endThreshold: toMajor(offer.endThreshold),
    };
  });
}

/** GET /api/bonus/check/active. */
export async function bonusActive(db: Queryable, userId: number, now: Date): Promise<v.InferOutput<typeof BonusActiveResponse>> {
  const held = await currentBonus(db, userId, now);
  if (!held) return { status: false, type: null };
  const { receipt, offer, turnover } = held;
  return {
    status: true,
    type: offer.bonusType,
    code: offer.code,
    kind: offer.kind,
    amount: toMajor(receipt.bonusAmount),
    turnover: toMajor(turnover < receipt.turnoverTarget ? turnover : receipt.turnoverTarget),
    target: toMajor(receipt.turnoverTarget),
    percentFail: offer.percentFail,
    endThreshold: toMajor(offer.endThreshold),
  };
}

/** GET /api/promotion/find/{code}: a promotion offered now in the member's currency, or NO_PROMOTION (the route's 404). */
export async function findPromotion(db: Queryable, userId: number, code: string, now: Date, language: Language): Promise<v.InferOutput<typeof PromotionFindResponse> | undefined> {
  const offer = await openOffer(db, 'promotion', offerCode(code), await memberCurrency(db, userId), now);
  return offer && { code: offer.code, percentFail: offer.percentFail, description: offer.description[language] };
}

/** GET /api/promotion/current: the promotion the member holds as their active bonus. */
export async function currentPromotion(db: Queryable, userId: number, now: Date, language: Language): Promise<v.InferOutput<typeof PromotionFindResponse> | null> {
  const held = await currentBonus(db, userId, now);
  if (!held || held.offer.kind !== 'promotion') return null;
  return { code: held.offer.code, percentFail: held.offer.percentFail, description: held.offer.description[language] };
}
