/** The accounts money moves between, as the wallet answer describes them (spec 3). */
import { WALLET, type WalletResponse } from '../../contract/api.ts';
import { memberCurrency } from '../ui/currency.ts';
import type { Currency } from '../ui/money.ts';

/** WALLET and the member's active game accounts: an inactive game has no account to move money to. */
export function transferAccounts(wallet: WalletResponse): string[] {
  return [WALLET, ...wallet.slots.filter((slot) => slot.isActive).map((slot) => slot.code)];
}

/** The balance of WALLET or a game account; 0 for a code the wallet does not know. */
export function accountBalance(wallet: WalletResponse, code: string): number {
  if (code === WALLET) return wallet.wallet.amount;
  return wallet.slots.find((slot) => slot.code === code)?.amount ?? 0;
}

/** A game's name; the wallet's name is the view's (translated). */
export function gameName(wallet: WalletResponse, code: string): string {
  return wallet.slots.find((slot) => slot.code === code)?.name ?? code;
}

/** The task's rule: amounts in the member's bank account currency, else the build's. */
export function walletCurrency(wallet: WalletResponse): Currency {
  return memberCurrency(wallet.bankAccount?.currency);
}

/**
 * What the withdraw modal can take: the available wallet balance and the game
 * balances, since POST /api/wallet/withdrawAll first brings every game's money
 * back to the wallet (docs/decisions/0048-withdrawals-transferall-withdrawall.md).
 */
export function withdrawableBalance(wallet: WalletResponse): number {
  // Sum in minor units: 0.1 + 0.2 must not become 0.30000000000000004.
  const minor = wallet.slots.reduce((sum, slot) => sum + Math.round(slot.amount * 100), Math.round(wallet.wallet.amount * 100));
  return minor / 100;
}
