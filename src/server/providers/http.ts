/**
 * Calls to an outside provider's HTTP API, each bounded the same way
 * (docs/decisions/0136-provider-calls.md): a timeout on every call (the
 * answer's body included), a bounded retry only for the calls the
 * provider's documentation lets us repeat, and a circuit breaker per
 * provider that, after a run of failures, fails at once for a while instead
 * of making members wait on a provider that is down, and says so in the
 * log. The log names the provider, the method, the path and the status,
 * never a header or a body: credentials and charges stay out of it.
 */
import type { Clock } from '../clock.ts';

export interface ProviderLog {
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

/** The provider could not be asked (down, too slow, or the breaker is open); nothing is known of the outcome. */
export class ProviderUnavailable extends Error {
  constructor(
    readonly provider: string,
    message: string,
  ) {
    super(`${provider}: ${message}`);
    this.name = 'ProviderUnavailable';
  }
}

export interface BreakerOptions {
  /** Consecutive failures that open the breaker. */
  failures: number;
  /** How long it stays open; then one call is let through to try. */
  openMs: number;
}

export const DEFAULT_BREAKER: BreakerOptions = { failures: 5, openMs: 30_000 };

/**
 * Closed (calls go through), open (calls fail at once until `openMs` has
 * passed) or half-open (one trial call; its success closes the breaker,
 * its failure opens it again).
 */
export class CircuitBreaker {
  private failuresInARow = 0;
  private openUntil: number | null = null;
  private trialRunning = false;

  constructor(
    readonly provider: string,
    private readonly options: BreakerOptions,
    private readonly clock: Clock,
    private readonly log: ProviderLog,
  ) {}

  /** Throws ProviderUnavailable while open; otherwise lets the call go (the one trial when half-open). */
  enter(): void {
    if (this.openUntil === null) return;
    const left = this.openUntil - this.clock().getTime();
    if (left > 0 || this.trialRunning) {
      throw new ProviderUnavailable(this.provider, `circuit open, failing fast for ${Math.max(0, Math.ceil(left / 1000))} s more`);
    }
    this.trialRunning = true;
  }

  succeeded(): void {
    if (this.openUntil !== null) this.log.warn({ provider: this.provider }, `${this.provider}: circuit closed, the provider answers again`);
    this.failuresInARow = 0;
    this.openUntil = null;
    this.trialRunning = false;
  }

  failed(): void {
    this.failuresInARow += 1;
    const trialFailed = this.trialRunning;
    this.trialRunning = false;
    if (trialFailed || this.failuresInARow >= this.options.failures) {
      this.openUntil = this.clock().getTime() + this.options.openMs;
      this.log.error(
        { provider: this.provider, failures: this.failuresInARow },
        `${this.provider}: circuit open after ${this.failuresInARow} failures in a row; calls fail fast for ${this.options.openMs / 1000} s`,
      );
    }
  }
}

export interface ProviderRequest {
  method: 'GET' | 'POST';
  /** The path and query as logged (no secrets in it). */
  path: string;
  headers: Record<string, string>;
  body?: string;
  /**
   * True only when the provider's documentation lets the call be repeated
   * without a second effect (reading a resource): such a call is tried
   * again after a timeout, a network error, 429 or a 5xx.
   */
  repeatable: boolean;
}

export interface ProviderAnswer {
  status: number;
  /** The body parsed as JSON, or null when it is not JSON. */
  json: unknown;
  /** The body's bytes (a picture, say). */
  bytes: Buffer;
}

export interface ProviderHttpOptions {
  provider: string;
  baseUrl: string;
  timeoutMs: number;
  /** Extra tries of a repeatable call (0: none). */
  retries: number;
  /** Waits before the first, second... retry; tests give no waiting. */
  backoffMs: readonly number[];
  breaker: CircuitBreaker;
  log: ProviderLog;
  /** Waits `ms` (injected: tests do not sleep). */
  sleep?: (ms: number) => Promise<void>;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Worth another try: the provider may answer next time. */
const transient = (status: number) => status === 429 || status >= 500;

/**
 * Sends one request through the breaker with its timeout and, when it is
 * repeatable, its retries. Answers any HTTP status the provider gave (the
 * caller reads 4xx); throws ProviderUnavailable when no answer came or the
 * last answer was 429 or a 5xx.
 */
export async function providerCall(options: ProviderHttpOptions, request: ProviderRequest): Promise<ProviderAnswer> {
  const { provider, baseUrl, timeoutMs, retries, backoffMs, breaker, log, sleep = wait } = options;
  const tries = request.repeatable ? retries + 1 : 1;
  let reason = '';
  for (let attempt = 1; attempt <= tries; attempt += 1) {
    if (attempt > 1) await sleep(backoffMs[Math.min(attempt - 2, backoffMs.length - 1)] ?? 0);
    breaker.enter();
    try {
      const response = await fetch(new URL(request.path, baseUrl), {
        method: request.method,
        headers: request.headers,
        ...(request.body !== undefined && { body: request.body }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      // The timeout covers the body too.
      const bytes = Buffer.from(await response.arrayBuffer());
      if (!transient(response.status)) {
        breaker.succeeded();
        let json: unknown = null;
        try {
          json = JSON.parse(bytes.toString('utf8'));
        } catch {
          // A proxy's error page, or a picture: the caller sees null.
        }
        return { status: response.status, json, bytes };
      }
      reason = `answered ${response.status}`;
    } catch (error) {
      reason = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError') ? `no answer within ${timeoutMs} ms` : 'could not be reached';
    }
    breaker.failed();
    log.warn({ provider, method: request.method, path: request.path, attempt, of: tries }, `${provider}: ${request.method} ${request.path} ${reason}`);
  }
  throw new ProviderUnavailable(provider, `${request.method} ${request.path} ${reason}`);
}
