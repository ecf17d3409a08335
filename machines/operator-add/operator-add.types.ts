/**
 * An admin adds an operator in the console
 * (docs/decisions/0124-operators-in-the-console.md): phone, role and name,
 * confirmed once; the answer's enrolment (password and the second factor's
 * otpauth:// address) is shown once and forgotten when the dialog closes.
 */
import type { OperatorRole } from '../../src/contract/api.ts';

/** What POST /api/ops/operators answers: the operator and what they sign in with, once. */
export interface Enrolled {
  operator: { phone: string; name: string; role: OperatorRole };
  enrolment: { password: string | null; totpUri: string };
}

export interface OperatorAddContext {
  phone: string;
  /** '' until the admin picks one. */
  role: OperatorRole | '';
  name: string;
  /** Catalogue code of the last refusal (OPERATOR_EXISTS, PHONE_NUMBER_REQUIRE_10_DIGIT, …), or NETWORK_ERROR. */
  error: string | null;
  /** Held only while it is shown (state `enrolled`); never stored elsewhere. */
  enrolled: Enrolled | null;
}

type OperatorAddField = 'phone' | 'role' | 'name';

export type OperatorAddEvent =
  /** Typing clears the error line; ignored once sent. */
  | { type: 'field.change'; field: OperatorAddField; value: string }
  /** Asks for confirmation; ignored until phone, role and name are filled. */
  | { type: 'add.submit' }
  /** The admin confirms what the confirmation says. */
  | { type: 'add.confirm' }
  /** Back from the confirmation to the form. */
  | { type: 'add.back' }
  /** The admin has copied the password and scanned the code: the enrolment is forgotten. */
  | { type: 'enrolment.done' };

/** What addOperator is sent (trimmed). */
export interface OperatorAddRequest {
  phone: string;
  role: OperatorRole;
  name: string;
}

/**
 * Actor the view provides: addOperator (OperatorAddRequest → Result<Enrolled>;
 * operator-add.actors.ts). Action the view provides: added (the list reads again).
 * Tags: 'editing', 'confirming', 'busy', 'enrolled'.
 */
export type OperatorAddTag = 'editing' | 'confirming' | 'busy' | 'enrolled';
