/**
 * What GET /metrics tells Prometheus (docs/decisions/0148-operating-it.md),
 * in one registry per app (tests build many) beside the process's default
 * metrics (CPU, memory, event loop, GC: one set per process, made at the
 * first scrape). Counters move where the thing happens, with no database
 * round trip of their own: HTTP answers (by route pattern, never the raw
 * URL, so the series stay few) and requests in flight, committed ledger transfers (by kind, from
 * ledger/commit-news.ts), job runs and failures. Gauges are read at scrape
 * time: the pending slips and approvals in one query, reused for
 * METRICS_PENDING_FRESH_MS; this process's sockets and connections; the
 * `pg` pool's connections (PGlite has one connection and no pool).
 */
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { METRICS_PENDING_FRESH_MS } from '../policy.ts';
import { countPendingWork, type PendingWork } from '../repositories/pending-work.ts';

/** Seconds: a cached read answers in a few milliseconds, a transfer in tens, an upload or a provider's call in seconds. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

let processRegistry: Registry | null = null;

/** The process's default metrics, made once per process. */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export interface MetricsSources {
  db: Db;
  /** The app's clock, which says when the pending counts are stale (tests move it). */
  clock: Clock;
  log: FastifyBaseLogger;
  /** This process's open chat sockets. */
  openSockets: () => number;
  /** This process's open HTTP connections (websockets included). */
  openConnections: () => Promise<number>;
}

export interface AppMetrics {
  readonly contentType: string;
  /** A request has come in; the function it returns is called once when its answer is done or its connection gone. */
  started(): () => void;
  /** One answered request: its route pattern ('unmatched' for none), status and time taken. */
  answered(method: string, route: string, status: number, seconds: number): void;
  transferCommitted(kind: string): void;
  jobRan(job: string, failed: boolean): void;
  /** The exposition text: the process's metrics, then the app's. */
  text(): Promise<string>;
}

export function appMetrics({ db, clock, log, openSockets, openConnections }: MetricsSources): AppMetrics {
  const registry = new Registry();
  const registers = [registry];
  const requests = new Counter({ name: 'wallet_http_requests_total', help: 'HTTP requests answered, by method, route pattern and status.', labelNames: ['method', 'route', 'status_code'], registers });
  const durations = new Histogram({
    name: 'wallet_http_request_duration_seconds',
    help: 'Time from the request to its answer, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status_code'],
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const inFlight = new Gauge({ name: 'wallet_http_requests_in_flight', help: 'HTTP requests this process is working on now.', registers });
  const transfers = new Counter({ name: 'wallet_ledger_transfers_total', help: 'Ledger transfers committed by this process, by kind.', labelNames: ['kind'], registers });
  const jobRuns = new Counter({ name: 'wallet_job_runs_total', help: 'Background job runs finished, by job.', labelNames: ['job'], registers });
  const jobFailures = new Counter({ name: 'wallet_job_failures_total', help: 'Background job runs that failed, by job.', labelNames: ['job'], registers });

  let pending: { at: number; counts: Promise<PendingWork | null> } | null = null;
  const pendingCounts = () => {
    const now = clock().getTime();
    if (!pending || now - pending.at >= METRICS_PENDING_FRESH_MS || now < pending.at) {
      const counts = countPendingWork(db).catch((error: unknown) => {
          log.warn({ err: error }, 'metrics: counting pending work failed');
          return null;
        });
      pending = { at: now, counts };
    }
    return pending.counts;
  };
  const pendingGauge = (name: string, help: string, read: (counts: PendingWork) => number) =>
    new Gauge({
      name,
      help,
      registers,
      async collect() {
        const counts = await pendingCounts();
        // Unknown (the database did not answer): no sample rather than a wrong one.
        if (counts) this.set(read(counts));
        else this.reset();
      },
    });
  pendingGauge('wallet_slips_pending', 'Bank slips waiting for an operator.', (counts) => counts.slips);
  pendingGauge('wallet_approvals_pending', 'Requests waiting for a second operator (dual control).', (counts) => counts.approvals);

  new Gauge({
    name: 'wallet_sockets_open',
    help: "Chat sockets connected to this process.",
    registers,
    collect() {
      this.set(openSockets());
    },
  });
  new Gauge({
    name: 'wallet_http_connections_open',
    help: 'HTTP connections open to this process, websockets included.',
    registers,
    async collect() {
      this.set(await openConnections());
    },
  });
  const client = (db as unknown as { $client?: unknown }).$client;
  new Gauge({
    name: 'wallet_db_pool_connections',
    help: "The database pool's connections: total, idle, and callers waiting for one (pg); PGlite has one connection.",
    labelNames: ['state'],
    registers,
    collect() {
      if (client instanceof pg.Pool) {
        this.set({ state: 'total' }, client.totalCount);
        this.set({ state: 'idle' }, client.idleCount);
        this.set({ state: 'waiting' }, client.waitingCount);
      } else {
        this.set({ state: 'total' }, 1);
      }
    },
  });

  return {
    contentType: registry.contentType,
    started() {
      inFlight.inc();
      let done = false;
      return () => {
        if (done) return;
        done = true;
        inFlight.dec();
      };
    },
    answered(method, route, status, seconds) {
      const labels = { method, route, status_code: String(status) };
      requests.inc(labels);
      durations.observe(labels, seconds);
    },
    transferCommitted(kind) {
      transfers.inc({ kind });
    },
    jobRan(job, failed) {
      jobRuns.inc({ job });
      if (failed) jobFailures.inc({ job });
    },
    async text() {
      const [own, shared] = await Promise.all([registry.metrics(), processMetrics().metrics()]);
      return `${shared.trimEnd()}\n\n${own}`;
    },
  };
}
