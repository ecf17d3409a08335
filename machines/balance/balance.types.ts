/** The member home's balances: the wallet answer (spec 2 Member home, spec 7 GET /api/wallet and /api/wallet/refresh/slot). */
import type { WalletResponse } from '../../src/contract/api.ts';
import type { WalletChanged } from '../../src/contract/wallet-news.ts';
import type { RetryContext } from '../shared/read-retry.ts';

export interface BalanceInput {
  /** spec 3 local storage `last_sync`: when this device last read the wallet (the answer's updatedAt), or null. */
  lastSync: string | null;
  /** When the home opened, epoch ms on the device's clock: what the last read's age is measured at. */
  openedAt: number;
}

export interface BalanceContext extends RetryContext {
  /**
   * The last wallet the server answered: profile, wallet balance, game
   * accounts and `updatedAt` (the home's last-update time). Null until the
   * first answer; a failed read keeps what is shown (spec 7: only logged).
   */
  wallet: WalletResponse | null;
  /**
   * When the figures were last read: `last_sync` from the input, then each
   * answer's updatedAt. Before this visit's first answer (a slow network, a
   * failed read) the home says this time instead of nothing.
   */
  lastSync: string | null;
  /** From the input: when the home opened (epoch ms). */
  openedAt: number;
}

export type BalanceEvent =
  /**
   * Read the wallet again: the 'check balance' action, a transfer, withdraw or
   * game-account modal that closed with saved=true, a language switch.
   */
  | { type: 'balance.reload' }
  /** Refresh-all (the widget shown while the spin wheel is inactive): the server re-reads every game balance. */
  | { type: 'balance.refreshAll' }
  /** The server told the member's socket that their money moved (docs/decisions/0141-wallet-news.md): the balances it names show at once. */
  | { type: 'balance.news'; news: WalletChanged }
  /** The connection is back (the shell's connectivity actor): a read waiting for it starts now. */
  | { type: 'read.online' };

/**
 * Actors the view provides: loadWallet (GET /api/wallet) and refreshAll
 * (GET /api/wallet/refresh/slot), both () → Result<WalletResponse>.
 * Actions the view provides: logFailure ({ message }) — spec 7: a failed
 * wallet load is only logged; rememberSync — store the context's lastSync
 * as `last_sync` (after every answer).
 * Tags: 'busy' (a read is in flight: actions that would read again are
 * disabled), 'skeleton' (the first read is slower than the loader delay),
 * 'refreshingAll', 'offline' (no answer came: the wallet is read again by
 * itself, machines/shared/read-retry.ts).
 */
export type BalanceTag = 'busy' | 'skeleton' | 'refreshingAll' | 'offline';
