/**
 * A setting that holds an amount per currency in major units (the offers'
 * grant ceiling, the approval threshold), read in minor units. An admin
 * writes these in the settings table: a value that is missing or not an
 * amount counts as 0, so the rule it bounds fails closed.
 */
import { toMinor } from '../../contract/money.ts';
import type { Currency } from '../repositories/users.ts';

export function perCurrencyAmount(setting: Partial<Record<Currency, number>> | null | undefined, currency: Currency): bigint {
  const major: unknown = setting?.[currency];
  if (typeof major !== 'number' || !(major >= 0)) return 0n;
  try {
    return toMinor(major);
  } catch {
    return 0n; // not an amount (infinite, or finer than a satang)
  }
}
