/**
 * The operator's session on /ops: the token (ops-token.ts), who wants to
 * know when it starts or ends (the ops shell), and the API client that
 * carries it. Apart from the member's session actor (src/app/session.ts),
 * which knows nothing of it: an expired operator token sends the operator
 * to /ops/login, never a member to /login.
 */
import { useSyncExternalStore } from 'react';
import { createApiClient, type ApiClient } from '../../api/client.ts';
import { clearOpsToken, readOpsToken, storeOpsToken } from './ops-token.ts';

/** Why the last session ended on its own (shown on the login page); null after a logout or a new login. */
export type OpsSessionEnd = 'invalid-token' | 'gone' | null;

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

/** Logs out on the server (the token stops working at once) and here, whatever the server answers. */
export async function logOutOperator(): Promise<void> {
  const current = token;
  opsSession.end(null);
  if (current) await opsApi.call('logout', { token: current }).catch(() => undefined);
}

/** The operator's token, re-rendering when it changes. */
export function useOpsToken(): string | null {
  return useSyncExternalStore(opsSession.subscribe, opsSession.token);
}

export function useOpsSessionEnd(): OpsSessionEnd {
  return useSyncExternalStore(opsSession.subscribe, opsSession.endedBecause);
}
