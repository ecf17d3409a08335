/**
 * The operator's word on a member's standing (support): suspend, close or
 * reactivate. Operator access only.
 */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints.ts';
import { ApiError } from '../errors.ts';
import { setMemberStatus } from '../members/standing.ts';
import { route } from '../route.ts';

export async function memberOpsRoutes(app: FastifyInstance): Promise<void> {
  const { clock } = app;

  /** Anything but active ends the member's sessions at once. */
  route(app, endpoints.opsMemberStatus, async ({ params, body, caller }) => {
    const member = await setMemberStatus(app.db, caller.operatorId, params.username, body.status, clock(), app.chatHub);
    if (!member) throw new ApiError(404, 'NO_USER');
    return { message: 'SUCCESS', member };
  });
}
