/**
 * Invites (spec 7 /api/invite*): the caller's invites, the rule and
 * collecting what they earned. Each route calls one function of
 * rewards/invites.ts, keyed by the caller; the rules are there
 * (docs/decisions/0098-invite-bonus.md), and the banners shown before the
 * invite modal (rewards/banners.ts).
 */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints.ts';
import { toMajor } from '../../contract/money.ts';
import { languageOf } from '../language.ts';
import { memberBanners } from '../rewards/banners.ts';
import { collectInviteBonus, inviteRule, listInvites } from '../rewards/invites.ts';
import { route } from '../route.ts';

export async function inviteRoutes(app: FastifyInstance): Promise<void> {
  const { clock } = app;

  route(app, endpoints.invites, ({ db, caller, body }) => listInvites(db, caller.userId, body, clock()));

  route(app, endpoints.inviteRule, ({ db }) => inviteRule(db));

  // `db` is the Idempotency-Key's transaction when the request has one: a retry answers the first collect.
  route(app, endpoints.inviteCollect, async ({ db, caller, request }) => {
    const amount = await collectInviteBonus(db, { userId: caller.userId, now: clock(), log: request.log });
    return { message: 'INVITE_COLLECT', amount: toMajor(amount) };
  });

  route(app, endpoints.inviteBanners, async ({ db, request }) => ({ banners: await memberBanners(db, 'invite', languageOf(request)) }));
}
