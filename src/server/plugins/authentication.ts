/**
 * Member and operator routes need `Authorization: Bearer <token>` for a live
 * session; the caller then sits on `request.caller`. A missing, unknown,
 * expired or revoked token answers 401 'invalid-token' (the SPA goes to
 * /login); a member on an operator route answers 403 UNAUTHORIZED.
 *
 * A money-moving route also reads, in the same query, what the caller
 * stored under the request's Idempotency-Key (`request.storedAnswer`):
 * idempotency.ts answers a replay from it without another round trip.
 */
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { Access } from '../../contract/endpoints.ts';
import { bearerToken, hashToken } from '../auth/tokens.ts';
import { ApiError } from '../errors.ts';
import { wellFormedKeyOf, type StoredAnswer } from '../idempotency.ts';
import { findLiveSession } from '../repositories/sessions.ts';
import type { Role } from '../repositories/users.ts';

export interface Caller {
  userId: number;
  role: Role;
  sessionId: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
    /** On a money-moving route: what the Idempotency-Key holds (null: nothing yet, or no well-formed key). */
    storedAnswer: StoredAnswer | null;
  }
}

export function authentication(app: FastifyInstance): void {
  app.decorateRequest('caller', null);
  app.decorateRequest('storedAnswer', null);
}

/** `idempotent`: the route moves money, so the stored answer is read with the session. */
export function requireCaller(access: Exclude<Access, 'public'>, { idempotent = false } = {}): onRequestAsyncHookHandler {
  return async (request) => {
    const { db, clock } = request.server;
    const token = bearerToken(request.headers.authorization);
    // A malformed key is not looked up; idempotencyKeyOf refuses it once the caller is known.
    const key = idempotent ? wellFormedKeyOf(request) : null;
    const found = token === null ? undefined : await findLiveSession(db, hashToken(token), clock(), key);
    if (!found) throw new ApiError(401, 'invalid-token');
    if (access === 'operator' && found.session.role !== 'operator') throw new ApiError(403, 'UNAUTHORIZED');
    request.caller = found.session;
    request.storedAnswer = found.answer;
  };
}
