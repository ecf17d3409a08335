/**
 * An operator's correction of a member's wallet (docs/decisions/0122-adjustments.md):
 * finance (and admins) only, named by the operator's Idempotency-Key (required), done at
 * once within what one operator may move alone, else asked of a second
 * operator (202 APPROVAL_REQUIRED, docs/decisions/0121-dual-control.md).
 */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints.ts';
import { toMinor } from '../../contract/money.ts';
import { adjustOrAsk, isAsked } from '../approvals/dual-control.ts';
import { ApiError } from '../errors.ts';
import { idempotencyKeyOf } from '../idempotency.ts';
import { accepted, route } from '../route.ts';

export async function adjustmentRoutes(app: FastifyInstance): Promise<void> {
  const { clock } = app;

  route(app, endpoints.opsAdjustment, async ({ db, body, caller, request, reply }) => {
    const idempotencyKey = idempotencyKeyOf(request);
    if (idempotencyKey === null) throw new ApiError(400, 'KEY_MISSING');
    // Each operator's keys are their own, as each member's are: another operator's same key is another adjustment.
    const adjustment = { phone: body.username, amount: toMinor(body.amount), reason: body.reason, key: `${caller.operatorId}:${idempotencyKey}` };
    const done = await adjustOrAsk(db, request.log, caller.operatorId, adjustment, clock());
    if (isAsked(done)) return accepted(reply, done);
    // A replay answers the adjustment as it was made (its reason is the one it was made with).
    return { message: 'SUCCESS', username: body.username, amount: body.amount, reason: done.reference ?? body.reason, transferId: String(done.id) };
  });
}
