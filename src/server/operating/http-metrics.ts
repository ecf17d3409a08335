/**
 * The app's metrics (metrics.ts, docs/decisions/0148-operating-it.md) fed
 * by the app: each request in flight and answered, counted under its route
 * pattern, or under the label its route's config names (`metricsRoute`:
 * the SPA's files, a route each, are one series, plugins/spa.ts);
 * 'unmatched' for a request no route took (the SPA's page for any other
 * path, and 404s). Each ledger transfer is counted as it commits, from
 * what the transaction noted.
 */
import type { FastifyInstance } from 'fastify';
import { watchCommits } from '../ledger/commit-news.ts';
import { appMetrics, type AppMetrics, type MetricsSources } from './metrics.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** What GET /metrics counts (operating/metrics.ts). */
    metrics: AppMetrics;
  }
  interface FastifyContextConfig {
    /** The label this route's requests are counted under instead of its pattern (operating/http-metrics.ts). */
    metricsRoute?: string;
  }
}

/** Decorates `app` with its metrics and counts its requests and transfers until it closes. */
export function httpMetrics(app: FastifyInstance, sources: Pick<MetricsSources, 'openSockets' | 'openConnections'>): void {
  const metrics = appMetrics({ db: app.db, clock: app.clock, log: app.log, ...sources });
  app.decorate('metrics', metrics);
  const uncountCommits = watchCommits(app.db, (written) => {
    for (const { transfer } of written) metrics.transferCommitted(transfer.kind);
  });
  app.addHook('onClose', async () => uncountCommits());
  app.addHook('onRequest', async (_request, reply) => {
    // 'close': the answer is sent, or the connection went first.
    reply.raw.once('close', metrics.started());
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.config?.metricsRoute ?? request.routeOptions.url ?? 'unmatched';
    metrics.answered(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
  });
}
