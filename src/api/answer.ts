/**
 * How the API client reads an answer (loaded with its first call, not with
 * /login: src/api/client.ts), and the one place that hears whether each
 * request reached the server: the member shell's connectivity actor listens
 * (docs/decisions/0145-a-flaky-network.md). A 502, 503 or 504 without a
 * message is a gateway that did not reach the server: NETWORK_ERROR, like
 * no answer at all (reads wait and retry; a money action asks its key).
 */
import * as v from 'valibot';
import type { Endpoints, EndpointName, ResponseOf } from '../contract/endpoints.ts';
import { ErrorBody } from '../contract/errors.ts';
import { NETWORK_ERROR, type Result } from '../../machines/shared/result.ts';

type SessionMessage = 'invalid-token' | 'gone';

export interface ApiClientDeps {
  /** The signed-in member's token, or null. */
  getToken: () => string | null;
  /** The one place the special messages of spec 8 are reported (to the session). */
  onSessionMessage: (message: SessionMessage) => void;
}

export interface RawResponse {
  ok: boolean;
  status: number;
  /** The body parsed as JSON; the text itself when it is not JSON (a proxy's error page). */
  data: unknown;
}

const listeners = new Set<(answered: boolean) => void>();

/** Hears whether each request got an answer from the server; returns how to stop. */
export function onReached(listener: (answered: boolean) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tells the listeners whether a request got an answer. */
export function reached(answered: boolean): void {
  for (const listener of listeners) listener(answered);
}

/** Gateway statuses: a proxy in front of the server answered, not the server. */
const GATEWAY_FAILURES = new Set([502, 503, 504]);

/** An answer that does not match the contract: a bug on one side, not a member's mistake. */
class ContractError extends Error {
  constructor(endpoint: string, detail: string) {
    super(`${endpoint}: answer does not match the contract (${detail})`);
    this.name = 'ContractError';
  }
}

function sessionMessageOf(message: string): SessionMessage | null {
  if (message === 'invalid-token' || message === 'cannot verify identity') return 'invalid-token';
  if (message === 'gone') return 'gone';
  return null;
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
  // A gateway's 502, 503 or 504 without a message: the server was not reached.
  const unreached = GATEWAY_FAILURES.has(response.status) && !v.is(ErrorBody, data);
  reached(!unreached);
  if (unreached) return failure(NETWORK_ERROR);
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

