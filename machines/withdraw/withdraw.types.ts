/** Withdraw modal (spec 2 Transfer and withdraw modals, spec 5 Withdraw, spec 7 POST /api/wallet/withdrawAll). */
import type { WithdrawLimitsResponse } from '../../src/contract/api.ts';
import type { Output } from '../../src/contract/common.ts';
import type { BonusActiveResponse } from '../../src/contract/bonus.ts';
import type { MoneyFlowContext, MoneyMoved } from '../money-action/money-action.types.ts';
import type { RetryContext } from '../shared/read-retry.ts';

export type { MoneyMoved };

/** spec 3: the server's limits (GET /api/lookup/withdraw). */
export type WithdrawLimits = Output<typeof WithdrawLimitsResponse>;
/** spec 3 bonus-active (GET /api/bonus/check/active). */
export type BonusActive = Output<typeof BonusActiveResponse>;

export interface WithdrawInput {
  /**
   * What can be withdrawn when the modal opened: the available wallet balance
   * plus the game balances, since withdrawAll first brings the games' money
   * back to the wallet (docs/decisions/0048-withdrawals-transferall-withdrawall.md).
   */
  balance: number;
  /** Random per opening of the modal (the SPA passes crypto.randomUUID()); see idempotencyKey(). */
  keyPrefix: string;
}

export interface WithdrawContext extends MoneyFlowContext, RetryContext {
  balance: number;
  /** spec 5: a member holding a bonus must withdraw the full amount (GET /api/bonus/check/active says). */
  bonusHeld: boolean;
  /** Null until the limits have loaded. */
  limits: WithdrawLimits | null;
  /** As typed; parseAmount() reads it. Starts at the full balance when a bonus is held. */
  amount: string;
  /**
   * On the form: 'AMOUNT_INVALID', a shared rule's code (src/contract/rules/money.ts:
   * BONUS_REMAINING and MONEY_NOT_ENOUGH (the view names the balance),
   * WITHDRAW_MINIMUM and WITHDRAW_MAXIMUM (the view names the limit)) or the
   * server's refusal (a catalogue code). In limitsFailed: why the limits did not load (a refusal; no answer waits). In
   * outcomeUnknown: NETWORK_ERROR or INTERNAL_SERVER_ERROR.
   */
  error: string | null;
}

export type WithdrawEvent =
  | { type: 'amount.change'; value: string }
  /** The limits did not load: ask again. */
  | { type: 'limits.retry' }
  /**
   * The connection is back (the shell's connectivity actor): the limits (or
   * the bonus) waiting for it are read now, an unknown outcome is asked again.
   */
  | { type: 'read.online' }
  /** Check the amount and show the review. */
  | { type: 'withdraw.submit' }
  /** The member confirms the review: a new money action with a new idempotency key. */
  | { type: 'withdraw.confirm' }
  /** Back from the review to the form. */
  | { type: 'withdraw.edit' }
  /** Send the same action again, with the same key, after no answer came. */
  | { type: 'withdraw.retry' }
  | { type: 'modal.close' };

/**
 * Actors the view provides: loadLimits (() → Result<WithdrawLimits>), loadBonus
 *   (() → Result<BonusActive>), and
 *   moneyAction, the money action (machines/money-action) with the view's send
 *   ({ request: { amount }, idempotencyKey } → Result<MoneyMoved>; POST /api/wallet/withdrawAll).
 * Output (the home reads it): { saved }.
 * Tags: 'loading' (limits), 'offline' (with 'loading': no answer came, the
 *   read starts again by itself, machines/shared/read-retry.ts), 'limitsFailed', 'editing', 'confirming' (also while
 *   sending), 'busy' (a call in flight; for sending the modal does not close),
 *   'succeeded', 'outcomeUnknown', 'closed'.
 */
export type WithdrawTag = 'loading' | 'offline' | 'limitsFailed' | 'editing' | 'confirming' | 'busy' | 'succeeded' | 'outcomeUnknown' | 'closed';
