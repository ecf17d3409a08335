/**
 * A slice's label and description as one member reads them. A credit prize
 * pays a different amount per currency (baht or kip), and the language a
 * member reads does not say which their wallet holds, so an operator writes
 * `{amount}` where the prize goes: each member reads their own currency's
 * amount by its symbol ("฿50", "₭10,000"), never both.
 */
import { toMajor } from '../../contract/money.ts';
import type { StoredSlice } from '../db/schema.ts';
import type { Localized } from '../language.ts';
import type { Currency } from '../repositories/users.ts';

/** Where a slice's text names its prize. */
const PRIZE_AMOUNT = '{amount}';

const SYMBOL: Record<Currency, string> = { BAHT: '฿', LAK: '₭' };

/** The prize in `currency`: its symbol and the amount in major units, grouped (up to two decimals). */
function prizeAmount(minor: string, currency: Currency): string {
  return `${SYMBOL[currency]}${toMajor(BigInt(minor)).toLocaleString('en-US', { maximumFractionDigits: 2 })}`;
}

/** `text` with every {amount} replaced by the credit prize in the member's currency; any other prize leaves it as written. */
export function sliceText(text: string, prize: StoredSlice['prize'], currency: Currency): string {
  return prize.type === 'credit' ? text.replaceAll(PRIZE_AMOUNT, prizeAmount(prize.amount[currency], currency)) : text;
}

/** A slice's text in every language, for what keeps it (a coupon's name). */
export function localizedSliceText(text: Localized, prize: StoredSlice['prize'], currency: Currency): Localized {
  return { th: sliceText(text.th, prize, currency), la: sliceText(text.la, prize, currency), en: sliceText(text.en, prize, currency) };
}
