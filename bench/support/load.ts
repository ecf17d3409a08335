/**
 * Fires HTTP load with autocannon from a worker thread, so the load generator
 * does not share the event loop of an app served from the benchmark's own
 * process (pgbench, beside it, also runs apart from what it measures).
 *
 * Requests are data, since functions cannot cross into a worker: a rotation
 * of variants (headers and body) taken in turn across all connections, and
 * optionally a header that gets a fresh random value on every request (an
 * Idempotency-Key, as the SPA sends one per member action).
 */
import { Worker } from 'node:worker_threads';
import type { Result } from 'autocannon';

export interface RequestVariant {
  headers?: Record<string, string>;
  body?: string;
}

export interface Load {
  url: string;
  method?: 'GET' | 'POST';
  connections: number;
  durationSeconds: number;
  /** Headers every request carries; a variant's headers are added to them. */
  headers: Record<string, string>;
  rotation: RequestVariant[];
  /** A header set to a new random UUID on each request. */
  freshHeader?: string;
}

export interface LoadFigures {
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  failures: number;
}

export function fire(load: Load): Promise<LoadFigures> {
  const worker = new Worker(new URL('./load-worker.ts', import.meta.url), { workerData: load });
  return new Promise((resolve, reject) => {
    // autocannon itself posts progress to the parent when it runs in a worker: only our result counts.
    worker.on('message', (message: { loadResult?: Result }) => {
      const result = message?.loadResult;
      if (!result) return;
      resolve({
        // Aggregated from a worker, the per-second samples are gone: completed requests over the run's length.
        perSecond: result.requests.total / result.duration,
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
        failures: result.non2xx + result.errors + result.timeouts,
      });
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`load worker exited with ${code}`));
    });
  });
}
