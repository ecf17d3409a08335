/**
 * The home's modal openings as events of the home machine, with what each
 * modal starts from, read off the wallet answer on screen.
 */
import type { WalletResponse } from '../../contract/api.ts';
import type { HomeEvent, TransferStart } from '../../../machines/home/home.types.ts';
import { transferAccounts, withdrawableBalance } from '../money/accounts.ts';

export function transferOpen(wallet: WalletResponse, start: TransferStart): HomeEvent {
  return { type: 'transfer.open', start, accounts: transferAccounts(wallet) };
}

export function withdrawOpen(wallet: WalletResponse): HomeEvent {
  return { type: 'withdraw.open', balance: withdrawableBalance(wallet) };
}

/** The game's account modal; undefined for a code the wallet does not list. */
export function gameOpen(wallet: WalletResponse, gameCode: string): HomeEvent | undefined {
  const card = wallet.slots.find((slot) => slot.code === gameCode);
  return card && { type: 'game.open', card, accounts: transferAccounts(wallet) };
}
