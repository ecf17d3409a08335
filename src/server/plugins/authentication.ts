/**
 * Member and operator routes need `Authorization: Bearer <token>` for a live
 * session; the caller then sits on `request.caller`. A missing, unknown,
 * expired or revoked token answers 401 'invalid-token' (the SPA goes to
 * /login); a member on an operator route answers 403 UNAUTHORIZED.
 */
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { Access } from '../../contract/endpoints.ts';
import { bearerToken, hashToken } from '../auth/tokens.ts';
import { ApiError } from '../errors.ts';
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
  }
}

export function authentication(app: FastifyInstance): void {
  app.decorateRequest('caller', null);
}

export function requireCaller(access: Exclude<Access, 'public'>): onRequestAsyncHookHandler {
  return async (request) => {
    const { db, clock } = request.server;
    const token = bearerToken(request.headers.authorization);
    const session = token === null ? undefined : await findLiveSession(db, hashToken(token), clock());
    if (!session) throw new ApiError(401, 'invalid-token');
    if (access === 'operator' && session.role !== 'operator') throw new ApiError(403, 'UNAUTHORIZED');
    request.caller = session;
  };
}
