/**
 * The money rules both sides apply (spec 5): the SPA's machines to answer
 * at once, the server because the client is never trusted. Each rule is a
 * pure function answering its one catalogue code, or null when the amount
 * passes. Amounts are major units, as members type them and as settings
 * hold them; they are compared in minor units, so no float rounding
 * decides a limit.
 */
import { WALLET } from '../api.ts';
import { QR_CLIENT_MINIMUMS, type QrProvider } from '../deposit.ts';
import { toMinor } from '../money.ts';

/** spec 9: the transfer minimum when the server's transferMin setting is not known (the SPA's forms). */
export const TRANSFER_MIN_DEFAULT = 1;

/**
 * spec 5 and 8: a transfer moves at least transferMin (default 1 baht) and
 * always more than 0: TRANSFER_MINIMUM.
 */
export function transferAmountError(amount: number, transferMin: number): 'TRANSFER_MINIMUM' | null {
  const minor = toMinor(amount);
  return minor <= 0n || minor < toMinor(transferMin) ? 'TRANSFER_MINIMUM' : null;
}

/**
 * spec 2 and 5: a transfer moves money between the wallet and one game
 * account: the same account on both sides is SAME_ACCOUNT ('Cannot transfer
 * to or from same account'), game to game is ACCOUNT_INCORRECT ('Please
 * select correct account').
 */
export function transferAccountsError(from: string, to: string): 'SAME_ACCOUNT' | 'ACCOUNT_INCORRECT' | null {
  if (from === to) return 'SAME_ACCOUNT';
  return from !== WALLET && to !== WALLET ? 'ACCOUNT_INCORRECT' : null;
}

/** Transfer-all moves the wallet into a game: to the wallet itself is ACCOUNT_INCORRECT. */
export function transferAllError(to: string): 'ACCOUNT_INCORRECT' | null {
  return to === WALLET ? 'ACCOUNT_INCORRECT' : null;
}

export interface WithdrawLimits {
  withdrawMin: number;
  withdrawMax: number;
}

/** spec 5: a withdrawal is at least withdrawMin and at most withdrawMax (server settings; messages give the limit). */
export function withdrawLimitError(amount: number, { withdrawMin, withdrawMax }: WithdrawLimits): 'WITHDRAW_MINIMUM' | 'WITHDRAW_MAXIMUM' | null {
  const minor = toMinor(amount);
  if (minor < toMinor(withdrawMin)) return 'WITHDRAW_MINIMUM';
  if (minor > toMinor(withdrawMax)) return 'WITHDRAW_MAXIMUM';
  return null;
}

/** A withdrawal cannot take more than the wallet holds for spending (money held for another withdrawal is not in it). */
export function withdrawBalanceError(amount: number, available: number): 'MONEY_NOT_ENOUGH' | null {
  return toMinor(amount) > toMinor(available) ? 'MONEY_NOT_ENOUGH' : null;
}

/** spec 5: a member holding a bonus must withdraw the full amount: BONUS_REMAINING otherwise. */
export function fullAmountError(amount: number, available: number, bonusHeld: boolean): 'BONUS_REMAINING' | null {
  return bonusHeld && toMinor(amount) !== toMinor(available) ? 'BONUS_REMAINING' : null;
}

/**
 * spec 5: the smallest QR a provider takes: the client's floor (above 0 for
 * KBANK, 100 for WW, 50 for E2P) or the server's setting, whichever is more.
 */
export function qrMinimum(provider: QrProvider, serverMinimums: Readonly<Record<string, number>> | undefined): number {
  return Math.max(QR_CLIENT_MINIMUMS[provider], serverMinimums?.[provider] ?? 0);
}

/** An amount outside minimum..maximum (maximum null: not known, no ceiling here): the QR form's create is disabled. */
export function qrAmountOutside(amount: number, minimum: number, maximum: number | null): boolean {
  const minor = toMinor(amount);
  return minor < toMinor(minimum) || (maximum !== null && minor > toMinor(maximum));
}

/** spec 5: a QR is for at least qrMinimum and at most qrMaximum (the server's setting): QR_FAIL otherwise. */
export function qrAmountError(amount: number, provider: QrProvider, limits: { qrMinimums: Readonly<Record<string, number>>; qrMaximum: number }): 'QR_FAIL' | null {
  return qrAmountOutside(amount, qrMinimum(provider, limits.qrMinimums), limits.qrMaximum) ? 'QR_FAIL' : null;
}
