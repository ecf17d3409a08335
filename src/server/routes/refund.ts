/**
 * Loss refunds (spec 7 /api/refund*): the check, the log and receiving.
 * Each route calls one function of rewards/refunds.ts, where the rules are
 * (docs/decisions/0099-loss-refund.md), and the banners shown before the
 * refund modal (rewards/banners.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints } from '../../contract/endpoints.ts';
import { toMajor } from '../../contract/money.ts';
import { VARIANT_TIME_ZONES } from '../../contract/rules/bonuses.ts';
import { languageOf } from '../language.ts';
import { memberBanners } from '../rewards/banners.ts';
import { receiveRefund, refundCheck, refundLog, type RefundContext } from '../rewards/refunds.ts';
import { route, type Call } from '../route.ts';

export async function refundRoutes(app: FastifyInstance): Promise<void> {
  const { clock, config } = app;
  const zone = VARIANT_TIME_ZONES[config.variant];
  const contextOf = (userId: number, request: FastifyRequest): RefundContext => ({ userId, now: clock(), log: request.log, zone });

  route(app, endpoints.refundCheck, ({ db, caller, request }) => refundCheck(db, contextOf(caller.userId, request), languageOf(request)));

  route(app, endpoints.refunds, ({ db, caller, request, body }) => refundLog(db, contextOf(caller.userId, request), body));

  // spec 7 lists both paths; they do the same. `db` is the Idempotency-Key's transaction when the
  // request has one: a retry answers the first receive (a key used on one path is refused on the other).
  const receive = async ({ db, caller, request }: Pick<Call<typeof endpoints.refundReceive>, 'db' | 'caller' | 'request'>) => {
    const amount = await receiveRefund(db, contextOf(caller.userId, request));
    return { message: 'REFUND_SUCCESS', amount: toMajor(amount) };
  };
  route(app, endpoints.refundReceive, receive);
  route(app, endpoints.refundAddWallet, receive);

  route(app, endpoints.refundBanners, async ({ db, request }) => ({ banners: await memberBanners(db, 'refund', languageOf(request)) }));
}
