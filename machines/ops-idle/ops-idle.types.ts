/**
 * The console's idle timeout (docs/decisions/0125-operator-console.md): an
 * operator who leaves the desk is logged out after 30 minutes without
 * activity, warned two minutes before.
 */
export type OpsIdleEvent =
  /** A key, a click or a touch in the console (the view sends at most one a few seconds apart). */
  | { type: 'activity' }
  /** "Stay logged in" on the warning. */
  | { type: 'stay' };

/**
 * Action the view provides: timedOut — ends the operator's session (the
 * server forgets the token) and shows the login with the reason.
 * Tags: 'active', 'warning', 'timedOut'.
 */
export type OpsIdleTag = 'active' | 'warning' | 'timedOut';
