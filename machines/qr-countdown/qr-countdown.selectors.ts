/** What the QR form shows and allows, read from the machine's context (spec 5 QR create). */
import { parseAmount } from '../shared/amount.ts';
import { QR_IGNORED_BELOW } from '../../src/contract/deposit.ts';
import { qrAmountOutside } from '../../src/contract/rules/money.ts';
import type { QrCountdownContext } from './qr-countdown.types.ts';

/** spec 5: the create button is disabled below the provider's minimum, above the server's maximum (the shared rule) and while the amount is not a number. */
export function createDisabled(context: Pick<QrCountdownContext, 'amount' | 'minimum' | 'maximum'>): boolean {
  const amount = parseAmount(context.amount);
  return amount === null || qrAmountOutside(amount, context.minimum, context.maximum);
}

/** spec 5: a create with an amount below 1 is ignored (KBANK's button is enabled from 0.01). */
export function createIgnored(context: Pick<QrCountdownContext, 'amount'>): boolean {
  return (parseAmount(context.amount) ?? 0) < QR_IGNORED_BELOW;
}

/** spec 9: the countdown as mm:ss (minutes grow past 59 for long lifetimes). */
export function countdownText(secondsLeft: number): string {
  const seconds = Math.max(0, Math.floor(secondsLeft));
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}
