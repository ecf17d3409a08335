/**
 * Paying or rejecting one withdrawal of the payout queue
 * (docs/decisions/0127-payouts-console.md): the operator opens it, types the
 * bank's reference of the transfer they made, confirms what will happen, and
 * the server pays it, asks a second operator (202 APPROVAL_REQUIRED,
 * docs/decisions/0121-dual-control.md) or refuses.
 */
import type { Currency } from '../../src/contract/rules/members.ts';

/** What the confirmation names: how much, to whom, where. */
export interface PayoutWithdrawal {
  id: string;
  /** Major units. */
  amount: number;
  currency: Currency;
  username: string;
  accountName: string;
  bankCode: string;
  accountNo: string;
}

export interface PayoutContext {
  /** The withdrawal open; null while none is. */
  withdrawal: PayoutWithdrawal | null;
  /** The bank's reference as typed. */
  reference: string;
  /** The last refusal's code (or NETWORK_ERROR), shown beside the actions. */
  error: string | null;
  /** The request a payout above the limits became. */
  approvalId: string | null;
}

export type PayoutEvent =
  /** Opens a withdrawal (another one while deciding is ignored). */
  | { type: 'withdrawal.open'; withdrawal: PayoutWithdrawal }
  | { type: 'withdrawal.close' }
  | { type: 'reference.change'; value: string }
  /** Asks to confirm the payout: only with a reference. */
  | { type: 'payout.pay' }
  /** Asks to confirm the rejection (the money goes back to the member). */
  | { type: 'payout.reject' }
  | { type: 'payout.confirm' }
  | { type: 'payout.cancel' };

/** What paying answers: the withdrawal paid, or the request it became. */
export type PayAnswer = { withdrawal: unknown } | { message: 'APPROVAL_REQUIRED'; approvalId: string };

export interface PayInput {
  id: string;
  reference: string;
}

/**
 * Actors the view provides: pay (PayInput → Result<PayAnswer>), reject
 * ({ id } → Result<unknown>). Action the view provides: decided
 * ({ outcome }) — reads the queue again.
 * Tags: 'closed', 'open', 'confirming', 'confirm:pay', 'confirm:reject', 'busy', 'decided'.
 */
export type PayoutTag = 'closed' | 'open' | 'confirming' | 'confirm:pay' | 'confirm:reject' | 'busy' | 'decided';

export type PayoutOutcome = 'paid' | 'rejected' | 'waiting';
