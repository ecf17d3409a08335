/**
 * Login and logout. A wrong phone and a wrong password get the same answer
 * in about the same time; repeated failures lock the phone for a while.
 */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints.ts';
import { phoneError } from '../../contract/rules.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { hashToken, newToken } from '../auth/tokens.ts';
import type { Queryable } from '../db/client.ts';
import { ApiError } from '../errors.ts';
import { LOGIN_FAILURE_WINDOW_MS, LOGIN_MAX_FAILURES, SESSION_LIFETIME_MS } from '../policy.ts';
import { clearLoginAttempts, forgetLoginAttempt, recordLoginAttempt } from '../repositories/login-attempts.ts';
import { insertSession, revokeSession } from '../repositories/sessions.ts';
import { findUserByPhone } from '../repositories/users.ts';
import { route } from '../route.ts';

/** Starts a session and answers the token; only its hash is stored. */
async function startSession(db: Queryable, userId: number, now: Date): Promise<string> {
  const token = newToken();
  await insertSession(db, userId, hashToken(token), now, new Date(now.getTime() + SESSION_LIFETIME_MS));
  return token;
}

export async function sessionRoutes(app: FastifyInstance): Promise<void> {
  const { db, clock, config } = app;

  route(app, endpoints.login, async ({ body }) => {
    const phone = body.username;
    const phoneProblem = phoneError(config.variant, phone);
    if (phoneProblem) throw new ApiError(400, phoneProblem);

    const now = clock();
    const attempt = await recordLoginAttempt(db, phone, now, new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS));
    if (attempt.earlierAttempts >= LOGIN_MAX_FAILURES) {
      await forgetLoginAttempt(db, attempt.id);
      throw new ApiError(429, 'REQUEST_LIMIT');
    }

    const user = await findUserByPhone(db, phone);
    const passwordMatches = await verifyPassword(body.password, user?.passwordHash ?? null);
    if (!user || !passwordMatches) throw new ApiError(400, 'WRONG_CREDENTIAL');

    await clearLoginAttempts(db, phone);
    return { token: await startSession(db, user.id, now) };
  });

  route(app, endpoints.logout, async ({ caller }) => {
    await revokeSession(db, caller.sessionId, clock());
    return { message: 'SUCCESS' };
  });
}
