/**
 * What every call to an outside provider shares: a timeout on each attempt
 * and a deadline over all of them, a bounded retry of the failures the
 * provider's documentation says may be retried, and a circuit breaker that
 * stops calling a provider that keeps failing and says so in the log.
 *
 * An adapter tells the failures apart: a `ProviderFailure` that is the
 * provider's fault (no answer, a 5xx, a refused key) counts against the
 * breaker; an answer about the request itself (not found, invalid) is an
 * answer, and the provider is working. Nothing of the request (keys,
 * payloads) is logged here: only the provider's name and the reason.
 */

export type FailureReason =
  /** No answer within the attempt's time. */
  | 'TIMEOUT'
  /** The connection failed before an answer. */
  | 'NETWORK'
  /** A 5xx answer. */
  | 'SERVER_ERROR'
  /** The key was refused (401/403): a configuration to fix, not a slip to blame. */
  | 'UNAUTHORIZED'
  | 'QUOTA_EXCEEDED'
  /** An answer that is not what the documentation promises. */
  | 'BAD_ANSWER'
  /** The breaker is open: not called at all. */
  | 'CIRCUIT_OPEN';

/** The provider could not be used for this call; nothing it answered can be trusted. */
export class ProviderFailure extends Error {
  constructor(
    readonly provider: string,
    readonly reason: FailureReason,
    /** The provider's documentation allows this call to be made again. */
    readonly retryable: boolean,
    detail?: string,
  ) {
    super(`${provider}: ${reason}${detail ? ` (${detail})` : ''}`);
    this.name = 'ProviderFailure';
  }
}

interface Log {
  warn(fields: object, message: string): void;
  info(fields: object, message: string): void;
}

export interface BreakerOptions {
  /** Failures in a row that open the circuit. */
  failuresToOpen: number;
  /** How long an open circuit fails fast before one call may try again. */
  openMs: number;
}

export interface ProviderCallOptions {
  /** Names the provider in the log and in failures. */
  provider: string;
  /** One attempt's limit. */
  timeoutMs: number;
  /** All attempts together, retries and their pauses included. */
  deadlineMs: number;
  /** 1: no retry. */
  attempts: number;
  /** The pause before a retry. */
  retryDelayMs: number;
  breaker: BreakerOptions;
  log: Log;
  /** Milliseconds now (the breaker's and the deadline's clock); tests move their own. */
  now?: () => number;
  /** Waits before a retry; tests pass one that does not wait. */
  pause?: (ms: number) => Promise<void>;
}

/** Calls one provider under the options' timeouts, retry and breaker. */
export type ProviderCall = <T>(attempt: (signal: AbortSignal) => Promise<T>) => Promise<T>;

const realPause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The breaker is closed (calls go), open (calls fail fast until `openMs`
 * has passed) or half-open (one trial call goes; its success closes the
 * circuit, its failure opens it again).
 */
function circuitBreaker({ failuresToOpen, openMs }: BreakerOptions, provider: string, log: Log, now: () => number) {
  let failures = 0;
  let openedAt: number | null = null;
  let trial = false;
  return {
    /** Whether a call may go now. */
    allow(): boolean {
      if (openedAt === null) return true;
      if (trial || now() - openedAt < openMs) return false;
      trial = true;
      return true;
    },
    succeeded(): void {
      if (openedAt !== null) log.info({ provider }, `${provider}: answering again; circuit closed`);
      failures = 0;
      openedAt = null;
      trial = false;
    },
    failed(reason: FailureReason): void {
      failures += 1;
      if (trial || (openedAt === null && failures >= failuresToOpen)) {
        openedAt = now();
        trial = false;
        log.warn({ provider, reason, failures }, `${provider}: ${failures} failures in a row (last ${reason}); circuit open, calls fail fast for ${openMs / 1000} s`);
      }
    },
    /** When the open circuit lets a trial call through. */
    retryAt(): number {
      return (openedAt ?? now()) + openMs;
    },
  };
}

function asFailure(provider: string, error: unknown, signal: AbortSignal): ProviderFailure {
  if (error instanceof ProviderFailure) return error;
  // The attempt's own timeout aborted it: the request may have reached the provider, so it is not repeated.
  if (signal.aborted) return new ProviderFailure(provider, 'TIMEOUT', false);
  // fetch rejects with a TypeError when no answer came at all (refused, reset, DNS): nothing reached the provider's logic.
  return new ProviderFailure(provider, 'NETWORK', true, error instanceof Error ? error.message : undefined);
}

export function providerCall(options: ProviderCallOptions): ProviderCall {
  const { provider, timeoutMs, deadlineMs, attempts, retryDelayMs, log, now = Date.now, pause = realPause } = options;
  const breaker = circuitBreaker(options.breaker, provider, log, now);
  return async <T>(attempt: (signal: AbortSignal) => Promise<T>): Promise<T> => {
    if (!breaker.allow()) {
      log.warn({ provider }, `${provider}: circuit open, not called (fails fast until ${new Date(breaker.retryAt()).toISOString()})`);
      throw new ProviderFailure(provider, 'CIRCUIT_OPEN', false);
    }
    const started = now();
    for (let made = 1; ; made += 1) {
      const signal = AbortSignal.timeout(Math.max(1, Math.min(timeoutMs, deadlineMs - (now() - started))));
      try {
        const answer = await attempt(signal);
        breaker.succeeded();
        return answer;
      } catch (error) {
        const failure = asFailure(provider, error, signal);
        breaker.failed(failure.reason);
        const left = deadlineMs - (now() - started) - retryDelayMs;
        if (!failure.retryable || made >= attempts || left <= 0 || !breaker.allow()) throw failure;
        log.info({ provider, reason: failure.reason, attempt: made }, `${provider}: ${failure.reason}; trying once more`);
        await pause(retryDelayMs);
      }
    }
  };
}
