/** Transfer modal (spec 2 Transfer and withdraw modals, spec 5 Transfer, spec 7). */
import type { MoneyFlowContext, MoneyMoved } from '../money-action/money-action.types.ts';

export type { MoneyMoved };

/** An amount between two accounts, or the whole wallet into one game (POST /api/wallet/transferAll). */
export type TransferMode = 'amount' | 'all';

export interface TransferInput {
  /** Account codes money may move between: WALLET and the member's active game accounts. */
  accounts: string[];
  /** spec 5 and 9: the smallest amount (1 by default). */
  minimum: number;
  /** Preset by the home, e.g. the game account modal's transfer-only button. Codes not in `accounts` are ignored. */
  initial?: { from?: string; to?: string; all?: boolean };
  /** Random per opening of the modal (the SPA passes crypto.randomUUID()); see idempotencyKey(). */
  keyPrefix: string;
}

/** What the view sends to the server: POST /api/wallet/transfer or /api/wallet/transferAll. */
export type TransferOrder =
  | { kind: 'amount'; from: string; to: string; amount: number }
  | { kind: 'all'; to: string };

export interface TransferContext extends MoneyFlowContext {
  accounts: string[];
  minimum: number;
  mode: TransferMode;
  /** Account codes; '' until chosen. In mode 'all' `from` is always WALLET. */
  from: string;
  to: string;
  /** As typed; parseAmount() reads it. Unused in mode 'all'. */
  amount: string;
  /**
   * Shown inline on the form: a client code ('ACCOUNT_INCORRECT': an account not
   * chosen, or game to game; 'SAME_ACCOUNT'; 'AMOUNT_INVALID'), the shared
   * rule's TRANSFER_MINIMUM (the view names `minimum`), or the server's
   * refusal (a catalogue code: MONEY_NOT_ENOUGH, TRANSFER_FAIL, ...).
   * In state outcomeUnknown: NETWORK_ERROR or INTERNAL_SERVER_ERROR.
   */
  error: string | null;
}

type TransferField = 'from' | 'to' | 'amount';

export type TransferEvent =
  | { type: 'field.change'; field: TransferField; value: string }
  | { type: 'mode.change'; mode: TransferMode }
  /** Check the form and show the review. */
  | { type: 'transfer.submit' }
  /** The member confirms the review: a new money action with a new idempotency key. */
  | { type: 'transfer.confirm' }
  /** Back from the review to the form. */
  | { type: 'transfer.edit' }
  /** Send the same action again, with the same key, after no answer came. */
  | { type: 'transfer.retry' }
  | { type: 'modal.close' }
  /** The connection is back (the shell's connectivity actor): an unknown outcome is asked again. */
  | { type: 'connectivity.online' };

/**
 * Actor: moneyAction, the money action (machines/money-action) with the view's
 *   send ({ request: order, idempotencyKey } → Result<MoneyMoved>).
 * Output (the home reads it): { saved }.
 * Tags: 'editing' (the form), 'confirming' (the review; also while sending),
 *   'busy' (sending: buttons disabled, the modal does not close), 'succeeded',
 *   'outcomeUnknown' (no answer: retry or close), 'closed'.
 */
export type TransferTag = 'editing' | 'confirming' | 'busy' | 'succeeded' | 'outcomeUnknown' | 'closed';
