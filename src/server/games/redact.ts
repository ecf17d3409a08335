/**
 * Game entry puts secrets in URLs, because the spec's entries do: a one-time
 * token in a game page's query, and the game password in
 * /api/autoLogin/{provider}/{username}/{password}. (Entry links no longer
 * carry the password, but an old or made-up one may.) Request logs must not
 * keep them, so the routes that take them log their request with this
 * serializer (Fastify's `logSerializers`) instead of the default one.
 */
import type { FastifyRequest } from 'fastify';

const SECRET_QUERY_PARAMETERS = ['token', 'password'];
const AUTO_LOGIN_PASSWORD = /^(\/api\/autoLogin\/[^/?]*\/[^/?]*\/)[^/?]+/i;
const REDACTED = 'REDACTED';

export function urlWithoutSecrets(url: string): string {
  const queryStart = url.indexOf('?');
  const path = (queryStart === -1 ? url : url.slice(0, queryStart)).replace(AUTO_LOGIN_PASSWORD, `$1${REDACTED}`);
  if (queryStart === -1) return path;
  const query = new URLSearchParams(url.slice(queryStart + 1));
  for (const name of SECRET_QUERY_PARAMETERS) if (query.has(name)) query.set(name, REDACTED);
  return `${path}?${query.toString()}`;
}

/** The request as its log line shows it, e.g. `GET /games/lotus?token=REDACTED from 10.0.0.7`. */
export function requestWithoutSecrets(request: FastifyRequest): string {
  return `${request.method} ${urlWithoutSecrets(request.url)} from ${request.ip}`;
}
