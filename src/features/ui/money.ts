/**
 * Amounts as members read them (spec 9: at least 2 decimals), in the
 * member's currency: baht (฿) or kip (₭). Neither the digits nor the symbol
 * change with the language.
 */
export type Currency = 'BAHT' | 'LAK';

const SYMBOL: Record<Currency, string> = { BAHT: '฿', LAK: '₭' };

/**
 * One way of writing amounts in every language, Intl's for Thai and English:
 * commas group the thousands, a dot starts the satang (att). Lao too, as
 * members type amounts (docs/decisions/0016-money-modals-review-and-amounts.md:
 * a comma is never a decimal mark), where CLDR would write `1.234,50`: an
 * amount shown must read the same when typed back. The digits are written
 * here rather than by Intl: a page's first Intl number or date format starts
 * ICU, 50–170 ms of main thread in Chromium on this project's machines, and
 * the home shows money in its first render
 * (docs/decisions/0153-money-digits-without-intl.md). tests/unit/money-format.test.ts
 * holds this to Intl's answers.
 */
const GROUP = ',';
const DECIMAL = '.';

/** A plain decimal: what `toString` writes for a finite number between 1e-7 and 1e21. */
const PLAIN_DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/** "1,234.50": exactly 2 decimals, rounded half away from zero. */
export function formatNumber(amount: number): string {
  // The shortest decimal that reads back as the number: where Intl starts from too.
  const plain = PLAIN_DECIMAL.exec(Math.abs(amount).toString());
  if (!plain) return otherNumber(amount);
  const [, whole = '0', fraction = ''] = plain;
  // To the satang (att), half away from zero as Intl rounds: 1.005 is 1.01.
  const cents = (BigInt(whole + fraction.padEnd(3, '0').slice(0, 3)) + 5n) / 10n;
  const units = (cents / 100n).toString().replace(/\B(?=(\d{3})+$)/g, GROUP);
  const sign = amount < 0 || Object.is(amount, -0) ? '-' : '';
  return `${sign}${units}${DECIMAL}${(cents % 100n).toString().padStart(2, '0')}`;
}

/** NaN, infinities and exponent forms (no amount of money reads so): Intl's text, in English's separators as above. */
function otherNumber(amount: number): string {
  return new Intl.NumberFormat('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount);
}

/** "฿1,234.50"; a sign ('+' or '-') goes before the symbol: "+฿100.00". */
export function formatMoney(amount: number, currency: Currency = 'BAHT', sign: '' | '+' | '-' = ''): string {
  return `${sign}${SYMBOL[currency]}${formatNumber(Math.abs(amount))}`;
}
