/**
 * Promotion codes are secrets of a kind: whoever knows one may take its
 * bonus. A member (or an address) that keeps naming codes that are not
 * offered is slowed: the misses are counted before the code is looked up,
 * and a hit takes its count back, so past the limit every lookup answers
 * 429 REQUEST_LIMIT, hits included, and a guess learns nothing
 * (PROMOTION_CODE_MISSES_* in policy.ts).
 */
import type { Db } from '../db/client.ts';
import { ApiError } from '../errors.ts';
import type { Language } from '../language.ts';
import type { Limits } from '../limits/limits.ts';
import { PROMOTION_CODE_MISSES_PER_ADDRESS, PROMOTION_CODE_MISSES_PER_MEMBER } from '../policy.ts';
import { activateOffer, type Activation, type ActivationContext } from './activation.ts';
import { findPromotion } from './member-view.ts';

export interface CodeGuess {
  limits: Limits;
  userId: number;
  /** The client address (request.ip). */
  ip: string;
  now: Date;
}

/** GET /api/promotion/find/{code}: the promotion offered now, or 404 NO_PROMOTION, counted as a miss. */
export function findPromotionByCode(db: Db, guess: CodeGuess, code: string, language: Language) {
  return guessingCode(guess, async () => {
    const found = await findPromotion(db, guess.userId, code, guess.now, language);
    if (!found) throw new ApiError(404, 'NO_PROMOTION');
    return found;
  });
}

/** GET /api/promotion/activate/{code}: receiving it (activation.ts); a code not offered is a miss. */
export function activatePromotionByCode(db: Db, guess: CodeGuess, context: ActivationContext, code: string): Promise<Activation> {
  return guessingCode(guess, () => activateOffer(db, context, 'promotion', code));
}

/** Runs a lookup by promotion code that answers NO_PROMOTION for a code not offered, counting it as a miss. */
async function guessingCode<T>({ limits, userId, ip, now }: CodeGuess, lookup: () => Promise<T>): Promise<T> {
  const member = await limits.count(`promotion-misses:${userId}`, PROMOTION_CODE_MISSES_PER_MEMBER, now);
  const address = await limits.countFromAddress('promotionMisses', PROMOTION_CODE_MISSES_PER_ADDRESS, ip, now).catch(async (error: unknown) => {
    await limits.uncount(member);
    throw error;
  });
  let missed = false;
  try {
    return await lookup();
  } catch (error) {
    missed = error instanceof ApiError && error.code === 'NO_PROMOTION';
    throw error;
  } finally {
    if (!missed) {
      await limits.uncount(member);
      await limits.uncount(address);
    }
  }
}
