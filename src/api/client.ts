/**
 * The one HTTP client of the SPA (spec 7): every call goes by endpoint name
 * through src/contract/endpoints.ts, carries the fixed headers, and resolves
 * with a Result. Expected failures (an error body `{ message }`) are data;
 * only the unexpected (offline, timeout, an answer that breaks the contract)
 * rejects, and the machines turn a rejection into NETWORK_ERROR.
 */
import { fillPath, HTTP_TIMEOUT_MS, IDEMPOTENCY_KEY_HEADER, REQUESTED_WITH } from '../contract/http.ts';
import type {
  BodyOf,
  EndpointName,
  Endpoints,
  ParamsOf,
  QueryOf,
  ResponseOf,
} from '../contract/endpoints.ts';
import type { Result } from '../../machines/shared/result.ts';
import type { ApiClientDeps, RawResponse } from './answer.ts';
import { bcp47, currentLocale } from '../i18n/locale.ts';

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
/** How answers are read (and whether each request was answered is reported: answer.ts), loaded with the first call too. */
let answersLoading: Promise<typeof import('./answer.ts')> | undefined;
const loadAnswers = () => (answersLoading ??= import('./answer.ts'));
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

/** The headers of every call (spec 7), with the member's token when there is one. */
export function baseHeaders(token: string | null): Record<string, string> {
  const headers: Record<string, string> = {
    'X-Requested-With': REQUESTED_WITH,
    'Accept-Language': bcp47(currentLocale()),
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

export function createApiClient(deps: ApiClientDeps): ApiClient {
  async function call<N extends EndpointName>(name: N, ...args: CallArgs<N>): Promise<Result<ResponseOf<N>>> {
    // They arrive together on the first call (one round trip, not several).
    const [table, , answers] = await Promise.all([loadEndpoints(), loadOfetch(), loadAnswers()]);
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

    // Network failures and timeouts reject here (and are reported, unless the caller gave up).
    const response = await send(path, { method: endpoint.method, body, headers, signal: options?.signal }).catch((error: unknown) => {
      if (!options?.signal?.aborted) answers.reached(false);
      throw error;
    });
    return answers.answerOf(deps, name, endpoint.response, response, report);
  }

  return { call, deps };
}
