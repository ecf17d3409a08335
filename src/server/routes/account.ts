/**
 * The signed-in member's own account: profile, bank account name, password
 * (members/account.ts). Every call is keyed by the caller's user id.
 */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints.ts';
import { profileAnswer, profileOf } from '../answers/profile.ts';
import { changePassword, renameBankAccount, renameMember } from '../members/account.ts';
import { route } from '../route.ts';

export async function accountRoutes(app: FastifyInstance): Promise<void> {
  const { db, clock, limits } = app;

  route(app, endpoints.profileGet, async ({ caller }) => profileAnswer(await profileOf(db, caller.userId)));

  route(app, endpoints.profileUpdate, async ({ body, caller }) => profileAnswer(await renameMember(db, caller.userId, body)));

  route(app, endpoints.bankAccountName, async ({ body, caller }) => ({ bankAccount: await renameBankAccount(db, caller.userId, body) }));

  route(app, endpoints.changePassword, async ({ body, caller, request }) => {
    await changePassword(db, { limits, sockets: app.chatHub, now: clock(), games: { providers: app.games, log: request.log } }, caller, body);
    return { message: 'SUCCESS' };
  });
}
