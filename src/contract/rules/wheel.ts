/**
 * The prize wheel's provably fair draw (docs/decisions/0100-prize-wheel.md).
 * The server commits to a secret seed by publishing its SHA-256 before any
 * spin uses it; spin n of that seed lands on the slice picked by
 * HMAC-SHA256(key = server seed, message = `${clientSeed}:${n}`) mapped onto
 * the weights. Once the seed is rotated it is revealed, and anyone can run
 * these functions (the server, a test, the member's fairness page) to check
 * every spin it drew.
 *
 * Pure and small enough for the browser: crypto-js's HMAC and SHA-256 (the
 * SPA already ships crypto-js), no Node APIs.
 */
// With .js: crypto-js has no exports map, and Node's own ESM resolution (Playwright's loader) needs the file's name.
import encHex from 'crypto-js/enc-hex.js';
import hmacSha256 from 'crypto-js/hmac-sha256.js';
import sha256 from 'crypto-js/sha256.js';
import { toMajor, toMinor } from '../money.ts';

export interface SliceWeight {
  code: string;
  /** A non-negative integer; 0 never lands. */
  weight: number;
}

/** The published commitment of a server seed: its SHA-256, lowercase hex. */
export function seedHash(serverSeed: string): string {
  return sha256(serverSeed).toString(encHex);
}

/** The draw's digest: HMAC-SHA256 keyed by the server seed over `clientSeed:nonce`, lowercase hex. */
export function spinDigest(serverSeed: string, clientSeed: string, nonce: number): string {
  return hmacSha256(`${clientSeed}:${nonce}`, serverSeed).toString(encHex);
}

/**
 * 2^52: the digest's first 13 hex digits read as an integer below it, a
 * uniform number a double holds exactly. Scaled onto the total weight
 * (at most 16 slices × 1,000,000), the largest bias between two outcomes
 * is below total / 2^52 ≈ 4e-9.
 */
const SCALE = 2 ** 52;

/** Where a digest lands on the weights: the index of the slice. */
export function sliceForDigest(digest: string, weights: readonly SliceWeight[]): number {
  const total = weights.reduce((sum, slice) => sum + slice.weight, 0);
  if (!Number.isSafeInteger(total) || total <= 0) throw new RangeError('the wheel needs a positive total weight');
  const point = Math.floor((Number.parseInt(digest.slice(0, 13), 16) / SCALE) * total);
  let passed = 0;
  for (const [index, slice] of weights.entries()) {
    passed += slice.weight;
    if (point < passed) return index;
  }
  // point < total always; unreachable, but a wheel must land somewhere.
  return weights.findLastIndex((slice) => slice.weight > 0);
}

/** The slice index spin `nonce` of this seed pair lands on. */
export function drawSlice(serverSeed: string, clientSeed: string, nonce: number, weights: readonly SliceWeight[]): number {
  return sliceForDigest(spinDigest(serverSeed, clientSeed, nonce), weights);
}

/** What one spin pays on average, from the weights: Σ weight × prize / Σ weight, in the prize's units. */
export function expectedValue(slices: readonly (SliceWeight & { prize: number })[]): number {
  const total = slices.reduce((sum, slice) => sum + slice.weight, 0);
  if (total <= 0) return 0;
  return slices.reduce((sum, slice) => sum + slice.weight * slice.prize, 0) / total;
}

/** What the expected value reads of a slice: its weight and, for a credit prize, the amount per currency (major units). */
interface PricedSlice extends SliceWeight {
  prize: { type: 'none' } | { type: 'item' } | { type: 'credit'; amount: { BAHT: number; LAK: number } };
}

/**
 * What one coin pays on average in credit prizes, per currency, from the
 * weights (major units, to the minor unit): the server's answer beside the
 * wheel and the console's preview before saving, one rule.
 */
export function wheelExpectedValue(wheel: { slices: readonly PricedSlice[] } | null): { BAHT: number; LAK: number } {
  const perCurrency = (currency: 'BAHT' | 'LAK') => {
    if (!wheel) return 0;
    const minor = expectedValue(
      wheel.slices.map((slice) => ({
        code: slice.code,
        weight: slice.weight,
        // Items and 'none' pay no money: they count 0.
        prize: slice.prize.type === 'credit' ? Number(toMinor(slice.prize.amount[currency])) : 0,
      })),
    );
    return toMajor(BigInt(Math.round(minor)));
  };
  return { BAHT: perCurrency('BAHT'), LAK: perCurrency('LAK') };
}

/** What a coin pays back in percent of its price (the wheelReturnCeiling's measure); null when bets earn no coins (price 0). */
export function wheelReturnPercent(expected: number, coinPrice: number): number | null {
  return coinPrice > 0 ? (expected / coinPrice) * 100 : null;
}
