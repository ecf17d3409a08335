/**
 * Members in the console: the search and a member's page (support and
 * finance), the operator's word on a member's standing and sessions
 * (support): suspend, close, reactivate, end the sessions; and the phone
 * they log in with (admins). Operator access only
 * (docs/decisions/0128-members-and-service-in-the-console.md). The slips'
 * page is read in routes/slips.ts, beside the member's own.
 */
import type { FastifyInstance } from 'fastify';
import type * as v from 'valibot';
import { endpoints } from '../../contract/endpoints.ts';
import { MEMBERS_PAGE_SIZE, type MemberRow as MemberRowAnswer } from '../../contract/ops.ts';
import { MEMBER_TABLE_PAGE_SIZE } from '../../contract/ops-members.ts';
import { ApiError } from '../errors.ts';
import { languageOf } from '../language.ts';
import { changeMemberPhone, endMemberSessions } from '../members/access.ts';
import { memberByPhone, memberPage } from '../members/member-page.ts';
import { setMemberStatus } from '../members/standing.ts';
import { listInvites } from '../rewards/invites.ts';
import { memberStatement } from '../statement/statement.ts';
import { searchMembers, type MemberRow } from '../repositories/users.ts';
import { route } from '../route.ts';

function memberRowAnswer(row: MemberRow): v.InferOutput<typeof MemberRowAnswer> {
  const { phone, name, status, bankCode, accountName, accountNo, currency, createdAt } = row;
  const bank = bankCode === null || accountName === null || accountNo === null || currency === null ? null : { code: bankCode, accountName, accountNo, currency };
  return { username: phone, name, status, bank, createdAt: createdAt.toISOString() };
}

export async function memberOpsRoutes(app: FastifyInstance): Promise<void> {
  const { clock, config } = app;

  route(app, endpoints.opsMembers, async ({ db, query }) => {
    const { members, total } = await searchMembers(db, query.q, (query.page - 1) * MEMBERS_PAGE_SIZE, MEMBERS_PAGE_SIZE, query.sort);
    return { members: members.map(memberRowAnswer), total };
  });

  /** Anything but active ends the member's sessions at once. */
  route(app, endpoints.opsMemberStatus, async ({ params, body, caller }) => {
    const member = await setMemberStatus(app.db, caller.operatorId, params.username, body.status, clock(), app.chatHub);
    if (!member) throw new ApiError(404, 'NO_USER');
    return { message: 'SUCCESS', member };
  });

  route(app, endpoints.opsMember, ({ db, params, request }) => memberPage(db, params.username, clock(), languageOf(request)));

  route(app, endpoints.opsMemberStatement, async ({ db, params, query, request }) => {
    const { id } = await memberByPhone(db, params.username);
    return memberStatement(db, id, query.page, MEMBER_TABLE_PAGE_SIZE, languageOf(request));
  });

  route(app, endpoints.opsMemberInvites, async ({ db, params, query }) => {
    const { id } = await memberByPhone(db, params.username);
    return listInvites(db, id, { page: query.page, limit: MEMBER_TABLE_PAGE_SIZE }, clock());
  });

  route(app, endpoints.opsMemberSessionsEnded, async ({ params, caller }) => {
    const ended = await endMemberSessions(app.db, { operatorId: caller.operatorId, now: clock(), sockets: app.chatHub }, params.username);
    return { message: 'SUCCESS', ended };
  });

  route(app, endpoints.opsMemberPhone, async ({ params, body, caller }) => {
    const member = await changeMemberPhone(app.db, { operatorId: caller.operatorId, now: clock(), sockets: app.chatHub, variant: config.variant }, params.username, body);
    return { message: 'SUCCESS', member };
  });
}
