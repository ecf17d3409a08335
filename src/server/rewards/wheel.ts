/**
 * The prize wheel for members (spec 2 Spin wheel; spec 7 /api/spinwheel/*;
 * docs/decisions/0100-prize-wheel.md): the current wheel and its slices in
 * the member's language, and the spin: one coin spent, the slice drawn on
 * the server from the member's committed seed (fairness.ts), the spin
 * recorded with the weights it used, and a prize turned into a coupon.
 */
import type * as v from 'valibot';
import type { SpinResponse, SpinSetupResponse, WheelSlice } from '../../contract/rewards.ts';
import { drawSlice, type SliceWeight } from '../../contract/rules/wheel.ts';
import { inTransaction, type Queryable, type Transaction } from '../db/client.ts';
import { coupons, wheelSpins, type StoredSlice } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import type { Language } from '../language.ts';
import { memberCurrency, type Currency } from '../repositories/users.ts';
import { currentWheel, type Wheel } from '../repositories/wheels.ts';
import { coinsOf, spendCoin } from './coins.ts';
import { takeNonce } from './fairness.ts';
import { localizedSliceText, sliceText } from './slice-text.ts';


const DAY_MS = 24 * 60 * 60 * 1000;

/** The current wheel: the row no newer wheel replaced (at most one, a partial unique index), active or not. */
/** The weights in wheel order, as the draw and the spin's record use them. */
export function weightsOf(wheel: Pick<Wheel, 'slices'>): SliceWeight[] {
  return wheel.slices.map((slice) => ({ code: slice.code, weight: slice.weight }));
}

/** A wheel members can spin: switched on, and some slice can land (the operator's contract asks for one). */
function isSpinnable(wheel: Wheel | undefined): wheel is Wheel {
  return wheel !== undefined && wheel.active && wheel.slices.some((slice) => slice.weight > 0);
}

/** GET /api/spinwheel/active: whether the home shows the wheel widget. */
export async function wheelIsActive(db: Queryable): Promise<boolean> {
  return isSpinnable(await currentWheel(db));
}

/** A slice in the member's language, its prize's {amount} in their currency only (slice-text.ts). */
function sliceFor(slice: StoredSlice, language: Language, currency: Currency): WheelSlice {
  return {
    code: slice.code,
    label: sliceText(slice.label[language], slice.prize, currency),
    bgColor: slice.bgColor,
    textColor: slice.textColor,
    htmlDescription: sliceText(slice.htmlDescription[language], slice.prize, currency),
  };
}

/** GET /api/spinwheel/setup: the spinnable wheel in the member's language and currency (null without one) and their coins. */
export async function wheelSetup(db: Queryable, userId: number, language: Language): Promise<v.InferOutput<typeof SpinSetupResponse>> {
  const [wheel, userCoin, currency] = await Promise.all([currentWheel(db), coinsOf(db, userId), memberCurrency(db, userId)]);
  const activeSpinwheel = isSpinnable(wheel) ? { name: wheel.name[language], slices: wheel.slices.map((slice) => sliceFor(slice, language, currency)) } : null;
  return { result: { activeSpinwheel, userCoin } };
}

/**
 * The coupon a slice's prize becomes for this member, or nothing: a credit
 * prize when it pays something in the member's currency, an item prize
 * always. Expires expiryDays after the spin.
 */
async function couponForPrize(tx: Transaction, slice: StoredSlice, spin: { id: number; userId: number; now: Date; currency: Currency }): Promise<number | null> {
  const { prize } = slice;
  if (prize.type === 'none') return null;
  const { currency } = spin;
  const amount = prize.type === 'credit' ? BigInt(prize.amount[currency]) : 0n;
  if (prize.type === 'credit' && amount <= 0n) return null;
  const [coupon] = await tx
    .insert(coupons)
    .values({
      userId: spin.userId,
      spinId: spin.id,
      sliceCode: slice.code,
      type: prize.type,
      name: prize.type === 'item' ? prize.name : localizedSliceText(slice.label, prize, currency),
      amount,
      currency,
      expiresAt: new Date(spin.now.getTime() + prize.expiryDays * DAY_MS),
      createdAt: spin.now,
    })
    .returning({ id: coupons.id });
  return coupon!.id;
}

export interface SpinContext {
  userId: number;
  now: Date;
  /** The label is answered in it. */
  language: Language;
}

/**
 * POST /api/spinwheel/spin, in one transaction (the Idempotency-Key's when
 * the request has one, so a retry answers the first spin): SPIN_INACTIVE
 * without a spinnable wheel; NO_COIN when the member has none (the coin is
 * spent by a conditional UPDATE, so 20 spins at once with 3 coins spin 3
 * times); then the draw on the member's current seed and its next nonce, the
 * spin's record, and the coupon its prize became.
 */
export function spinWheel(db: Queryable, { userId, now, language }: SpinContext): Promise<SpinResponse> {
  return inTransaction(db, async (tx) => {
    const wheel = await currentWheel(tx);
    if (!isSpinnable(wheel)) throw new ApiError(400, 'SPIN_INACTIVE');
    const remainingCoin = await spendCoin(tx, userId);
    if (remainingCoin === null) throw new ApiError(400, 'NO_COIN');
    // The member's row is locked by the coin's UPDATE, then the seed by the nonce's: always in this order.
    const { seed, nonce } = await takeNonce(tx, userId, now);
    const weights = weightsOf(wheel);
    const index = drawSlice(seed.serverSeed, seed.clientSeed, nonce, weights);
    const slice = wheel.slices[index]!;
    const [spin] = await tx
      .insert(wheelSpins)
      .values({ userId, wheelId: wheel.id, seedId: seed.id, nonce, clientSeed: seed.clientSeed, sliceIndex: index, sliceCode: slice.code, weights, createdAt: now })
      .returning({ id: wheelSpins.id });
    const currency = await memberCurrency(tx, userId);
    const coupon = await couponForPrize(tx, slice, { id: spin!.id, userId, now, currency });
    return {
      success: true,
      result: {
        code: slice.code,
        label: sliceText(slice.label[language], slice.prize, currency),
        index,
        remainingCoin,
        coupon: coupon === null ? null : String(coupon),
        seedHash: seed.seedHash,
        clientSeed: seed.clientSeed,
        nonce,
      },
    };
  });
}
