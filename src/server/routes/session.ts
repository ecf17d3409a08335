/**
 * Login and logout, for members and operators (auth/login.ts), and
 * who the signed-in operator is: login answers a token only, and the ops
 * pages need the role (an admin edits canned replies).
 */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints.ts';
import { phoneError } from '../../contract/rules/members.ts';
import { logIn, logOut } from '../auth/login.ts';
import { ApiError } from '../errors.ts';
import { findOperator } from '../repositories/operators.ts';
import { route } from '../route.ts';

export async function sessionRoutes(app: FastifyInstance): Promise<void> {
  const { db, clock, config, limits } = app;

  route(app, endpoints.login, async ({ body, request }) => {
    const phoneProblem = phoneError(config.variant, body.username);
    if (phoneProblem) throw new ApiError(400, phoneProblem);
    // Terminated from the console, operators still log in (an admin resumes it there); a member is told it is gone.
    const token = await logIn(
      { db, limits, config, now: clock() },
      { phone: body.username, password: body.password, otpCode: body.otpCode, ip: request.ip, membersTurnedAway: await app.service.isTerminated() },
    );
    return { token };
  });

  // The caller's session was live and the operator enabled a moment ago (plugins/authentication.ts).
  route(app, endpoints.opsMe, async ({ db, caller }) => {
    const operator = await findOperator(db, caller.operatorId);
    if (!operator) throw new ApiError(401, 'invalid-token');
    return { id: String(operator.id), name: operator.name, role: operator.role };
  });

  route(app, endpoints.logout, async ({ caller }) => {
    await logOut(db, caller, clock(), app.chatHub);
    return { message: 'SUCCESS' };
  });
}
