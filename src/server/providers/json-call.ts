/**
 * Calls to an outside provider's HTTP API: every call has a timeout, a call
 * the provider's documentation lets us repeat (a read) is tried again a few
 * times, and a circuit breaker stops calling a provider that keeps failing:
 * after `failuresToOpen` failures in a row it fails at once for
 * `openMs`, then lets one call through to see whether the provider is
 * back. Opening and closing are logged once each, with the provider's
 * name; nothing of the request (keys, tokens, bodies) is logged.
 */
import type { Clock } from '../clock.ts';

export interface ProviderLog {
  warn(fields: object, message: string): void;
  info(fields: object, message: string): void;
}

/** The call failed; `reason` says how, without anything secret. */
export class ProviderCallError extends Error {
  constructor(
    readonly provider: string,
    readonly reason: string,
    /** The provider's HTTP status when it answered. */
    readonly status: number | null = null,
  ) {
    super(`${provider}: ${reason}`);
    this.name = 'ProviderCallError';
  }
}

export interface BreakerOptions {
  failuresToOpen?: number;
  openMs?: number;
}

export class CircuitBreaker {
  private failures = 0;
  private openUntil: number | null = null;
  private readonly failuresToOpen: number;
  private readonly openMs: number;

  constructor(
    readonly provider: string,
    private readonly clock: Clock,
    private readonly log: ProviderLog,
    { failuresToOpen = 5, openMs = 30_000 }: BreakerOptions = {},
  ) {
    this.failuresToOpen = failuresToOpen;
    this.openMs = openMs;
  }

  /** Throws at once while open; after `openMs` one call may try (half-open). */
  check(): void {
    if (this.openUntil === null) return;
    const now = this.clock().getTime();
    if (now < this.openUntil) throw new ProviderCallError(this.provider, `circuit open after ${this.failures} failures: failing fast`);
    // Half-open: this call tries; a failure opens the circuit again for another period.
    this.openUntil = null;
    this.failures = this.failuresToOpen - 1;
  }

  succeeded(): void {
    if (this.failures >= this.failuresToOpen - 1 && this.failures > 0) this.log.info({ provider: this.provider }, `${this.provider} answers again: circuit closed`);
    this.failures = 0;
  }

  failed(): void {
    this.failures += 1;
    if (this.failures >= this.failuresToOpen && this.openUntil === null) {
      this.openUntil = this.clock().getTime() + this.openMs;
      this.log.warn({ provider: this.provider, failures: this.failures, openMs: this.openMs }, `${this.provider} keeps failing: circuit open, calls fail fast for ${this.openMs} ms`);
    }
  }
}

export interface JsonCall {
  url: URL;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
  /** Further tries after a failure, for a call the provider's documentation lets us repeat (0: none). */
  retries?: number;
}

/**
 * POSTs `body` as JSON and answers the parsed JSON of a 2xx answer. A
 * timeout, a network error, a non-2xx status or a body that is not JSON is
 * a failure (ProviderCallError); 4xx answers are not tried again (the same
 * request would be refused the same way).
 */
export async function postJson(breaker: CircuitBreaker, log: ProviderLog, call: JsonCall): Promise<unknown> {
  const tries = 1 + (call.retries ?? 0);
  let last: ProviderCallError | null = null;
  for (let attempt = 1; attempt <= tries; attempt += 1) {
    breaker.check();
    try {
      const answer = await postOnce(breaker.provider, call);
      breaker.succeeded();
      return answer;
    } catch (error) {
      last = error instanceof ProviderCallError ? error : new ProviderCallError(breaker.provider, error instanceof Error ? error.message : String(error));
      breaker.failed();
      log.warn({ provider: breaker.provider, path: call.url.pathname, attempt, status: last.status }, `${breaker.provider} call failed: ${last.reason}`);
      if (last.status !== null && last.status >= 400 && last.status < 500) break;
    }
  }
  throw last ?? new ProviderCallError(breaker.provider, 'no attempt made');
}

async function postOnce(provider: string, { url, body, headers, timeoutMs }: JsonCall): Promise<unknown> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    text = await response.text();
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    throw new ProviderCallError(provider, timedOut ? `no answer within ${timeoutMs} ms` : `could not be reached (${error instanceof Error ? error.message : String(error)})`);
  }
  if (!response.ok) throw new ProviderCallError(provider, `answered ${response.status}`, response.status);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ProviderCallError(provider, `answered ${response.status} with a body that is not JSON`, response.status);
  }
}
