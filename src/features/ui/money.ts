/**
 * Amounts as members read them (spec 9: at least 2 decimals), in the
 * member's currency: baht (฿) or kip (₭). The number follows the display
 * language's grouping; the symbol does not change with the language.
 */
import { bcp47, currentLocale, type AppLocale } from '../../i18n/locale.ts';

export type Currency = 'BAHT' | 'LAK';

const SYMBOL: Record<Currency, string> = { BAHT: '฿', LAK: '₭' };

/**
 * Each language's separators, as CLDR gives them to Intl.NumberFormat: Lao
 * groups with a dot and writes the decimals after a comma. The digits are
 * written here rather than by Intl: a page's first Intl number or date
 * format starts ICU, 50–170 ms of main thread in Chromium on this project's
 * machines (more on a phone), and the home shows money in its first render
 * (docs/decisions/0153-money-digits-without-intl.md). tests/unit/money-format.test.ts
 * holds this to Intl's answers in every language.
 */
const SEPARATORS: Record<AppLocale, { group: string; decimal: string }> = {
  th: { group: ',', decimal: '.' },
  la: { group: '.', decimal: ',' },
  en: { group: ',', decimal: '.' },
};

/** A plain decimal: what `toString` writes for a finite number between 1e-7 and 1e21. */
const PLAIN_DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/** "1,234.50" in the current language's grouping, exactly 2 decimals. */
export function formatNumber(amount: number): string {
  const locale = currentLocale();
  // The shortest decimal that reads back as the number: where Intl starts from too.
  const plain = PLAIN_DECIMAL.exec(Math.abs(amount).toString());
  if (!plain) return otherNumber(amount, locale);
  const [, whole = '0', fraction = ''] = plain;
  // To the satang (att), half away from zero as Intl rounds: 1.005 is 1.01.
  const cents = (BigInt(whole + fraction.padEnd(3, '0').slice(0, 3)) + 5n) / 10n;
  const { group, decimal } = SEPARATORS[locale];
  const units = (cents / 100n).toString().replace(/\B(?=(\d{3})+$)/g, group);
  const sign = amount < 0 || Object.is(amount, -0) ? '-' : '';
  return `${sign}${units}${decimal}${(cents % 100n).toString().padStart(2, '0')}`;
}

/** NaN, infinities and exponent forms (no amount of money reads so): Intl's text. */
function otherNumber(amount: number, locale: AppLocale): string {
  return new Intl.NumberFormat(bcp47(locale), { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount);
}

/** "฿1,234.50"; a sign ('+' or '-') goes before the symbol: "+฿100.00". */
export function formatMoney(amount: number, currency: Currency = 'BAHT', sign: '' | '+' | '-' = ''): string {
  return `${sign}${SYMBOL[currency]}${formatNumber(Math.abs(amount))}`;
}
