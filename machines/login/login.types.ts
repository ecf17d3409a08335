/** Login form (spec 2 Login, spec 5 Login). */
export interface LoginContext {
  username: string;
  password: string;
  remember: boolean;
  /** Catalogue code or raw server message shown in the inline error line. */
  error: string | null;
}

type LoginField = 'username' | 'password';

export type LoginEvent =
  /** Typing clears the error line (spec 2). */
  | { type: 'field.change'; field: LoginField; value: string }
  | { type: 'remember.set'; value: boolean }
  /** Ignored unless both fields are filled (spec 5). */
  | { type: 'login.submit' };

export interface LoginCredentials {
  username: string;
  password: string;
}

/**
 * Actor the view provides: submitLogin (LoginCredentials → Result<{ token }>).
 * Action the view provides: signedIn ({ token, remember }) — hands the token to
 * the session and navigates to /user.
 * Tags: 'editing', 'submitting', 'done'.
 */
export type LoginTag = 'editing' | 'submitting' | 'done';
