/**
 * Login and logout, for members and operators (auth/login.ts decides).
 */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints.ts';
import { phoneError } from '../../contract/rules/members.ts';
import { logIn } from '../auth/login.ts';
import { ApiError } from '../errors.ts';
import { revokeOperatorSession } from '../repositories/operators.ts';
import { revokeSession } from '../repositories/sessions.ts';
import { route } from '../route.ts';

export async function sessionRoutes(app: FastifyInstance): Promise<void> {
  const { db, clock, config, limits } = app;

  route(app, endpoints.login, async ({ body, request }) => {
    const phoneProblem = phoneError(config.variant, body.username);
    if (phoneProblem) throw new ApiError(400, phoneProblem);
    const token = await logIn(
      { db, limits, config, now: clock() },
      { phone: body.username, password: body.password, otpCode: body.otpCode, ip: request.ip },
    );
    return { token };
  });

  route(app, endpoints.logout, async ({ caller }) => {
    if (caller.kind === 'member') await revokeSession(db, caller.sessionId, clock());
    else await revokeOperatorSession(db, caller.sessionId, clock());
    // The session's chat sockets close now, on every process (chat/realtime.ts).
    app.chatHub.endSessions(caller.kind, [caller.sessionId]);
    return { message: 'SUCCESS' };
  });
}
