/**
 * Amounts as members read them (spec 9: at least 2 decimals), in the
 * member's currency: baht (฿) or kip (₭). The number follows the display
 * language's grouping; the symbol does not change with the language.
 */
import { bcp47, currentLocale } from '../../i18n/locale.ts';

export type Currency = 'BAHT' | 'LAK';

const SYMBOL: Record<Currency, string> = { BAHT: '฿', LAK: '₭' };

const formats = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: string): Intl.NumberFormat {
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    formats.set(locale, format);
  }
  return format;
}

/** "1,234.50" in the current language's grouping. */
export function formatNumber(amount: number): string {
  return numberFormat(bcp47(currentLocale())).format(amount);
}

/** "฿1,234.50"; a sign ('+' or '-') goes before the symbol: "+฿100.00". */
export function formatMoney(amount: number, currency: Currency = 'BAHT', sign: '' | '+' | '-' = ''): string {
  return `${sign}${SYMBOL[currency]}${formatNumber(Math.abs(amount))}`;
}
