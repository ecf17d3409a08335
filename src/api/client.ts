/**
 * The one HTTP client of the SPA (spec 7): every call goes by endpoint name
 * through src/contract/endpoints.ts, carries the fixed headers, and resolves
 * with a Result. Expected failures (an error body `{ message }`) are data;
 * only the unexpected (offline, timeout, an answer that breaks the contract)
 * rejects, and the machines turn a rejection into NETWORK_ERROR.
 */
import * as v from 'valibot';
import { fillPath, HTTP_TIMEOUT_MS, IDEMPOTENCY_KEY_HEADER, REQUESTED_WITH } from '../contract/http.ts';
import type {
  BodyOf,
  EndpointName,
  Endpoints,
  ParamsOf,
  QueryOf,
  ResponseOf,
} from '../contract/endpoints.ts';
import { ErrorBody } from '../contract/errors.ts';
import type { Result } from '../../machines/shared/result.ts';
import { bcp47, currentLocale } from '../i18n/locale.ts';

type SessionMessage = 'invalid-token' | 'gone';

interface ApiClientDeps {
  /** The signed-in member's token, or null. */
  getToken: () => string | null;
  /** The one place the special messages of spec 8 are reported (to the session). */
  onSessionMessage: (message: SessionMessage) => void;
}

/** Options every call takes. */
export interface CallOptions {
  signal?: AbortSignal;
  /**
   * Send this token instead of the session's (logout revokes the token the
   * session is dropping). Special messages are then not reported: the session
   * is already leaving.
   */
  token?: string;
}

type QueryValue = string | number | boolean | null | undefined;

/**
 * What one endpoint needs beside its body: `params` when its path has
 * `:name` segments (`call('gameAccountActivate', { params: { gameCode } })`), `query`
 * when it reads a query string, and an `idempotencyKey` when it moves money
 * (sent as the Idempotency-Key header; one key per member action, the same
 * key again on a retry).
 */
export type CallOptionsOf<N extends EndpointName> = CallOptions &
  (ParamsOf<N> extends undefined ? { params?: never } : { params: ParamsOf<N> }) &
  (QueryOf<N> extends undefined
    ? { query?: never }
    : {} extends QueryOf<N>
      ? { query?: QueryOf<N> }
      : { query: QueryOf<N> }) &
  (Endpoints[N] extends { idempotent: true } ? { idempotencyKey: string } : { idempotencyKey?: never });

/** The options may be left out only when nothing in them is required. */
type OptionsArg<N extends EndpointName> = {} extends CallOptionsOf<N>
  ? [options?: CallOptionsOf<N>]
  : [options: CallOptionsOf<N>];

type CallArgs<N extends EndpointName> = BodyOf<N> extends undefined
  ? OptionsArg<N>
  : [body: BodyOf<N>, ...OptionsArg<N>];

export interface ApiClient {
  call<N extends EndpointName>(name: N, ...args: CallArgs<N>): Promise<Result<ResponseOf<N>>>;
  /** What the client was made with, for uploads (src/api/upload.ts), which are sent outside `call`. */
  readonly deps: ApiClientDeps;
}

/** Everything a call may carry, as the client reads it at run time. */
interface AnyCallOptions extends CallOptions {
  params?: Record<string, string>;
  query?: Record<string, QueryValue>;
  idempotencyKey?: string;
}

/** The endpoint's path with its parameters filled in and its query appended. */
export function requestPath(path: string, params?: Record<string, string>, query?: Record<string, QueryValue>): string {
  const filled = fillPath(path, params);
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `${filled}?${text}` : filled;
}

/** An answer that does not match the contract: a bug on one side, not a member's mistake. */
class ContractError extends Error {
  constructor(endpoint: string, detail: string) {
    super(`${endpoint}: answer does not match the contract (${detail})`);
    this.name = 'ContractError';
  }
}

export interface RawResponse {
  ok: boolean;
  status: number;
  /** The body parsed as JSON; the text itself when it is not JSON (a proxy's error page). */
  data: unknown;
}

/**
 * ofetch and the endpoint table (every request and answer schema) arrive
 * with the first call rather than with the page: /login is interactive
 * before it calls anything, and the 120 KB budget of the JS it loads first
 * (npm run bench:bundle) has no room for them.
 */
let ofetchLoading: Promise<(typeof import('ofetch'))['ofetch']> | undefined;
const loadOfetch = () => (ofetchLoading ??= import('ofetch').then((module) => module.ofetch));
let endpointsLoading: Promise<Endpoints> | undefined;
const loadEndpoints = () => (endpointsLoading ??= import('../contract/endpoints.ts').then((module) => module.endpoints));
/** The guest's header, read from storage by a module only chat calls load. */
const loadGuestHeaders = () => import('./guest-token.ts').then((module) => module.guestHeaders(null));

/**
 * One request with the spec's timeout (spec 9: 60 s). Rejects only when no
 * answer arrives (offline, timeout, aborted); any HTTP status resolves. No
 * retries: a retried POST could move money twice, so the member retries on purpose.
 */
async function send(
  path: string,
  init: { method: string; headers: Record<string, string>; body?: unknown; signal?: AbortSignal },
): Promise<RawResponse> {
  const ofetch = await loadOfetch();
  // ofetch drops its own timeout when a signal is given, so combine them here.
  const timeout = AbortSignal.timeout(HTTP_TIMEOUT_MS);
  const response = await ofetch.raw<unknown>(path, {
    method: init.method,
    headers: init.headers,
    body: init.body as Record<string, unknown> | undefined,
    signal: init.signal ? AbortSignal.any([init.signal, timeout]) : timeout,
    retry: 0,
    ignoreResponseError: true,
  });
  return { ok: response.ok, status: response.status, data: response._data };
}

function sessionMessageOf(message: string): SessionMessage | null {
  if (message === 'invalid-token' || message === 'cannot verify identity') return 'invalid-token';
  if (message === 'gone') return 'gone';
  return null;
}

/** The headers of every call (spec 7), with the member's token when there is one. */
export function baseHeaders(token: string | null): Record<string, string> {
  const headers: Record<string, string> = {
    'X-Requested-With': REQUESTED_WITH,
    'Accept-Language': bcp47(currentLocale()),
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

/**
 * The answer as a Result: the contract's answer, or a failure's message (a
 * special message of spec 8 reported to the session unless `report` is
 * false); an answer that breaks the contract throws.
 */
export function answerOf<N extends EndpointName>(
  deps: ApiClientDeps,
  name: N,
  schema: Endpoints[N]['response'],
  response: RawResponse,
  report: boolean,
): Result<ResponseOf<N>> {
  const failure = (message: string): { ok: false; message: string } => {
    const special = sessionMessageOf(message);
    if (special && report) deps.onSessionMessage(special);
    return { ok: false, message };
  };
  const data = response.data;
  if (response.ok) {
    const parsed = v.safeParse(schema, data);
    if (parsed.success) return { ok: true, data: parsed.output as ResponseOf<N> };
    // Some failures arrive with 200 and an error body; treat them as failures.
    const error = v.safeParse(ErrorBody, data);
    if (error.success) return failure(error.output.message);
    throw new ContractError(name, parsed.issues.map((issue) => issue.message).join('; '));
  }

  const error = v.safeParse(ErrorBody, data);
  if (error.success) return failure(error.output.message);
  // A 5xx without a body (proxy, crash) is still the server's fault, not the network's.
  if (response.status >= 500) return failure('INTERNAL_SERVER_ERROR');
  throw new ContractError(name, `HTTP ${response.status} without a message`);
}

export function createApiClient(deps: ApiClientDeps): ApiClient {
  async function call<N extends EndpointName>(name: N, ...args: CallArgs<N>): Promise<Result<ResponseOf<N>>> {
    // Both arrive together on the first call (one round trip, not two).
    const [table] = await Promise.all([loadEndpoints(), loadOfetch()]);
    const endpoint: Endpoints[EndpointName] = table[name];
    const hasBody = 'body' in endpoint;
    const body = hasBody ? args[0] : undefined;
    const options = (hasBody ? args[1] : args[0]) as AnyCallOptions | undefined;

    const token = options?.token ?? deps.getToken();
    const headers = baseHeaders(token);
    // A visitor's chat calls carry the guest token instead (chat.ts GUEST_TOKEN_HEADER),
    // and so does asking for a guest id: with a live token it renews the same guest.
    const guest = (endpoint.access === 'chat' || name === 'chatGuest') && !token;
    if (guest) Object.assign(headers, await loadGuestHeaders());
    if ('idempotent' in endpoint) {
      // A money call without a key could move money twice on a retry: refuse to send it.
      if (!options?.idempotencyKey) throw new Error(`${name}: a money-moving call needs an idempotency key`);
      headers[IDEMPOTENCY_KEY_HEADER] = options.idempotencyKey;
    }
    // A refused guest is the chat's business: a visitor is never sent to /login.
    const report = options?.token === undefined && !guest;
    const path = requestPath(endpoint.path, options?.params, options?.query);

    // Network failures and timeouts reject here.
    const response = await send(path, { method: endpoint.method, body, headers, signal: options?.signal });
    return answerOf(deps, name, endpoint.response, response, report);
  }

  return { call, deps };
}
