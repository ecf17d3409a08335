/** Change-password modal (spec 2 Profile, spec 5 Change password). */
export interface ChangePasswordContext {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
  /**
   * Inline (state editing): 'password-not-equal', or 'PASSWORD_TOO_SHORT' (client
   * side: new password shorter than PASSWORD_MIN_LENGTH; the server would answer
   * KEY_INVALID). In the alert dialog (state failed): a catalogue code or
   * NETWORK_ERROR. Dismissing a failure returns to the form with the old password
   * cleared and the new pair kept.
   */
  error: string | null;
}

type ChangePasswordField = 'oldPassword' | 'newPassword' | 'confirmPassword';

export type ChangePasswordEvent =
  | { type: 'field.change'; field: ChangePasswordField; value: string }
  /** Silent unless all three are filled (spec 5). */
  | { type: 'password.submit' }
  | { type: 'password.cancel' }
  /** The member closed the result dialog. */
  | { type: 'result.dismiss' };

/**
 * Actor the view provides: changePassword ({ oldPassword, newPassword } → Result<unknown>).
 * Actions the view provides: closeModal.
 * Tags: 'editing', 'submitting', 'succeeded', 'failed' (alert dialog showing error), 'closed'.
 */
export type ChangePasswordTag = 'editing' | 'submitting' | 'succeeded' | 'failed' | 'closed';
