/**
 * The fairness page's check of a past spin (machines/fairness/verify-spin.ts).
 * The slices it is checked against are computed here independently of the
 * code under test: node:crypto's HMAC-SHA256 and the mapping of
 * docs/decisions/0100-prize-wheel.md written out with exact integers, and
 * fixed vectors (digest, point and slice) taken from them once, so that a
 * change to the draw or to this mapping shows.
 */
import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { SpinRecord } from '../../src/contract/rewards.ts';
import { verifySpin } from '../../machines/fairness/verify-spin.ts';

const SERVER_SEED = '5f1c0a9e7d3b2a41c6e8f0b9d2a7c3e1f4b8a6d0c2e9f7a1b3d5c7e9f0a2b4c6';
/** SHA-256 of SERVER_SEED, the commitment published before its spins. */
const SEED_HASH = 'd5a1e19b6a5b5111e9f1a9bc494ffa3c5efce11a2b09b2c26036b87ccd4e8d4d';
const CLIENT_SEED = 'member-seed';
const WEIGHTS = [
  { code: 'B100', weight: 1 },
  { code: 'NONE', weight: 6 },
  { code: 'B20', weight: 3 },
];

/** The draw as decision 0100 states it: the digest's first 13 hex digits x, the point floor(x × total / 2^52), the slice whose cumulative weight first exceeds it. */
function expectedDraw(serverSeed: string, clientSeed: string, nonce: number) {
  const digest = createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}`).digest('hex');
  const total = WEIGHTS.reduce((sum, slice) => sum + slice.weight, 0);
  const point = Number((BigInt(`0x${digest.slice(0, 13)}`) * BigInt(total)) >> 52n);
  let cumulative = 0;
  for (const slice of WEIGHTS) {
    cumulative += slice.weight;
    if (point < cumulative) return { head: digest.slice(0, 13), point, code: slice.code };
  }
  throw new Error(`point ${point} is past the total weight ${total}`);
}

/** Fixed vectors of SERVER_SEED with CLIENT_SEED: nonce → the digest's first 13 hex digits, the point (0–9), the slice. */
const VECTORS = [
  { nonce: 0, head: 'f8b4981a73ba1', point: 9, code: 'B20' },
  { nonce: 4, head: '26c63efcf3b49', point: 1, code: 'NONE' },
  { nonce: 7, head: '60ff042837629', point: 3, code: 'NONE' },
  { nonce: 9, head: 'c4b78186d7a8d', point: 7, code: 'B20' },
  { nonce: 20, head: '172fa091a59cf', point: 0, code: 'B100' },
  { nonce: 27, head: '275ba2167f041', point: 1, code: 'NONE' },
];

/** An honest record of spin `nonce` of the revealed seed, its slice from the independent draw. */
function record(nonce: number, overrides: Partial<SpinRecord> = {}): SpinRecord {
  const { code } = expectedDraw(SERVER_SEED, CLIENT_SEED, nonce);
  return {
    _id: String(nonce),
    createdAt: '2025-06-01T10:00:00.000Z',
    seedHash: SEED_HASH,
    serverSeed: SERVER_SEED,
    clientSeed: CLIENT_SEED,
    nonce,
    code,
    label: code,
    weights: WEIGHTS,
    ...overrides,
  };
}

const NONCES = Array.from({ length: 30 }, (_, nonce) => nonce);

describe('the independent draw', () => {
  it('is the one of the fixed vectors', () => {
    expect(createHash('sha256').update(SERVER_SEED).digest('hex')).toBe(SEED_HASH);
    for (const { nonce, ...vector } of VECTORS) expect(expectedDraw(SERVER_SEED, CLIENT_SEED, nonce)).toEqual(vector);
  });
});

describe('verifySpin', () => {
  it('matches every honest spin of a revealed seed, on every slice', () => {
    expect(new Set(NONCES.map((nonce) => record(nonce).code))).toEqual(new Set(['B100', 'NONE', 'B20']));
    for (const nonce of NONCES) expect(verifySpin(record(nonce)), `nonce ${nonce}`).toBe('match');
  });

  it('matches the fixed vectors', () => {
    for (const { nonce, code } of VECTORS) expect(verifySpin(record(nonce, { code })), `nonce ${nonce}`).toBe('match');
  });

  it('waits while the seed is not revealed', () => {
    expect(verifySpin(record(1, { serverSeed: null }))).toBe('unrevealed');
  });

  it('finds a spin that claims another slice than its draw', () => {
    for (const { nonce, code } of VECTORS) {
      for (const other of WEIGHTS.filter((slice) => slice.code !== code)) {
        expect(verifySpin(record(nonce, { code: other.code })), `nonce ${nonce} as ${other.code}`).toBe('mismatch');
      }
    }
  });

  it('finds a seed that is not the one committed to', () => {
    expect(verifySpin(record(3, { seedHash: createHash('sha256').update('another seed').digest('hex') }))).toBe('mismatch');
  });

  it('finds every spin recorded with another client seed where that seed draws another slice', () => {
    const tampered = NONCES.map((nonce) => ({ nonce, differs: expectedDraw(SERVER_SEED, 'someone-else', nonce).code !== record(nonce).code }));
    // The check has something to find: some nonces draw another slice with the other seed, and some the same.
    expect(tampered.filter(({ differs }) => differs).length).toBeGreaterThan(5);
    expect(tampered.some(({ differs }) => !differs)).toBe(true);
    for (const { nonce, differs } of tampered) {
      expect(verifySpin({ ...record(nonce), clientSeed: 'someone-else' }), `nonce ${nonce}`).toBe(differs ? 'mismatch' : 'match');
    }
  });

  it('finds every spin recorded with another nonce where that nonce draws another slice', () => {
    for (const nonce of NONCES) {
      const differs = expectedDraw(SERVER_SEED, CLIENT_SEED, nonce + 1).code !== record(nonce).code;
      expect(verifySpin({ ...record(nonce), nonce: nonce + 1 }), `nonce ${nonce}`).toBe(differs ? 'mismatch' : 'match');
    }
  });

  it('refuses weights that cannot draw', () => {
    expect(verifySpin(record(4, { weights: WEIGHTS.map((slice) => ({ ...slice, weight: 0 })) }))).toBe('mismatch');
  });
});
