/**
 * The prize wheel, its coupons and its fairness records (spec 7
 * /api/spinwheel/*; docs/decisions/0100-prize-wheel.md). Each route calls
 * one function of rewards/ and shapes the answer; the rules are there.
 */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints.ts';
import { toMajor } from '../../contract/money.ts';
import { languageOf } from '../language.ts';
import { claimCoupon, memberCoupons } from '../rewards/coupons.ts';
import { fairnessOf, rotateSeed, setClientSeed, spinHistory } from '../rewards/fairness.ts';
import { spinWheel, wheelIsActive, wheelSetup } from '../rewards/wheel.ts';
import { route } from '../route.ts';

export async function spinWheelRoutes(app: FastifyInstance): Promise<void> {
  const { clock } = app;

  route(app, endpoints.spinActive, async ({ db }) => ({ isActive: await wheelIsActive(db) }));

  route(app, endpoints.spinSetup, ({ db, caller, request }) => wheelSetup(db, caller.userId, languageOf(request)));

  // `db` is the Idempotency-Key's transaction when the request has one: a retry answers the first spin.
  route(app, endpoints.spin, ({ db, caller, request }) => spinWheel(db, { userId: caller.userId, now: clock(), language: languageOf(request) }));

  route(app, endpoints.coupons, async ({ db, caller, request }) => ({ coupons: await memberCoupons(db, caller.userId, clock(), languageOf(request)) }));

  // `db` is the Idempotency-Key's transaction when the request has one: a retry answers the first claim.
  route(app, endpoints.couponClaim, async ({ db, caller, body, request }) => {
    const amount = await claimCoupon(db, { userId: caller.userId, now: clock(), log: request.log }, body.coupon);
    return { message: 'SUCCESS', amount: toMajor(amount) };
  });

  route(app, endpoints.fairness, ({ db, caller }) => fairnessOf(db, caller.userId, clock()));

  route(app, endpoints.fairnessClientSeed, ({ db, caller, body }) => setClientSeed(db, caller.userId, body.clientSeed, clock()));

  route(app, endpoints.fairnessRotate, ({ db, caller }) => rotateSeed(db, caller.userId, clock()));

  route(app, endpoints.spinHistory, ({ db, caller, body, request }) => spinHistory(db, caller.userId, body.page, body.limit, languageOf(request)));
}
