/** The member home's modals (spec 2 Member home): one at a time. */

/** How the transfer modal opens: from and to are WALLET or a game code; all = transfer everything to `to`. */
export interface TransferStart {
  from?: string;
  to?: string;
  all?: boolean;
}

export interface HomeContext {
  /** The game whose account modal is open (state gameAccount). */
  gameCode: string | null;
  /** How the transfer modal starts (state transferring). */
  transfer: TransferStart | null;
}

export type HomeEvent =
  | { type: 'deposit.open' }
  /** The deposit modal saw money arrive (a QR paid, a mobile-wallet link redeemed): read the wallet now. */
  | { type: 'deposit.credited' }
  | { type: 'withdraw.open' }
  | { type: 'transfer.open'; start: TransferStart }
  /** A game card was chosen: its account modal (an inactive one offers activation). */
  | { type: 'game.open'; gameCode: string }
  /** The game account modal's transfer button: move that game's balance (it is disabled at 0 or less). */
  | { type: 'game.transfer'; gameCode: string }
  | { type: 'invite.open' }
  | { type: 'refund.open' }
  /** The open modal closed; saved = it moved money or changed an account. */
  | { type: 'modal.close'; saved: boolean };

/**
 * Action the view provides: reloadWallet — the wallet machine reads the
 * wallet again (spec 2: transfer, withdraw and game changes refresh it; so do
 * credits in the deposit modal).
 * Tags: 'modal:deposit', 'modal:withdraw', 'modal:transfer', 'modal:game',
 * 'modal:invite', 'modal:refund'; none while no modal is open.
 */
export type HomeTag = 'modal:deposit' | 'modal:withdraw' | 'modal:transfer' | 'modal:game' | 'modal:invite' | 'modal:refund';
