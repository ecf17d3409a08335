/**
 * Bonuses and promotion codes (spec 7 /api/bonus/*, /api/promotion/*):
 * the member's list, their active bonus, receiving and cancelling one, and
 * promotions by code. Each route calls one function of promotions/ and
 * shapes the answer; the rules are there (docs/decisions/0095-bonuses-on-the-ledger.md).
 */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints.ts';
import { toMajor } from '../../contract/money.ts';
import { VARIANT_TIME_ZONES } from '../../contract/rules/bonuses.ts';
import { languageOf } from '../language.ts';
import { activateOffer, type Activation } from '../promotions/activation.ts';
import { cancelBonus } from '../promotions/ending.ts';
import { activatePromotionByCode, findPromotionByCode } from '../promotions/code-guesses.ts';
import { bonusActive, bonusList, currentPromotion, userBonusOf } from '../promotions/member-view.ts';
import { smallestQualifyingDeposit } from '../promotions/offers.ts';
import { memberCurrency } from '../repositories/users.ts';
import { route } from '../route.ts';

function activated({ receipt, receipts }: Activation) {
  return { message: 'SUCCESS', userBonus: userBonusOf(receipts)!, amount: toMajor(receipt.bonusAmount) };
}

export async function bonusRoutes(app: FastifyInstance): Promise<void> {
  const { clock, config } = app;
  const zone = VARIANT_TIME_ZONES[config.variant];

  route(app, endpoints.bonusList, async ({ db, caller, request }) => ({ bonuses: await bonusList(db, caller.userId, clock(), languageOf(request)) }));

  route(app, endpoints.bonusCheckActive, ({ db, caller }) => bonusActive(db, caller.userId, clock()));

  route(app, endpoints.bonusCheckMinimum, async ({ db, caller }) => {
    const minimum = await smallestQualifyingDeposit(db, await memberCurrency(db, caller.userId), clock());
    return { minimum: minimum === null ? 0 : toMajor(minimum) };
  });

  route(app, endpoints.bonusActivate, async ({ db, caller, params, request }) =>
    activated(await activateOffer(db, { userId: caller.userId, now: clock(), log: request.log, zone }, 'bonus', params.code)),
  );

  route(app, endpoints.bonusClear, async ({ db, caller, request }) => {
    const back = await cancelBonus(db, { userId: caller.userId, now: clock(), log: request.log });
    return { message: 'BONUS_CLEAR', amount: toMajor(back) };
  });

  // Codes not offered count against the member and the address: guessing is slowed (promotions/code-guesses.ts).
  const guess = (userId: number, ip: string) => ({ limits: app.limits, userId, ip, now: clock() });

  route(app, endpoints.promotionFind, ({ db, caller, params, request }) => findPromotionByCode(db, guess(caller.userId, request.ip), params.code, languageOf(request)));

  route(app, endpoints.promotionActivate, async ({ db, caller, params, request }) =>
    activated(await activatePromotionByCode(db, guess(caller.userId, request.ip), { userId: caller.userId, now: clock(), log: request.log, zone }, params.code)),
  );

  route(app, endpoints.promotionCurrent, async ({ db, caller, request }) => ({ promotion: await currentPromotion(db, caller.userId, clock(), languageOf(request)) }));
}
