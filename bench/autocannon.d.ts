// The parts of autocannon 9 that bench/support/load-worker.ts uses (the package ships no types).
declare module 'autocannon' {
  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
    headers?: Record<string, string>;
    body?: string;
    requests?: { setupRequest?: (request: RequestSetup) => RequestSetup }[];
  }
  interface RequestSetup {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
  }
  export interface Result {
    /** Seconds the run took. */
    duration: number;
    requests: Histogram & { total: number };
    latency: Histogram;
    non2xx: number;
    errors: number;
    timeouts: number;
  }
  function autocannon(options: Options): Promise<Result>;
  namespace autocannon {
    /** Figures from raw results (what autocannon answers inside a worker thread). */
    function aggregateResult(results: Result[], options: Options): Result;
  }
  export default autocannon;
}
