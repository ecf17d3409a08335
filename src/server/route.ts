/**
 * Registers a route from the contract's endpoint table: the method, path and
 * access come from the contract; the body, path parameters and query are
 * parsed with its schemas; the handler must return what the contract's
 * response schema describes. A money-moving endpoint (`idempotent`) runs its
 * handler in one transaction under the request's Idempotency-Key, and the
 * handler writes through `call.db`, that transaction. Operator endpoints
 * take larger bodies (policy.ts OPERATOR_JSON_BODY_LIMIT_BYTES).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type * as v from 'valibot';
import type { Endpoint } from '../contract/endpoints.ts';
import type { Queryable } from './db/client.ts';
import { idempotencyKeyOf, onceForKey, type KeyToStore } from './idempotency.ts';
import type { Caller, ChatCaller, MemberCaller, OperatorCaller } from './auth/callers.ts';
import { requireCaller } from './plugins/authentication.ts';
import { OPERATOR_JSON_BODY_LIMIT_BYTES } from './policy.ts';
import { parseBody, parseParts } from './validation.ts';

type Parsed<E extends Endpoint, K extends 'body' | 'params' | 'query'> = E extends { [P in K]: infer S extends v.GenericSchema }
  ? v.InferOutput<S>
  : undefined;
type Answer<E extends Endpoint> = v.InferOutput<E['response']>;

export interface Call<E extends Endpoint> {
  body: Parsed<E, 'body'>;
  params: Parsed<E, 'params'>;
  query: Parsed<E, 'query'>;
  /** The signed-in caller: a member on member routes, an operator on operator routes, a member or guest on chat routes; null only on public routes. */
  caller: E['access'] extends 'public'
    ? null
    : E['access'] extends 'member'
      ? MemberCaller
      : E['access'] extends 'operator'
        ? OperatorCaller
        : E['access'] extends 'chat'
          ? ChatCaller
          : Caller;
  /** The database, or for an idempotent endpoint the transaction its answer is stored in. */
  db: Queryable;
  /**
   * Set only for an endpoint with `inOneCall` called with a member's key:
   * `db` is then the database, no transaction, and the handler stores the
   * key with its answer in the statement that moves the money, or throws
   * NeedsTransaction to run again in the key's transaction (idempotency.ts).
   */
  storeKey: KeyToStore | null;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface RouteOptions<E extends Endpoint> {
  /**
   * Runs before the handler and, for an idempotent endpoint, before its
   * transaction opens: rate limits go here (their store is another
   * connection, which PGlite would make wait for that transaction), and a
   * refusal stores nothing under the key, so the same key may try again.
   */
  before?: (call: Call<E>) => Promise<void>;
  /** The handler can move money and store the Idempotency-Key in one statement (Call.storeKey). */
  inOneCall?: boolean;
}

export function route<const E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (call: Call<E>) => Promise<Answer<E>>,
  { before, inOneCall = false }: RouteOptions<E> = {},
): void {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    ...(endpoint.access !== 'public' && {
      onRequest: requireCaller(endpoint.access, { idempotent: endpoint.idempotent === true, ...(endpoint.roles && { roles: endpoint.roles }) }),
    }),
    // Operators write HTML in three languages (banners, wheels, texts): more than the app's 64 KB. Members and the public keep it.
    ...(endpoint.access === 'operator' && { bodyLimit: OPERATOR_JSON_BODY_LIMIT_BYTES }),
    handler: async (request, reply) => {
      const body = endpoint.body ? parseBody(endpoint.body, request.body, { multiline: endpoint.multiline === true }) : undefined;
      const params = endpoint.params ? parseParts(endpoint.params, request.params) : undefined;
      const query = endpoint.query ? parseParts(endpoint.query, request.query) : undefined;
      const call = { body, params, query, caller: request.caller, db: app.db, storeKey: null, request, reply } as Call<E>;
      if (before) await before(call);
      const key = endpoint.idempotent ? idempotencyKeyOf(request) : null;
      // A member's key stores the first answer (onceForKey). An operator's idempotent endpoint (an adjustment)
      // names its movement by the key instead, and a replay is answered from the ledger (adjustments/adjust.ts).
      if (key === null || request.caller?.kind !== 'member') return handler(call);
      const { caller, storedAnswer } = request;
      const oneCall = inOneCall ? (storeKey: KeyToStore) => handler({ ...call, storeKey }) : undefined;
      return onceForKey(app.db, request, reply, caller.userId, key, app.clock, storedAnswer, (tx) => handler({ ...call, db: tx }), oneCall);
    },
  });
}

/** 202 with `answer`: the call was taken, not done (dual control's APPROVAL_REQUIRED: docs/decisions/0121-dual-control.md). */
export function accepted<T>(reply: FastifyReply, answer: T): T {
  reply.code(202);
  return answer;
}
