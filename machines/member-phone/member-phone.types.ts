/**
 * An admin changes the phone a member logs in with (spec 6: "an admin who
 * changes phone numbers"), with a reason the audit keeps; a confirmation
 * says the member's sessions end and they log in with the new number
 * (docs/decisions/0128-members-and-service-in-the-console.md).
 */
import type { Variant } from '../../src/contract/rules/members.ts';

export interface MemberPhoneInput {
  variant: Variant;
  /** The member's phone now. */
  current: string;
}

export interface MemberPhoneContext {
  variant: Variant;
  current: string;
  phone: string;
  reason: string;
  /** Catalogue code shown under the form: the phone's shape, or the server's refusal. */
  failure: string | null;
}

export type MemberPhoneField = 'phone' | 'reason';

export type MemberPhoneEvent =
  | { type: 'phone.open' }
  /** Typing clears the error line. */
  | { type: 'field.change'; field: MemberPhoneField; value: string }
  /** Ignored while the phone or the reason is empty; a phone of the wrong shape, or the member's own, is refused here. */
  | { type: 'phone.submit' }
  | { type: 'phone.confirm' }
  /** From the confirmation back to the form, as typed. */
  | { type: 'phone.back' }
  | { type: 'phone.cancel' };

/**
 * Actor the view provides: changePhone ({ phone, reason } → Result<unknown>;
 * member-phone.actors.ts). Action the view provides: phoneChanged
 * ({ phone }) — opens the member's page at the new number.
 * Tags: 'closed', 'editing', 'confirming', 'saving'.
 */
export type MemberPhoneTag = 'closed' | 'editing' | 'confirming' | 'saving';
