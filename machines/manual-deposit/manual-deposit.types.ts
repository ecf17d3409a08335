/**
 * An operator's manual deposit of a bank transfer (POST /api/ops/deposits;
 * docs/decisions/0126-deposits-console.md): the member's phone, the amount
 * and the bank's reference typed; the member looked up so the confirmation
 * names them ("Deposit ฿X to <member>"); credited once per reference, or
 * waiting for a second operator above the approval threshold.
 */
import type { Output } from '../../src/contract/common.ts';
import type { MemberRow } from '../../src/contract/ops.ts';

export type DepositMember = Output<typeof MemberRow>;

export type ManualDepositField = 'username' | 'amount' | 'reference';

export interface ManualDepositContext {
  username: string;
  /** As typed, major units. */
  amount: string;
  reference: string;
  /** The member the phone belongs to, once looked up. */
  member: DepositMember | null;
  error: string | null;
  /** The last deposit sent from this form, shown above it. */
  done: { member: DepositMember; amount: number; reference: string; outcome: 'deposited' | 'waiting' } | null;
}

export type ManualDepositEvent =
  | { type: 'field.change'; field: ManualDepositField; value: string }
  /** Ignored until the phone, an amount to credit and the reference are filled. */
  | { type: 'deposit.submit' }
  | { type: 'decision.confirm' }
  | { type: 'decision.cancel' };

export interface DepositSent {
  username: string;
  amount: number;
  reference: string;
}

/**
 * Actors the view provides (manual-deposit.actors.ts): findMember (phone →
 * Result of the member, null when no member has it) and sendDeposit.
 * Tags: 'editing', 'busy', 'confirming'.
 */
export type ManualDepositTag = 'editing' | 'busy' | 'confirming';
