/**
 * Members in the console: the search (support and finance) and the
 * operator's word on a member's standing (support): suspend, close or
 * reactivate. Operator access only.
 */
import type { FastifyInstance } from 'fastify';
import type * as v from 'valibot';
import { endpoints } from '../../contract/endpoints.ts';
import { MEMBERS_PAGE_SIZE, type MemberRow as MemberRowAnswer } from '../../contract/ops.ts';
import { ApiError } from '../errors.ts';
import { setMemberStatus } from '../members/standing.ts';
import { searchMembers, type MemberRow } from '../repositories/users.ts';
import { route } from '../route.ts';

function memberRowAnswer(row: MemberRow): v.InferOutput<typeof MemberRowAnswer> {
  const { phone, name, status, bankCode, accountName, accountNo, currency, createdAt } = row;
  const bank = bankCode === null || accountName === null || accountNo === null || currency === null ? null : { code: bankCode, accountName, accountNo, currency };
  return { username: phone, name, status, bank, createdAt: createdAt.toISOString() };
}

export async function memberOpsRoutes(app: FastifyInstance): Promise<void> {
  const { clock } = app;

  route(app, endpoints.opsMembers, async ({ db, query }) => {
    const { members, total } = await searchMembers(db, query.q, (query.page - 1) * MEMBERS_PAGE_SIZE, MEMBERS_PAGE_SIZE);
    return { members: members.map(memberRowAnswer), total };
  });

  /** Anything but active ends the member's sessions at once. */
  route(app, endpoints.opsMemberStatus, async ({ params, body, caller }) => {
    const member = await setMemberStatus(app.db, caller.operatorId, params.username, body.status, clock(), app.chatHub);
    if (!member) throw new ApiError(404, 'NO_USER');
    return { message: 'SUCCESS', member };
  });
}
