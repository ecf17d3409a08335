/**
 * Amounts as members read them, written without Intl
 * (src/features/ui/money.ts, docs/decisions/0153-money-digits-without-intl.md):
 * the text is Intl.NumberFormat's with two decimals, in each language,
 * for the amounts money takes (whole satang and att) and for any other
 * number, rounding included. Random amounts are seeded so that a failure can
 * be replayed (MONEY_SEED).
 */
import { i18n } from '@lingui/core';
import { afterAll, describe, expect, it } from 'vitest';
import { formatMoney, formatNumber } from '../../src/features/ui/money.ts';
import { APP_LOCALES, bcp47, type AppLocale } from '../../src/i18n/locale.ts';
import { seededRandom } from '../reliability/support/load.ts';

const seed = Number(process.env.MONEY_SEED ?? Date.now() % 1_000_000);

function intlText(amount: number, locale: AppLocale): string {
  return new Intl.NumberFormat(bcp47(locale), { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount);
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
  it('are Intl.NumberFormat\'s, for edge amounts, random ones and numbers that are no money', () => {
    activate(locale);
    const amounts = [...EDGES, ...randomAmounts(seededRandom(seed)), ...NOT_MONEY];
    expect(amounts.map((amount) => formatNumber(amount))).toEqual(amounts.map((amount) => intlText(amount, locale)));
  });
});

describe('money with its symbol', () => {
  it('groups as the language does, the symbol and sign before the digits', () => {
    activate('la');
    expect(formatMoney(1234567.5, 'LAK')).toBe('₭1.234.567,50');
    activate('th');
    expect(formatMoney(-1234.5, 'BAHT', '-')).toBe('-฿1,234.50');
    expect(formatMoney(100, 'BAHT', '+')).toBe('+฿100.00');
  });
});
