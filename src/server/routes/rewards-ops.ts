/**
 * The operator's wheel, coin rule, invite and refund settings and banners,
 * each change recorded (marketing writes, admin always may; finance reads
 * the wheel) (rewards/rewards-ops.ts;
 * docs/decisions/0101-rewards-operator-api-and-demo.md). Members read the
 * banners through routes/invite.ts and routes/refund.ts.
 */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints.ts';
import { changeWheel, opsWheel, putBanners, putInviteSettings, putRefundSettings } from '../rewards/rewards-ops.ts';
import { getSetting } from '../repositories/settings.ts';
import { route } from '../route.ts';

const BANNER_SETTINGS = { invite: 'inviteBanners', refund: 'refundBanners' } as const;

export async function rewardOpsRoutes(app: FastifyInstance): Promise<void> {
  const { clock } = app;

  route(app, endpoints.opsWheel, ({ db }) => opsWheel(db));

  route(app, endpoints.opsWheelChange, ({ db, body, caller }) => changeWheel(db, caller, body.wheel, body.coinRule, clock()));

  route(app, endpoints.opsInvite, ({ db, body, caller }) => putInviteSettings(db, caller, body, clock()));

  route(app, endpoints.opsRefund, ({ db, body, caller }) => putRefundSettings(db, caller, body, clock()));

  // What is live, for the console's forms (marketing writes, finance reads).
  route(app, endpoints.opsInviteSettings, ({ db }) => getSetting(db, 'invite'));

  route(app, endpoints.opsRefundSettings, ({ db }) => getSetting(db, 'refund'));

  route(app, endpoints.opsBannersOf, async ({ db, params }) => ({ banners: await getSetting(db, BANNER_SETTINGS[params.area]) }));

  route(app, endpoints.opsBanners, async ({ db, params, body, caller }) => ({
    banners: await putBanners(db, caller.operatorId, params.area, body.banners, clock()),
  }));
}
