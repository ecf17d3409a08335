/**
 * Amounts cross the API in the currency's major unit (baht, kip) as JSON
 * numbers with at most two decimals; inside the server they are integer minor
 * units (satang, att) in bigint. These helpers are the only conversion.
 */
import * as v from 'valibot';

/** Largest amount accepted in one request, in major units (guards against overflow and typos). */
export const MAX_AMOUNT_MAJOR = 1_000_000_000;

/** Whether a major-unit amount is a whole number of minor units (what toMinor takes). */
export function hasAtMostTwoDecimals(value: number): boolean {
  const cents = value * 100;
  return Math.abs(cents - Math.round(cents)) < 1e-6;
}

/**
 * A positive amount in major units with at most 2 decimals; zero or less
 * fails with `notPositive` (a catalogue code), anything else malformed with
 * KEY_INVALID.
 */
export function amountSchema(notPositive: string = 'KEY_INVALID') {
  return v.pipe(
    v.number('KEY_INVALID'),
    v.finite('KEY_INVALID'),
    v.check(hasAtMostTwoDecimals, 'KEY_INVALID'),
    v.maxValue(MAX_AMOUNT_MAJOR, 'KEY_INVALID'),
    v.minValue(0.01, notPositive),
  );
}

export const Amount = amountSchema();

/** Major units (number, ≤ 2 decimals) to minor units (bigint). */
export function toMinor(amount: number): bigint {
  if (!Number.isFinite(amount) || !hasAtMostTwoDecimals(amount)) {
    throw new RangeError(`not an amount with at most two decimals: ${amount}`);
  }
  return BigInt(Math.round(amount * 100));
}

/** Minor units (bigint) to major units (number). Exact for any balance below 2^53 minor units. */
export function toMajor(minor: bigint): number {
  return Number(minor) / 100;
}
