/** The member home's balances: the wallet answer (spec 2 Member home, spec 7 GET /api/wallet and /api/wallet/refresh/slot). */
import type { WalletResponse } from '../../src/contract/api.ts';

export interface BalanceContext {
  /**
   * The last wallet the server answered: profile, wallet balance, game
   * accounts and `updatedAt` (the home's last-update time). Null until the
   * first answer; a failed read keeps what is shown (spec 7: only logged).
   */
  wallet: WalletResponse | null;
}

export type BalanceEvent =
  /**
   * Read the wallet again: the 'check balance' action, a transfer, withdraw or
   * game-account modal that closed with saved=true, a language switch.
   */
  | { type: 'balance.reload' }
  /** Refresh-all (the widget shown while the spin wheel is inactive): the server re-reads every game balance. */
  | { type: 'balance.refreshAll' };

/**
 * Actors the view provides: loadWallet (GET /api/wallet) and refreshAll
 * (GET /api/wallet/refresh/slot), both () → Result<WalletResponse>.
 * Action the view provides: logFailure ({ message }) — spec 7: a failed
 * wallet load is only logged.
 * Tags: 'busy' (a read is in flight: actions that would read again are
 * disabled), 'skeleton' (the first read is slower than the loader delay),
 * 'refreshingAll'.
 */
export type BalanceTag = 'busy' | 'skeleton' | 'refreshingAll';
