/**
 * Registers a route from the contract's endpoint table: the method, path and
 * access come from the contract, the body is parsed with its schema, and the
 * handler must return what the contract's response schema describes.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type * as v from 'valibot';
import type { Endpoint } from '../contract/endpoints.ts';
import { requireCaller, type Caller } from './plugins/authentication.ts';
import { parseBody } from './validation.ts';

type RequestBody<E extends Endpoint> = E extends { body: infer S extends v.GenericSchema } ? v.InferOutput<S> : undefined;
type Answer<E extends Endpoint> = v.InferOutput<E['response']>;

export interface Call<E extends Endpoint> {
  body: RequestBody<E>;
  /** The signed-in caller; null only on public routes. */
  caller: E['access'] extends 'public' ? null : Caller;
  request: FastifyRequest;
}

export function route<const E extends Endpoint>(app: FastifyInstance, endpoint: E, handler: (call: Call<E>) => Promise<Answer<E>>): void {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    ...(endpoint.access !== 'public' && { onRequest: requireCaller(endpoint.access) }),
    handler: async (request) => {
      const body = endpoint.body ? parseBody(endpoint.body, request.body) : undefined;
      return handler({ body, caller: request.caller, request } as Call<E>);
    },
  });
}
