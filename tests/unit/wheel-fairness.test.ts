/**
 * The wheel's provably fair draw (src/contract/rules/wheel.ts;
 * docs/decisions/0100-prize-wheel.md): the digest is the
 * standard HMAC-SHA256 anyone can recompute, and draws land on each slice
 * as often as its weight says.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { drawSlice, expectedValue, seedHash, sliceForDigest, spinDigest, type SliceWeight } from '../../src/contract/rules/wheel.ts';

const randomSeed = () => randomBytes(32).toString('hex');

describe('seedHash and spinDigest', () => {
  it('are SHA-256 of the server seed and HMAC-SHA256(serverSeed, `clientSeed:nonce`) as node:crypto computes them', () => {
    for (let i = 0; i < 50; i += 1) {
      const serverSeed = randomSeed();
      const clientSeed = i % 2 === 0 ? randomBytes(8).toString('hex') : `member_${i}.seed:x-${i}`;
      const nonce = i * 997;
      expect(spinDigest(serverSeed, clientSeed, nonce)).toBe(createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}`).digest('hex'));
      expect(seedHash(serverSeed)).toBe(createHash('sha256').update(serverSeed).digest('hex'));
    }
  });

  it('changes with each of server seed, client seed and nonce', () => {
    const digest = spinDigest('server', 'client', 1);
    expect(new Set([digest, spinDigest('server2', 'client', 1), spinDigest('server', 'client2', 1), spinDigest('server', 'client', 2)]).size).toBe(4);
  });
});

describe('sliceForDigest', () => {
  const weights: SliceWeight[] = [
    { code: 'ZERO_FIRST', weight: 0 },
    { code: 'A', weight: 1 },
    { code: 'ZERO_MIDDLE', weight: 0 },
    { code: 'B', weight: 3 },
    { code: 'ZERO_LAST', weight: 0 },
  ];

  it('maps the lowest digest onto the first slice with weight and the highest onto the last, never onto a weight of 0', () => {
    expect(sliceForDigest('0'.repeat(64), weights)).toBe(1);
    expect(sliceForDigest('f'.repeat(64), weights)).toBe(3);
    // A quarter of the way round is the boundary between A (1 of 4) and B.
    expect(sliceForDigest(`3${'f'.repeat(63)}`, weights)).toBe(1);
    expect(sliceForDigest(`4${'0'.repeat(63)}`, weights)).toBe(3);
  });

  it('refuses a wheel with nothing to land on', () => {
    expect(() => sliceForDigest('0'.repeat(64), [{ code: 'A', weight: 0 }])).toThrow(RangeError);
    expect(() => sliceForDigest('0'.repeat(64), [])).toThrow(RangeError);
  });
});

describe('drawSlice over 100,000 draws', () => {
  it('lands on each slice within 4 standard deviations of its weight (chi-square reported)', () => {
    const weights: SliceWeight[] = [
      { code: 'NOTHING', weight: 400 },
      { code: 'CASH10', weight: 250 },
      { code: 'CASH50', weight: 150 },
      { code: 'NEVER', weight: 0 },
      { code: 'SHIRT', weight: 100 },
      { code: 'AGAIN', weight: 90 },
      { code: 'JACKPOT', weight: 10 },
    ];
    const draws = 100_000;
    const counts = weights.map(() => 0);
    // A new random server seed and client seed every 1,000 spins, nonces counting up as a member's would.
    let serverSeed = '';
    let clientSeed = '';
    for (let i = 0; i < draws; i += 1) {
      if (i % 1_000 === 0) {
        serverSeed = randomSeed();
        clientSeed = randomBytes(8).toString('hex');
      }
      counts[drawSlice(serverSeed, clientSeed, i % 1_000, weights)]! += 1;
    }

    const total = weights.reduce((sum, slice) => sum + slice.weight, 0);
    let chiSquare = 0;
    for (const [index, slice] of weights.entries()) {
      const p = slice.weight / total;
      const expected = draws * p;
      const deviation = Math.sqrt(draws * p * (1 - p));
      expect(Math.abs(counts[index]! - expected), `${slice.code}: ${counts[index]} of ${draws}, expected ${expected}`).toBeLessThanOrEqual(4 * deviation);
      if (expected > 0) chiSquare += (counts[index]! - expected) ** 2 / expected;
    }
    expect(counts[weights.findIndex((slice) => slice.code === 'NEVER')]).toBe(0);
    const degreesOfFreedom = weights.filter((slice) => slice.weight > 0).length - 1;
    console.log(`wheel fairness: ${draws} draws, counts ${weights.map((slice, index) => `${slice.code}=${counts[index]}`).join(' ')}; chi-square ${chiSquare.toFixed(2)} with ${degreesOfFreedom} degrees of freedom`);
    // 5 degrees of freedom: P(χ² > 20.5) ≈ 0.001 and P(χ² > 40) < 2e-7; a biased draw lands far above.
    expect(chiSquare).toBeLessThan(40);
    // 100,000 HMACs in crypto-js take a few seconds; more on a loaded machine.
  }, 60_000);
});

describe('expectedValue', () => {
  it('is the weighted mean of the prizes, and 0 for a wheel without weight', () => {
    expect(expectedValue([{ code: 'A', weight: 3, prize: 0 }, { code: 'B', weight: 1, prize: 100 }])).toBe(25);
    expect(expectedValue([{ code: 'A', weight: 0, prize: 10 }])).toBe(0);
  });
});
