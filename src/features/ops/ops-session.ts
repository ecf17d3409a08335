/**
 * The operator's session on /ops: the token (ops-token.ts), who wants to
 * know when it starts or ends (the ops shell), the API client that carries
 * it, and who the operator is (GET /api/ops/me: the login answers a token
 * only). Apart from the member's session actor (src/app/session.ts), which
 * knows nothing of it: an expired operator token sends the operator to
 * /ops/login, never a member to /login.
 */
import { useSyncExternalStore } from 'react';
import { createApiClient, type ApiClient } from '../../api/client.ts';
import type { OperatorMe } from '../../contract/ops.ts';
import { clearOpsToken, readOpsToken, storeOpsToken } from './ops-token.ts';

/** Why the last session ended on its own (shown on the login page); null after a logout or a new login. */
export type OpsSessionEnd = 'invalid-token' | 'gone' | 'idle' | null;

const listeners = new Set<() => void>();
let token = readOpsToken();
let ended: OpsSessionEnd = null;
const tell = () => listeners.forEach((listener) => listener());

export const opsSession = {
  token: () => token,
  endedBecause: () => ended,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  signIn(newToken: string): void {
    storeOpsToken(newToken);
    token = newToken;
    ended = null;
    tell();
  },
  /** The server said the token is no good, or the operator logged out (reason null). */
  end(reason: OpsSessionEnd): void {
    clearOpsToken();
    token = null;
    ended = reason;
    tell();
  },
};

/** The API client of operator pages: the operator's token; its special messages end the operator's session. */
export const opsApi: ApiClient = createApiClient({
  getToken: () => token,
  onSessionMessage: (message) => {
    if (token !== null) opsSession.end(message);
  },
});

let asked: { token: string; operator: Promise<OperatorMe | null> } | null = null;

/**
 * Who holds the session's `token`, asked once per token (the same promise
 * each time, for React's `use`). Null when no answer came (offline, or the
 * token died and the session ended with it): the pages then do not know.
 */
export function operatorOf(token: string): Promise<OperatorMe | null> {
  if (asked?.token !== token) {
    // The session's own token (no `token` option), so a dead one ends the session like any call's.
    const operator = opsApi.call('opsMe').then(
      (answer) => (answer.ok ? answer.data : null),
      () => null,
    );
    asked = { token, operator };
  }
  return asked.operator;
}

/** Asks again at the next render (after no answer came: offline). */
export function forgetOperator(): void {
  asked = null;
}

/**
 * Whether the inbox shows canned reply editing: only an admin's (the
 * server refuses anyone else with 403). Null, not known, leaves the inbox
 * to learn it from a refusal.
 */
export function mayEditCanned(operator: OperatorMe | null): boolean | null {
  return operator === null ? null : operator.role === 'admin';
}

/**
 * Logs out on the server (the token stops working at once) and here,
 * whatever the server answers; `reason` is shown on the login ('idle': the
 * console's idle timeout).
 */
export async function logOutOperator(reason: OpsSessionEnd = null): Promise<void> {
  const current = token;
  opsSession.end(reason);
  if (current) await opsApi.call('logout', { token: current }).catch(() => undefined);
}

/** The operator's token, re-rendering when it changes. */
export function useOpsToken(): string | null {
  return useSyncExternalStore(opsSession.subscribe, opsSession.token);
}

export function useOpsSessionEnd(): OpsSessionEnd {
  return useSyncExternalStore(opsSession.subscribe, opsSession.endedBecause);
}
