/** Calls the app the way the SPA does: by contract endpoint, with the X-Requested-With marker. */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { fillPath, IDEMPOTENCY_KEY_HEADER, REQUESTED_WITH, type Endpoint } from '../../../src/contract/endpoints.ts';

export interface CallOptions {
  token?: string;
  ip?: string;
  language?: string;
  headers?: Record<string, string>;
  /** Values for the endpoint path's `:name` segments. */
  params?: Record<string, string>;
  query?: Record<string, string>;
  idempotencyKey?: string;
}

export function headersFor({ token, language, headers, idempotencyKey }: CallOptions = {}): Record<string, string> {
  return {
    'x-requested-with': REQUESTED_WITH,
    ...(idempotencyKey !== undefined && { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey }),
    ...(token !== undefined && { authorization: `Bearer ${token}` }),
    ...(language !== undefined && { 'accept-language': language }),
    ...headers,
  };
}

/** `body` is sent as JSON; it is `unknown` on purpose, so tests can send anything. */
export function call(app: FastifyInstance, endpoint: Endpoint, body?: unknown, options: CallOptions = {}): Promise<LightMyRequestResponse> {
  const request: InjectOptions = {
    method: endpoint.method,
    url: fillPath(endpoint.path, options.params),
    ...(options.query !== undefined && { query: options.query }),
    headers: headersFor(options),
    ...(options.ip !== undefined && { remoteAddress: options.ip }),
  };
  if (body !== undefined) {
    request.payload = JSON.stringify(body);
    request.headers = { ...request.headers, 'content-type': 'application/json' };
  }
  return app.inject(request);
}
