/**
 * Member and operator routes need `Authorization: Bearer <token>` for a live
 * session; the caller then sits on `request.caller`. Members and operators
 * have sessions of their own (sessions, operator_sessions): a member's token
 * opens only member routes, an operator's only operator routes (and
 * logout). A missing, unknown, expired or revoked token answers 401
 * 'invalid-token' (the SPA goes to /login); a member on an operator route,
 * or an operator outside the route's roles, answers 403 UNAUTHORIZED.
 *
 * Chat routes (access 'chat') take a member's bearer token or, without one,
 * a guest's signed token in the x-chat-guest header (chat/guests.ts); a
 * missing or dead guest token answers 401 CHAT_GUEST_INVALID, which the SPA
 * does not treat as a lost session.
 *
 * A money-moving route also reads, in the same query, what the caller
 * stored under the request's Idempotency-Key (`request.storedAnswer`):
 * idempotency.ts answers a replay from it without another round trip.
 */
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { OperatorRole } from '../../contract/api.ts';
import { GUEST_TOKEN_HEADER } from '../../contract/chat.ts';
import type { Access } from '../../contract/endpoints.ts';
import type { Caller, GuestCaller, MemberCaller, OperatorCaller } from '../auth/callers.ts';
import { guestFromToken } from '../chat/guests.ts';
import { bearerToken, hashToken } from '../auth/tokens.ts';
import { ApiError } from '../errors.ts';
import { wellFormedKeyOf, type StoredAnswer } from '../idempotency.ts';
import { findLiveOperatorSession } from '../repositories/operators.ts';
import { SESSION_USE_NOTED_EVERY_MS } from '../policy.ts';
import { findLiveSession, isLiveMemberSession, noteSessionUse } from '../repositories/sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | GuestCaller | null;
    /** On a money-moving route: what the Idempotency-Key holds (null: nothing yet, or no well-formed key). */
    storedAnswer: StoredAnswer | null;
  }
}

export function authentication(app: FastifyInstance): void {
  app.decorateRequest('caller', null);
  app.decorateRequest('storedAnswer', null);
}

/** Whether an operator of `role` may call a route for `roles`: admin holds every role's rights. */
export function mayAct(role: OperatorRole, roles: readonly OperatorRole[]): boolean {
  return role === 'admin' || roles.includes(role);
}

async function memberCaller(request: FastifyRequest, tokenHash: string, idempotent: boolean): Promise<MemberCaller | null> {
  const { db, clock } = request.server;
  // A malformed key is not looked up; idempotencyKeyOf refuses it once the caller is known.
  const key = idempotent ? wellFormedKeyOf(request) : null;
  const now = clock();
  const found = await findLiveSession(db, tokenHash, now, key);
  if (!found) return null;
  request.storedAnswer = found.answer;
  const { lastUsedAt, ...session } = found.session;
  // The console shows when a session was last used; to the minute is enough, and spares a write per request.
  if (lastUsedAt === null || now.getTime() - lastUsedAt.getTime() >= SESSION_USE_NOTED_EVERY_MS) await noteSessionUse(db, session.sessionId, now);
  return { kind: 'member', ...session };
}

async function operatorCaller(request: FastifyRequest, tokenHash: string): Promise<OperatorCaller | null> {
  const { db, clock } = request.server;
  const session = await findLiveOperatorSession(db, tokenHash, clock());
  return session ? { kind: 'operator', ...session } : null;
}

interface CallerOptions {
  /** The route moves money: the stored answer is read with the session. */
  idempotent?: boolean;
  /** Operator routes: the roles that may call (admin always may). */
  roles?: readonly OperatorRole[];
}

export function requireCaller(access: Exclude<Access, 'public'>, { idempotent = false, roles = [] }: CallerOptions = {}): onRequestAsyncHookHandler {
  return async (request) => {
    const token = bearerToken(request.headers.authorization);
    if (token === null && access === 'chat') {
      const { config, db, clock } = request.server;
      const guestToken = request.headers[GUEST_TOKEN_HEADER];
      const guest = await guestFromToken(config, db, typeof guestToken === 'string' ? guestToken : null, clock());
      if (!guest) throw new ApiError(401, 'CHAT_GUEST_INVALID');
      request.caller = guest;
      return;
    }
    if (token === null) throw new ApiError(401, 'invalid-token');
    const tokenHash = hashToken(token);
    const { db, clock } = request.server;

    if (access === 'operator') {
      const caller = await operatorCaller(request, tokenHash);
      if (!caller) {
        // Only a refused call pays for the second lookup.
        if (await isLiveMemberSession(db, tokenHash, clock())) throw new ApiError(403, 'UNAUTHORIZED');
        throw new ApiError(401, 'invalid-token');
      }
      if (!mayAct(caller.role, roles)) throw new ApiError(403, 'UNAUTHORIZED');
      request.caller = caller;
      return;
    }

    const member = await memberCaller(request, tokenHash, idempotent);
    const caller = member ?? (access === 'signedIn' ? await operatorCaller(request, tokenHash) : null);
    if (!caller) throw new ApiError(401, 'invalid-token');
    request.caller = caller;
  };
}
