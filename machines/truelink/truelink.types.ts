/** The mobile-wallet (TrueMoney gift) link of the deposit modal (spec 2, spec 5, spec 7 POST /api/wallet/truelink). */
import type { MoneyMoved } from '../shared/money-action.ts';

export type { MoneyMoved };

export interface TrueLinkInput {
  /** Random per opening of the deposit modal (the SPA passes newKeyPrefix()); see idempotencyKey(). */
  keyPrefix: string;
}

export interface TrueLinkContext {
  /** The link as pasted. */
  link: string;
  keyPrefix: string;
  /** Sends the member started in this opening of the modal: send n uses key n. */
  actions: number;
  /** The key of the send on its way, or kept for a retry after no answer; null while editing. */
  idempotencyKey: string | null;
  /** The server's refusal (TRUELINK_INVALID, TRUELINK_DUPLICATE, ...), or NETWORK_ERROR / INTERNAL_SERVER_ERROR in outcomeUnknown. */
  error: string | null;
  /** What was credited. */
  result: MoneyMoved | null;
}

export type TrueLinkEvent =
  | { type: 'link.change'; value: string }
  /** spec 2: disabled (and ignored) while the link is empty. */
  | { type: 'link.send' }
  /** After no answer: the same send again with the same key. */
  | { type: 'link.retry' }
  /** After a credit: an empty field for another link. */
  | { type: 'link.another' };

/**
 * Actor the view provides: sendLink ({ link, idempotencyKey } → Result<MoneyMoved>);
 * it encrypts the link (crypto-js AES, the contract's shared secret) before sending.
 * Action the view provides: linkRedeemed ({ amount }) — the wallet is read again.
 * Tags: 'editing', 'busy' (sending: the button is disabled), 'sent', 'outcomeUnknown'.
 */
export type TrueLinkTag = 'editing' | 'busy' | 'sent' | 'outcomeUnknown';
