/**
 * An admin disables an operator or resets their sign-in
 * (docs/decisions/0124-operators-in-the-console.md), confirmed first. A
 * reset answers a new enrolment, shown once like an add's and forgotten
 * when the dialog closes; disabling ends the operator's sessions at once.
 */
import type { Enrolled } from '../operator-add/operator-add.types.ts';

export type OperatorChangeKind = 'disable' | 'reset';

export interface OperatorChangeInput {
  phone: string;
  name: string;
  change: OperatorChangeKind;
}

export interface OperatorChangeContext extends OperatorChangeInput {
  /** Catalogue code of the last refusal (OPERATOR_SELF, OPERATOR_BOOTSTRAP, …), or NETWORK_ERROR. */
  error: string | null;
  /** A reset's new enrolment, held only while it is shown. */
  enrolled: Enrolled | null;
}

export type OperatorChangeEvent =
  /** The admin confirms what the dialog says (again after a refusal). */
  | { type: 'change.confirm' }
  /** The new sign-in details have been handed over: forgotten. */
  | { type: 'enrolment.done' };

/** What the server answers: the operator, and for a reset their new enrolment. */
export type OperatorChanged = { operator: Enrolled['operator'] } & Partial<Pick<Enrolled, 'enrolment'>>;

/**
 * Actor the view provides: sendChange ({ phone, change } → Result<OperatorChanged>;
 * operator-change.actors.ts). Action the view provides: changed (the list reads again).
 * Tags: 'confirming', 'busy', 'enrolled', 'done'.
 */
export type OperatorChangeTag = 'confirming' | 'busy' | 'enrolled' | 'done';
