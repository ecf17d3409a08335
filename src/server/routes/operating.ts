/**
 * The routes a host, a balancer and Prometheus call, outside /api and the
 * contract (the SPA never calls them; docs/decisions/0148-operating-it.md):
 *
 * - GET /healthz: the process answers (200 {status:'ok'}); touches nothing.
 * - GET /readyz: 200 while the database (and Redis, with REDIS_URL) answer;
 *   503 naming the one that failed, or {status:'shutting-down'} from SIGTERM on.
 * - GET /metrics: Prometheus's text, for an address in METRICS_ALLOW or a
 *   caller with METRICS_TOKEN; anyone else 403 INVALID_IP (a wrong token:
 *   UNAUTHORIZED).
 *
 * No rate limit and no session: a balancer polls them every few seconds.
 * Their request lines are not logged (logLevel warn): only what fails.
 */
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sameSecret } from '../auth/tokens.ts';
import type { Config } from '../config.ts';
import { ApiError } from '../errors.ts';

const QUIET = { logLevel: 'warn' } as const;

/** Who may read the metrics: the allowed addresses, or the bearer of the token; refused otherwise, with the catalogue's code. */
function metricsAccess({ metricsAllow, metricsToken }: Pick<Config, 'metricsAllow' | 'metricsToken'>): (request: FastifyRequest) => void {
  const allowed = metricsAllow.length > 0 ? proxyAddr.compile(metricsAllow) : () => false;
  return (request) => {
    const authorization = request.headers.authorization;
    const bearer = typeof authorization === 'string' && authorization.startsWith('Bearer ') ? authorization.slice('Bearer '.length) : null;
    if (metricsToken !== null && bearer !== null && sameSecret(bearer, metricsToken)) return;
    if (allowed(request.ip, 0)) return;
    throw new ApiError(403, bearer === null ? 'INVALID_IP' : 'UNAUTHORIZED');
  };
}

export async function operatingRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get('/healthz', QUIET, async () => ({ status: 'ok' }));

  app.get('/readyz', QUIET, async (_request, reply) => {
    if (app.readiness.shuttingDown) return reply.code(503).send({ status: 'shutting-down' });
    const { ready, checks } = await app.readiness.check();
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ok' : 'unavailable', checks });
  });

  const admit = metricsAccess(app.config);
  app.get('/metrics', QUIET, async (request, reply) => {
    admit(request);
    return reply.type(app.metrics.contentType).send(await app.metrics.text());
  });
}
