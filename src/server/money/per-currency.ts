/**
 * A setting that holds an amount per currency in major units (the offers'
 * grant ceiling, the approval threshold), read in minor units. An admin
 * writes these in the settings table: a value that is missing or not an
 * amount counts as 0, so the rule it bounds fails closed.
 */
import type { Currency } from '../repositories/users.ts';

export function perCurrencyAmount(setting: Partial<Record<Currency, number>> | null | undefined, currency: Currency): bigint {
  const major: unknown = setting?.[currency];
  return typeof major === 'number' && Number.isFinite(major) && major >= 0 ? BigInt(Math.round(major * 100)) : 0n;
}
