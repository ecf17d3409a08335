/**
 * Amounts as members type them (spec 5 transfer and withdraw). Fields hold
 * the text typed; the rules read the number it means.
 */
import { MAX_AMOUNT_MAJOR } from '../../src/contract/money.ts';

// Plain digits, or digits grouped by commas in threes ("1,000.50"): Thai and
// Lao write the decimal point as a dot, so a comma is never a decimal mark.
const PLAIN = /^\d+(\.\d{0,2})?$/;
const GROUPED = /^\d{1,3}(,\d{3})+(\.\d{0,2})?$/;

/**
 * The amount a member typed, in major units; null when it is not an amount
 * the server would take (letters, more than two decimals, too large).
 */
export function parseAmount(text: string): number | null {
  const typed = text.trim();
  if (!PLAIN.test(typed) && !GROUPED.test(typed)) return null;
  const amount = Number(typed.replaceAll(',', ''));
  return Number.isFinite(amount) && amount <= MAX_AMOUNT_MAJOR ? amount : null;
}

/** An amount as a field shows it before the member edits it: "1234.5" → "1234.50". */
export function amountText(amount: number): string {
  return amount.toFixed(2);
}

/** An amount to move (a deposit, a slip's credit, an adjustment): one the server would take, above zero; null otherwise. */
export function positiveAmount(text: string): number | null {
  const amount = parseAmount(text);
  return amount !== null && amount > 0 ? amount : null;
}
