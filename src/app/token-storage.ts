/**
 * Where the login token lives (spec 2 Login): localStorage when the member
 * chose remember-me, sessionStorage otherwise. Storage can throw (private
 * mode, quota); the session then simply lasts as long as the page.
 */
import type { SessionInput } from '../../machines/session/session.types.ts';

const TOKEN_KEY = 'token';

export function readStoredToken(): SessionInput {
  try {
    const remembered = localStorage.getItem(TOKEN_KEY);
    if (remembered) return { token: remembered, remember: true };
    const session = sessionStorage.getItem(TOKEN_KEY);
    if (session) return { token: session, remember: false };
  } catch {
    // storage blocked: start signed out
  }
  return { token: null, remember: false };
}

export function storeToken(token: string, remember: boolean): void {
  clearStoredToken();
  try {
    (remember ? localStorage : sessionStorage).setItem(TOKEN_KEY, token);
  } catch {
    // storage blocked: the token stays in the session actor only
  }
}

/**
 * Clears the token and what goes with it: `last_sync` (spec 3), so the next
 * member on this device starts from a fresh read (a sign-in clears first too).
 */
export function clearStoredToken(): void {
  try {
    localStorage.removeItem(TOKEN_KEY);
    sessionStorage.removeItem(TOKEN_KEY);
    // Written out rather than imported from last-sync.ts: /login's first chunk has no bytes to spare (0118).
    localStorage.removeItem('last_sync');
  } catch {
    // nothing stored
  }
}
