/**
 * The operator's wheel, coin rule, invite and refund settings and banners,
 * each change recorded (marketing writes, admin always may; finance reads
 * the wheel); the members' banner reads (rewards/rewards-ops.ts,
 * rewards/banners.ts; docs/decisions/0101-rewards-operator-api-and-demo.md).
 */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints.ts';
import { languageOf } from '../language.ts';
import { memberBanners } from '../rewards/banners.ts';
import { changeWheel, opsWheel, putBanners, putInviteSettings, putRefundSettings } from '../rewards/rewards-ops.ts';
import { route } from '../route.ts';

export async function rewardOpsRoutes(app: FastifyInstance): Promise<void> {
  const { clock } = app;

  route(app, endpoints.opsWheel, ({ db }) => opsWheel(db));

  route(app, endpoints.opsWheelChange, ({ db, body, caller }) => changeWheel(db, caller, body.wheel, body.coinRule, clock()));

  route(app, endpoints.opsInvite, ({ db, body, caller }) => putInviteSettings(db, caller, body, clock()));

  route(app, endpoints.opsRefund, ({ db, body, caller }) => putRefundSettings(db, caller, body, clock()));

  route(app, endpoints.opsBanners, async ({ db, params, body, caller }) => ({
    banners: await putBanners(db, caller.operatorId, params.area, body.banners, clock()),
  }));

  route(app, endpoints.inviteBanners, async ({ db, request }) => ({ banners: await memberBanners(db, 'invite', languageOf(request)) }));

  route(app, endpoints.refundBanners, async ({ db, request }) => ({ banners: await memberBanners(db, 'refund', languageOf(request)) }));
}
