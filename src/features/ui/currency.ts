/**
 * The member's currency: their bank account's (spec 3: BAHT, or LAK in the
 * Laos build), else the build's own. Answers carry amounts without it.
 */
import { VARIANT } from '../../i18n/variant.ts';
import type { Currency } from './money.ts';

export function memberCurrency(accountCurrency: string | null | undefined): Currency {
  if (accountCurrency === 'LAK' || accountCurrency === 'BAHT') return accountCurrency;
  return VARIANT === 'la' ? 'LAK' : 'BAHT';
}
