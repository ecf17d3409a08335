/**
 * Session: who is signed in, where the token lives, and what the server's
 * special messages do (spec 2 route guard, spec 8 special messages).
 */
export interface SessionInput {
  /** Token found in localStorage or sessionStorage at start, if any. */
  token: string | null;
  /** true when the stored token came from localStorage (remember-me). */
  remember: boolean;
}

export interface SessionContext {
  token: string | null;
  remember: boolean;
}

export type SessionEvent =
  /** Login succeeded: store the token (persistently when remember is true). */
  | { type: 'session.signIn'; token: string; remember: boolean }
  /** The member pressed logout: revoke on the server, clear, go to /login. */
  | { type: 'session.signOut' }
  /** spec 2: every start of the public area clears stored login data if a token exists. */
  | { type: 'session.publicStart' }
  /** The API answered 'invalid-token' or 'cannot verify identity'. */
  | { type: 'api.invalidToken' }
  /** The API answered 'gone'. */
  | { type: 'api.gone' }
  /** spec 2: on /login ask the server whether the service is active. */
  | { type: 'service.check' };

/** Answer of GET /api/lookup/active as the machine needs it. */
export interface ServiceStatus {
  gone: boolean;
}

/**
 * Tags the views read: 'signedIn', 'signedOut', 'terminated', 'busy'.
 *   'busy' while signing out or checking the service; during a check the
 *   signedIn / signedOut / terminated tag stays on.
 * Actions the view layer provides: storeToken, clearStoredToken, goToLogin,
 * goToTerminated, clearTerminatedStyle. storeToken runs after the context holds
 * the new token and also gets it as params ({ token, remember }).
 * session.publicStart signs out at once: the token is cleared and revoked in the
 * background, so a service.check sent right after it is not lost.
 * Actors the view layer provides: checkService (→ ServiceStatus),
 * revokeToken ({ token } → void; failures ignored).
 */
export type SessionTag = 'signedIn' | 'signedOut' | 'terminated' | 'busy';
