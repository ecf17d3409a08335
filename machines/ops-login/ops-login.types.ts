/**
 * The operators' login form (README "Operators"): phone, password and the
 * code of their authenticator app (TOTP, 6 digits). The members' form rules
 * (machines/login) hold here too; there is no "remember me", and the code
 * may be left empty, as the demo's bootstrap admin logs in without one.
 */
export interface OpsLoginContext {
  username: string;
  password: string;
  /** Digits only, as typed. */
  otpCode: string;
  /** Catalogue code or raw server message shown in the inline error line. */
  error: string | null;
}

type OpsLoginField = 'username' | 'password' | 'otpCode';

export type OpsLoginEvent =
  /** Typing clears the error line; the code keeps its digits only. */
  | { type: 'field.change'; field: OpsLoginField; value: string }
  /** Ignored unless the phone and password are filled. */
  | { type: 'login.submit' };

/** What POST /api/login is sent: the code left out when empty. */
export interface OpsCredentials {
  username: string;
  password: string;
  otpCode: string;
}

/**
 * Actor the view provides: submitLogin (OpsCredentials → Result<{ token }>;
 * ops-login.actors.ts). Action the view provides: signedIn
 * ({ token }) — hands the token to the operator's session and opens the inbox.
 * Tags: 'editing', 'submitting', 'done'.
 */
export type OpsLoginTag = 'editing' | 'submitting' | 'done';
