/**
 * The one error handler: an ApiError becomes `{ message: code }` with its
 * status (a rate limit's 429 with Retry-After); Fastify's own refusals of a malformed request (bad JSON, wrong
 * content type, body too large) become KEY_INVALID with their 4xx status;
 * anything else is logged with the request id and answered with a bare 500.
 */
import { DrizzleQueryError } from 'drizzle-orm';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PasswordHashingBusy } from '../auth/passwords.ts';
import { ApiError } from '../errors.ts';
import { RateLimited } from '../limits/limits.ts';
import { addSecurityHeaders } from './security-headers.ts';

/**
 * What the log keeps of an unexpected failure. A failed query's parameters
 * are members' data (a batched statement's are other members' messages,
 * db/group-commit.ts), and so is the database's detail of a bad value: the
 * log gets the statement and the database's code and reason only.
 */
function loggable(error: unknown): unknown {
  if (!(error instanceof DrizzleQueryError)) return error;
  const cause = error.cause as { code?: unknown; message?: unknown } | undefined;
  return { type: 'DrizzleQueryError', query: error.query, cause: { code: cause?.code, message: cause?.message }, stack: error.stack?.split('\n').filter((line) => line.trimStart().startsWith('at ')).join('\n') };
}

export function errorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof RateLimited) reply.header('retry-after', String(error.retryAfterSeconds));
    if (error instanceof PasswordHashingBusy) {
      // Every password check of the server is waiting: a flood, not this caller's fault alone.
      request.log.warn('password hashing queue full');
      return reply.code(429).header('retry-after', '1').send({ message: 'REQUEST_LIMIT' });
    }
    if (error instanceof ApiError) {
      return reply.code(error.statusCode).send({ message: error.code });
    }
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ code: error.code }, `refused: ${error.message}`);
      return reply.code(error.statusCode).send({ message: 'KEY_INVALID' });
    }
    request.log.error({ err: loggable(error) }, 'unexpected failure');
    return reply.code(500).send({ message: 'INTERNAL_SERVER_ERROR' });
  });

  // Unknown API paths; every other path belongs to the SPA (plugins/spa.ts).
  app.register(
    async (api) => {
      api.setNotFoundHandler(async () => {
        throw new ApiError(404, 'NO_DATA');
      });
    },
    { prefix: '/api' },
  );
}

/**
 * Fastify's router refuses a malformed URL (bad percent-encoding) or an
 * over-long path parameter before any hook or handler runs; such requests
 * get the same answer as other bad input (the `frameworkErrors` option).
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  request.log.info({ code: error.code }, `refused: ${error.message}`);
  addSecurityHeaders(reply);
  reply.header('cache-control', 'no-store');
  void reply.code(error.statusCode ?? 400).send({ message: 'KEY_INVALID' });
}
