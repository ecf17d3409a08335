/**
 * The wallet's news over the member's socket (docs/decisions/0141-wallet-news.md):
 * after a transaction that moved a member's money commits, the server
 * tells that member's open sessions the new balances of the accounts it
 * touched and what happened, for the home, the modals and a toast. The SPA
 * and the server share this shape; the socket is the chat's (CHAT_SOCKET_PATH).
 */
import * as v from 'valibot';
import { IsoDateTime } from './common.ts';

/** Server → a member's sockets: one WalletChanged. */
export const SOCKET_WALLET_CHANGED = 'wallet.changed';

/**
 * What happened, as the member sees it: a deposit credited (QR, slip,
 * operator), a withdrawal held, paid or returned (rejected), a transfer
 * between the wallet and a game, a game's bet, win or rollback, a payout
 * (bonus, its end, refund, invite, coupon) or an operator's adjustment.
 */
export const WALLET_CHANGE_KINDS = [
  'deposit',
  'withdrawalHeld',
  'withdrawalPaid',
  'withdrawalReturned',
  'transfer',
  'bet',
  'win',
  'rollback',
  'bonus',
  'bonusEnded',
  'refund',
  'invite',
  'coupon',
  'adjustment',
] as const;
export type WalletChangeKind = (typeof WALLET_CHANGE_KINDS)[number];

export const WalletChange = v.object({
  kind: v.picklist(WALLET_CHANGE_KINDS),
  /** Major units, > 0. */
  amount: v.number(),
  /** Into the member's accounts, or out of them; a transfer between two of theirs is 'in' when the wallet receives. */
  direction: v.picklist(['in', 'out']),
});
export type WalletChange = v.InferOutput<typeof WalletChange>;

export const WalletChanged = v.object({
  /** The member's one currency: the amounts below are in it. */
  currency: v.picklist(['BAHT', 'LAK']),
  /** The wallet's available balance now (major units), when the movement touched it. */
  wallet: v.nullable(v.object({ amount: v.number() })),
  /** The balance now of each game account the movement touched (major units). */
  slots: v.array(v.object({ code: v.string(), amount: v.number() })),
  /** What moved, in the order written; at least one. */
  changes: v.pipe(v.array(WalletChange), v.minLength(1)),
  /** When the transaction committed (as the server's clock read it just after). */
  at: IsoDateTime,
});
export type WalletChanged = v.InferOutput<typeof WalletChanged>;
