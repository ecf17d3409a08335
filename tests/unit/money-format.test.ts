/**
 * Amounts as members read them, written without Intl
 * (src/features/ui/money.ts, docs/decisions/0153-money-digits-without-intl.md):
 * the text is Intl.NumberFormat's with two decimals in Thai and English, for
 * the amounts money takes (whole satang and att) and for any other number,
 * rounding included; Lao is written the same, as members type amounts
 * (docs/decisions/0016-money-modals-review-and-amounts.md), and what is
 * shown reads back as the same amount. Random amounts are seeded so that a
 * failure can be replayed (MONEY_SEED).
 */
import { i18n } from '@lingui/core';
import { afterAll, describe, expect, it } from 'vitest';
import { formatMoney, formatNumber } from '../../src/features/ui/money.ts';
import { parseAmount } from '../../machines/shared/amount.ts';
import { MAX_AMOUNT_MAJOR } from '../../src/contract/money.ts';
import { APP_LOCALES, type AppLocale } from '../../src/i18n/locale.ts';
import { seededRandom } from '../reliability/support/load.ts';

const seed = Number(process.env.MONEY_SEED ?? Date.now() % 1_000_000);

/** Intl's text with two decimals: Thai's, which is English's too (Lao's own would be `1.234,50`). */
function intlText(amount: number): string {
  const [thai, english] = ['th', 'en'].map((tag) => new Intl.NumberFormat(tag, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount));
  expect(thai).toBe(english);
  return thai!;
}

/** Amounts of every kind: whole minor units up to a trillion, and numbers with up to six decimals. */
function randomAmounts(random: () => number): number[] {
  const amounts: number[] = [];
  for (let i = 0; i < 400; i++) {
    const size = 10 ** Math.floor(random() * 13);
    const sign = random() < 0.2 ? -1 : 1;
    amounts.push((sign * Math.round(random() * size * 100)) / 100);
    amounts.push(sign * Number((random() * size).toFixed(Math.floor(random() * 7))));
  }
  return amounts;
}

const EDGES = [0, -0, 0.001, -0.001, 0.005, 0.015, 1.005, 2.675, 999.995, 999_999.995, 0.1 + 0.2, 1234.5, 1_000_000, 123_456_789_012.34, 2 ** 53, -5.5];
const NOT_MONEY = [Number.NaN, Infinity, -Infinity, 1e21, 1.5e300, 1e-7, -3e-9];

/** Lingui's language, as the app sets it; no texts are needed here. */
function activate(locale: AppLocale): void {
  i18n.load(locale, {});
  i18n.activate(locale);
}

afterAll(() => activate('th'));

describe.each(APP_LOCALES)(`money's digits in %s (seed ${seed})`, (locale) => {
  const amounts = randomAmounts(seededRandom(seed));

  it('are Intl.NumberFormat\'s in Thai, for edge amounts, random ones and numbers that are no money', () => {
    activate(locale);
    const all = [...EDGES, ...amounts, ...NOT_MONEY];
    expect(all.map((amount) => formatNumber(amount))).toEqual(all.map((amount) => intlText(amount)));
  });

  it('read back as the same amount when typed into an amount field', () => {
    activate(locale);
    // Amounts a member may type: whole satang (att), not negative, within the server's limit.
    const money = amounts.filter((amount) => (amount > 0 || Object.is(amount, 0)) && amount <= MAX_AMOUNT_MAJOR && Math.round(amount * 100) / 100 === amount);
    expect(money.length).toBeGreaterThan(100);
    expect(money.map((amount) => parseAmount(formatNumber(amount)))).toEqual(money);
  });
});

describe('money with its symbol', () => {
  it('groups as the language does, the symbol and sign before the digits', () => {
    activate('la');
    expect(formatMoney(1234567.5, 'LAK')).toBe('₭1,234,567.50');
    activate('th');
    expect(formatMoney(-1234.5, 'BAHT', '-')).toBe('-฿1,234.50');
    expect(formatMoney(100, 'BAHT', '+')).toBe('+฿100.00');
  });
});
