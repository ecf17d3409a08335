/** The mobile-wallet (TrueMoney gift) link of the deposit modal (spec 2, spec 5, spec 7 POST /api/wallet/truelink). */
import type { MoneyFlowContext, MoneyMoved } from '../money-action/money-action.types.ts';

export type { MoneyMoved };

export interface TrueLinkInput {
  /** Random per opening of the deposit modal (the SPA passes newKeyPrefix()); see idempotencyKey(). */
  keyPrefix: string;
}

export interface TrueLinkContext extends MoneyFlowContext {
  /** The link as pasted. */
  link: string;
}

export type TrueLinkEvent =
  | { type: 'link.change'; value: string }
  /** spec 2: disabled (and ignored) while the link is empty. */
  | { type: 'link.send' }
  /** After no answer: the same send again with the same key. */
  | { type: 'link.retry' }
  /** After a credit: an empty field for another link. */
  | { type: 'link.another' }
  /** The deposit modal closes: ignored while a link is on its way. */
  | { type: 'link.close' }
  /** The connection is back (the shell's connectivity actor): an unknown outcome is asked again. */
  | { type: 'connectivity.online' };

export interface TrueLinkOutput {
  /** A link moved money or may have (its answer never came). */
  saved: boolean;
}

/**
 * Actor: moneyAction, the money action (machines/money-action) with the view's
 * send ({ request: { link }, idempotencyKey } → Result<MoneyMoved>), which
 * encrypts the link (crypto-js AES, the contract's shared secret) before sending.
 * Action its parent provides: linkRedeemed({ amount }) — the wallet is read again.
 * Tags: 'editing', 'busy' (sending: the button is disabled), 'sent', 'outcomeUnknown'.
 */
export type TrueLinkTag = 'editing' | 'busy' | 'sent' | 'outcomeUnknown';
