/** The deposit modal (spec 2 Deposit modal): its lookup, its QR payments, its mobile-wallet link and its slip upload. */
import type { DepositLookupResponse } from '../../src/contract/deposit.ts';
import type { RetryContext } from '../shared/read-retry.ts';
import type { Result } from '../shared/result.ts';
import type { WalletChanged } from '../../src/contract/wallet-news.ts';

export interface DepositInput {
  /** Random per opening of the modal (the home gives it); the link's keys start with it. */
  keyPrefix: string;
}

/** How the member deposits: the modal's three ways (spec 2). */
export type DepositWay = 'bank' | 'qr' | 'link';

export interface DepositContext extends DepositInput, RetryContext {
  way: DepositWay;
  /** GET /api/lookup/deposit: the receiving accounts, the QR minimums and time, the link's minimum; null until read. */
  lookup: DepositLookupResponse | null;
  /** The lookup answered or failed once: the QR payments start then. */
  lookupSettled: boolean;
  /** The wallet changed or may have changed and the home has not read it since: it reads it when the modal closes. */
  saved: boolean;
}

export type DepositEvent =
  | { type: 'deposit.way'; way: DepositWay }
  /** The member closes the modal: refused while a link is on its way (the link's machine does not end then). */
  | { type: 'deposit.close' }
  /** The connection is back (the shell's connectivity actor): a lookup waiting for it is read now. */
  | { type: 'read.online' }
  /** Nothing could be read: the member asks again. */
  | { type: 'lookup.retry' }
  /** The language changed: server texts are read again. */
  | { type: 'lookup.reload' }
  /** The QR payments saw a QR paid (their machine tells). */
  | { type: 'qr.paid'; amount: number }
  /** The link was redeemed (its machine tells). */
  | { type: 'link.redeemed'; amount: number }
  /** A slip was credited as it was sent: the bank confirmed the transfer (the slip upload's machine tells). */
  | { type: 'slip.credited'; amount: number }
  /** The server told the member's socket that their money moved (the home passes it on; docs/decisions/0141-wallet-news.md): the QR payments look again. */
  | { type: 'wallet.changed'; news: WalletChanged };

export interface DepositOutput {
  /** The wallet may have changed since the home last read it (a link whose answer never came). */
  saved: boolean;
}

export type DepositLookupAnswer = Result<DepositLookupResponse>;

/** Emitted for the view: a QR was paid, the member hears of it. */
export interface DepositPaid {
  type: 'paid';
  amount: number;
}

/**
 * Actors: lookup (GET /api/lookup/deposit → DepositLookupAnswer), qr (the QR
 * payments, machines/deposit-qr), trueLink (machines/truelink) and slipUpload
 * (machines/slip-upload); their I/O over the API client in deposit.actors.ts.
 * Action its parent provides: credited — money arrived (the home reads the wallet).
 * Tags: 'lookup:loading', 'lookup:failed', 'offline' (with 'lookup:loading':
 * the lookup got no answer and is read again by itself, machines/shared/read-retry.ts).
 */
export type DepositTag = 'lookup:loading' | 'lookup:failed' | 'offline';
