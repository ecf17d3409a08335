/**
 * What every call to an outside provider shares
 * (docs/decisions/0136-provider-calls.md): a timeout on each attempt (the
 * answer's body included) and, where the adapter sets one, a deadline over
 * all attempts and their pauses; another attempt only where the caller says
 * the call may be repeated, or the provider says this failure may be; and
 * one circuit breaker per provider client that, after a run of failures,
 * fails at once for a while instead of making members wait on a provider
 * that is down, and says so in the log.
 *
 * The adapter tells the failures apart: what its attempt returns is an
 * answer (a 4xx about the request itself included), and the provider is
 * working; a ProviderFailure it throws, a timeout or a connection that
 * failed is the provider's failure and counts against the breaker. The log
 * names the provider, the call (method and path), the reason and the
 * attempt; never a header, a key, a query or a body.
 *
 * A provider may have more than one client, each with a breaker of its own
 * (`circuit` names it), where one kind of call must not be failed fast by
 * another's failures: Opn's webhook checks, which anyone can set off, are
 * kept apart from the calls a member's QR waits on
 * (docs/decisions/0135-opn-payments.md).
 */

/** Where the calls are told: a Fastify (pino) logger fits. */
export interface ProviderLog {
  warn(fields: object, message: string): void;
  /** A circuit that closes again; a warning when the log has no `info`. */
  info?(fields: object, message: string): void;
  /** A circuit that opens; a warning when the log has no `error`. */
  error?(fields: object, message: string): void;
}

export type FailureReason =
  /** No answer within the attempt's time. */
  | 'TIMEOUT'
  /** The connection failed before an answer. */
  | 'NETWORK'
  /** A 5xx answer. */
  | 'SERVER_ERROR'
  /** The key or signature was refused (401/403): a configuration to fix. */
  | 'UNAUTHORIZED'
  /** Too many calls (429) or a used-up quota. */
  | 'QUOTA_EXCEEDED'
  /** An answer that is not what the provider's documentation promises. */
  | 'BAD_ANSWER'
  /** The breaker is open: the provider was not called at all. */
  | 'CIRCUIT_OPEN';

/** The provider could not be used for this call; nothing is known of its outcome. */
export class ProviderFailure extends Error {
  /** The provider's HTTP status when it answered; null when no answer came (timeout, no connection, circuit open). */
  readonly status: number | null;
  /**
   * The provider's documentation says this failure may be tried again even
   * where the call as a whole may not be repeated (EasySlip's "retry later").
   */
  readonly retryable: boolean;
  readonly detail: string | null;

  constructor(
    readonly provider: string,
    readonly reason: FailureReason,
    { status = null, retryable = false, detail = null }: { status?: number | null; retryable?: boolean; detail?: string | null } = {},
  ) {
    super(`${provider}: ${reason}${detail ? ` (${detail})` : ''}`);
    this.name = 'ProviderFailure';
    this.status = status;
    this.retryable = retryable;
    this.detail = detail;
  }

  /** Whether the provider answered at all (with a status that is a failure). */
  get answered(): boolean {
    return this.status !== null;
  }
}

/** The failure an HTTP status means when the adapter reads no answer from it. */
export function failureOfStatus(provider: string, status: number, detail = `answered ${status}`): ProviderFailure {
  const reason: FailureReason = status === 401 || status === 403 ? 'UNAUTHORIZED' : status === 429 ? 'QUOTA_EXCEEDED' : status >= 500 ? 'SERVER_ERROR' : 'BAD_ANSWER';
  return new ProviderFailure(provider, reason, { status, detail });
}

export interface BreakerOptions {
  /** Failures in a row that open the circuit. */
  failuresToOpen: number;
  /** How long an open circuit fails fast before one trial call may go. */
  openMs: number;
}

const DEFAULT_BREAKER: BreakerOptions = { failuresToOpen: 5, openMs: 30_000 };

function tell(log: ProviderLog, level: 'info' | 'error', fields: object, message: string): void {
  const write = level === 'info' ? log.info : log.error;
  if (write) write.call(log, fields, message);
  else log.warn(fields, message);
}

/**
 * Closed (calls go), open (calls fail fast until `openMs` has passed) or
 * half-open (one trial call goes; its success closes the circuit, its
 * failure opens it again). One per provider client and process.
 */
class CircuitBreaker {
  private failures = 0;
  private openedAt: number | null = null;
  private trialRunning = false;
  /** The provider, and which of its breakers this is when it has several ("opn (webhook)"). */
  private readonly name: string;
  private readonly fields: { provider: string; circuit?: string };

  constructor(
    private readonly provider: string,
    circuit: string | undefined,
    private readonly options: BreakerOptions,
    private readonly log: ProviderLog,
    private readonly now: () => number,
  ) {
    this.name = circuit ? `${provider} (${circuit})` : provider;
    this.fields = circuit ? { provider, circuit } : { provider };
  }

  get open(): boolean {
    return this.openedAt !== null;
  }

  /** Lets a call go, or throws CIRCUIT_OPEN and says so in the log. */
  enter(): void {
    if (this.openedAt === null) return;
    const left = this.openedAt + this.options.openMs - this.now();
    if (left <= 0 && !this.trialRunning) {
      this.trialRunning = true;
      return;
    }
    const detail = `fails fast for ${Math.max(0, Math.ceil(left / 1000))} s more`;
    this.log.warn(this.fields, `${this.name}: circuit open, not called (${detail})`);
    throw new ProviderFailure(this.provider, 'CIRCUIT_OPEN', { detail });
  }

  succeeded(): void {
    if (this.openedAt !== null) tell(this.log, 'info', this.fields, `${this.name}: circuit closed, the provider answers again`);
    this.failures = 0;
    this.openedAt = null;
    this.trialRunning = false;
  }

  failed(reason: FailureReason): void {
    this.failures += 1;
    if (!this.trialRunning && (this.openedAt !== null || this.failures < this.options.failuresToOpen)) return;
    this.openedAt = this.now();
    this.trialRunning = false;
    tell(
      this.log,
      'error',
      { ...this.fields, reason, failures: this.failures },
      `${this.name}: circuit open after ${this.failures} failures in a row (last ${reason}); calls fail fast for ${this.options.openMs / 1000} s`,
    );
  }
}

export interface ProviderOptions {
  /** Names the provider in the log and in failures. */
  provider: string;
  /** Names this client's breaker in the log when the provider has more than one client. */
  circuit?: string;
  log: ProviderLog;
  breaker?: BreakerOptions;
  /** Milliseconds now (the breaker's and the deadline's clock); tests move their own. */
  now?: () => number;
  /** Waits before a retry; tests pass one that does not wait. */
  pause?: (ms: number) => Promise<void>;
}

export interface CallOptions {
  /** One attempt's limit, the answer's body included. */
  timeoutMs: number;
  /** All attempts and the pauses between them; none by default. */
  deadlineMs?: number;
  /**
   * True only when the provider's documentation lets the call be made again
   * without a second effect (reading a resource): any failure but a refusal
   * of the request itself (a 4xx other than 429) is then tried again.
   * A call that is not repeatable is tried again only after a failure that
   * says it is `retryable`.
   */
  repeatable: boolean;
  /** Further attempts after a failure that may be retried (0: none). */
  retries?: number;
  /** The pause before the first, second... retry; the last one repeats; none: no pause. */
  pausesMs?: readonly number[];
}

export interface ProviderRequest {
  method: 'GET' | 'POST';
  url: URL;
  headers: Record<string, string>;
  body?: string;
}

export interface ProviderAnswer {
  status: number;
  /** The body parsed as JSON, or null when it is not JSON. */
  json: unknown;
  /** The body's bytes (a picture, say). */
  bytes: Buffer;
}

/** Calls to one provider, under this client's breaker. */
export interface ProviderClient {
  /** Runs `attempt` (the provider's method and path in `label`, for the log) under the call's timeouts, retries and the breaker. */
  call<T>(options: CallOptions & { label: string }, attempt: (signal: AbortSignal) => Promise<T>): Promise<T>;
  /**
   * Sends one HTTP request as a call: answers any status the provider gave
   * (the caller reads 4xx), and fails on no answer, 429 or a 5xx.
   */
  request(options: CallOptions, request: ProviderRequest): Promise<ProviderAnswer>;
}

/**
 * The most an answer may weigh: an aggregator's list of thousands of games
 * is a few MB; a provider (or whoever answers in its place) sending more is
 * cut off rather than read into memory.
 */
export const PROVIDER_ANSWER_MAX_BYTES = 16 * 1024 * 1024;

/** An answer past PROVIDER_ANSWER_MAX_BYTES; a call reports it as the provider's BAD_ANSWER. */
export class AnswerTooLarge extends Error {
  constructor(
    readonly status: number,
    max: number,
  ) {
    super(`answered more than ${max} bytes`);
  }
}

/** The body, read up to `max` bytes; more is AnswerTooLarge and the rest is never read. */
async function boundedBody(response: Response, max: number): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  const tooLarge = () => new AnswerTooLarge(response.status, max);
  if (declared > max) {
    await response.body?.cancel();
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  if (response.body) {
    for await (const chunk of response.body) {
      size += chunk.byteLength;
      if (size > max) {
        await response.body.cancel().catch(() => undefined);
        throw tooLarge();
      }
      chunks.push(Buffer.from(chunk));
    }
  }
  return Buffer.concat(chunks, size);
}

/** One HTTP exchange inside an attempt: the answer's status and body (at most PROVIDER_ANSWER_MAX_BYTES), whatever the status. */
export async function fetchAnswer({ method, url, headers, body }: ProviderRequest, signal: AbortSignal, max = PROVIDER_ANSWER_MAX_BYTES): Promise<ProviderAnswer> {
  const response = await fetch(url, { method, headers, ...(body !== undefined && { body }), signal });
  const bytes = await boundedBody(response, max);
  let json: unknown = null;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch {
    // A proxy's error page, or a picture: the caller sees null.
  }
  return { status: response.status, json, bytes };
}

const realPause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A signal that aborts after `ms` (a timer of its own, so a test's fake timers move it). */
function attemptTimer(ms: number): { signal: AbortSignal; clear: () => void } {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException(`no answer within ${ms} ms`, 'TimeoutError')), ms);
  return { signal: controller.signal, clear: () => clearTimeout(timer) };
}

function asFailure(provider: string, error: unknown, signal: AbortSignal, ms: number): ProviderFailure {
  if (error instanceof ProviderFailure) return error;
  if (error instanceof AnswerTooLarge) return new ProviderFailure(provider, 'BAD_ANSWER', { status: error.status, detail: error.message });
  // The attempt's own time ran out: the request may have reached the provider.
  if (signal.aborted) return new ProviderFailure(provider, 'TIMEOUT', { detail: `no answer within ${ms} ms` });
  // fetch rejects with a TypeError when no answer came at all (refused, reset, DNS).
  return new ProviderFailure(provider, 'NETWORK', { detail: `could not be reached (${error instanceof Error ? error.message : String(error)})` });
}

function mayRetry(failure: ProviderFailure, repeatable: boolean): boolean {
  // An answer that is not the documented one (or too large) would come the same again.
  if (failure.reason === 'CIRCUIT_OPEN' || failure.reason === 'BAD_ANSWER') return false;
  if (failure.retryable) return true;
  // The same request would be refused the same way.
  const refused = failure.status !== null && failure.status >= 400 && failure.status < 500 && failure.status !== 429;
  return repeatable && !refused;
}

export function providerClient({ provider, circuit, log, breaker: breakerOptions = DEFAULT_BREAKER, now = Date.now, pause = realPause }: ProviderOptions): ProviderClient {
  const breaker = new CircuitBreaker(provider, circuit, breakerOptions, log, now);

  async function call<T>(options: CallOptions & { label: string }, attempt: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const { label, timeoutMs, deadlineMs = Number.POSITIVE_INFINITY, repeatable, retries = 0, pausesMs = [] } = options;
    breaker.enter();
    const started = now();
    const tries = retries + 1;
    for (let made = 1; ; made += 1) {
      const ms = Math.max(1, Math.min(timeoutMs, deadlineMs - (now() - started)));
      const timer = attemptTimer(ms);
      let failure: ProviderFailure;
      try {
        const answer = await attempt(timer.signal);
        breaker.succeeded();
        return answer;
      } catch (error) {
        failure = asFailure(provider, error, timer.signal, ms);
      } finally {
        timer.clear();
      }
      log.warn(
        { provider, call: label, reason: failure.reason, status: failure.status, attempt: made, of: tries },
        `${provider}: ${label} ${failure.detail ?? failure.reason} (${failure.reason}, attempt ${made} of ${tries})`,
      );
      breaker.failed(failure.reason);
      const wait = pausesMs[Math.min(made - 1, pausesMs.length - 1)] ?? 0;
      const timeLeft = deadlineMs - (now() - started) - wait > 0;
      if (made >= tries || !mayRetry(failure, repeatable) || breaker.open || !timeLeft) throw failure;
      if (wait > 0) await pause(wait);
    }
  }

  return {
    call,
    request(options, request) {
      return call({ ...options, label: `${request.method} ${request.url.pathname}` }, async (signal) => {
        const answer = await fetchAnswer(request, signal);
        if (answer.status === 429 || answer.status >= 500) throw failureOfStatus(provider, answer.status);
        return answer;
      });
    },
  };
}
