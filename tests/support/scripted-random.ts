/**
 * Randomness for the reference provider's rounds that a test can predict:
 * the server suites and the browser suite both draw from these when a test is
 * about what a round's outcome does (a loss to refund, a turnover), not about
 * the draw itself (the draw's fairness is the paytable tests' subject).
 */
import { randomInt } from 'node:crypto';
import type { Random } from '../../src/server/games/paytable.ts';

/** Randomness that returns `values` in order (each must be below the asked maximum), then real randomness. */
export function scriptedRandom(values: number[]): Random {
  const queue = [...values];
  return (max) => {
    const next = queue.shift();
    if (next === undefined) return randomInt(max);
    if (next >= max) throw new RangeError(`scripted ${next} is not below ${max}`);
    return next;
  };
}

/** Reels that always lose (seven, cherry, seven: the first two differ); a round draws three stops at once. */
export function losingReels(): Random {
  const stops = [0, 31, 0];
  let drawn = 0;
  return () => stops[drawn++ % stops.length]!;
}
