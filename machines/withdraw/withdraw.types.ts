/** Withdraw modal (spec 2 Transfer and withdraw modals, spec 5 Withdraw, spec 7 POST /api/wallet/withdrawAll). */
import type { Output, WithdrawLimitsResponse } from '../../src/contract/api.ts';
import type { MoneyActionContext, MoneyActionEvent, MoneyActionTag, MoneyMoved } from '../shared/money-action.ts';

export type { MoneyMoved };

/** spec 3: the server's limits (GET /api/lookup/withdraw). */
export type WithdrawLimits = Output<typeof WithdrawLimitsResponse>;

export interface WithdrawInput {
  /**
   * What can be withdrawn when the modal opened: the available wallet balance
   * plus the game balances, since withdrawAll first brings the games' money
   * back to the wallet (docs/decisions/0048-withdrawals-transferall-withdrawall.md).
   */
  balance: number;
  /** spec 5: a member holding a bonus must withdraw the full amount. */
  bonusHeld: boolean;
  /** Random per opening of the modal (the SPA passes crypto.randomUUID()); see idempotencyKey(). */
  keyPrefix: string;
}

export interface WithdrawContext extends MoneyActionContext {
  balance: number;
  bonusHeld: boolean;
  /** Null until the limits have loaded. */
  limits: WithdrawLimits | null;
  /** As typed; parseAmount() reads it. Starts at the full balance when a bonus is held. */
  amount: string;
  /**
   * On the form: a client code ('AMOUNT_INVALID', 'FULL_AMOUNT_REQUIRED' (the view
   * names the balance), 'AMOUNT_ABOVE_BALANCE', 'AMOUNT_BELOW_MINIMUM' and
   * 'AMOUNT_ABOVE_MAXIMUM' (the view names the limit)) or the server's refusal
   * (a catalogue code). In limitsFailed: why the limits did not load. In
   * outcomeUnknown: NETWORK_ERROR or INTERNAL_SERVER_ERROR.
   */
  error: string | null;
}

export type WithdrawEvent =
  | { type: 'amount.change'; value: string }
  /** The limits did not load: ask again. */
  | { type: 'limits.retry' }
  /** Check the amount and show the review. */
  | { type: 'withdraw.submit' }
  /** withdraw.confirm, withdraw.edit, withdraw.retry and modal.close (see money-action.ts). */
  | MoneyActionEvent<'withdraw'>;

/**
 * Actors the view provides: loadLimits (() → Result<WithdrawLimits>),
 *   postWithdrawal ({ amount, idempotencyKey } → Result<MoneyMoved>; POST /api/wallet/withdrawAll).
 * Action the view provides: closeModal ({ saved }).
 * Tags: 'loading' (limits), 'limitsFailed', 'editing', 'confirming' (also while
 *   sending), 'busy' (a call in flight; for sending the modal does not close),
 *   'succeeded', 'outcomeUnknown', 'closed'.
 */
export type WithdrawTag = 'loading' | 'limitsFailed' | MoneyActionTag;
