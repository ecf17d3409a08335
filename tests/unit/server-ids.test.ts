/** Row ids from paths and notices (server/validation.ts) and account owners from ledger rows (ledger/accounts.ts). */
import { describe, expect, it } from 'vitest';
import { ownerOf } from '../../src/server/ledger/accounts.ts';
import { recordId, recordIdOrNull } from '../../src/server/validation.ts';

describe('recordIdOrNull', () => {
  it('reads plain ids and nothing else', () => {
    expect(['1', '42', '9007199254740991'].map(recordIdOrNull)).toEqual([1, 42, 9_007_199_254_740_991]);
    expect(['0', '007', '1e3', ' 1', '-1', '1.0', '', '9007199254740993', '123456789012345678901'].map(recordIdOrNull)).toEqual(Array(9).fill(null));
  });

  it('answers 404 NO_DATA for a path id that names no row', () => {
    expect(() => recordId('1e3')).toThrow(expect.objectContaining({ statusCode: 404, message: 'NO_DATA' }));
    expect(recordId('12')).toBe(12);
  });
});

describe('ownerOf', () => {
  it('names each kind of account by its owner', () => {
    expect(ownerOf({ kind: 'wallet', code: 'wallet:7', userId: 7, gameCode: null })).toEqual({ kind: 'wallet', userId: 7 });
    expect(ownerOf({ kind: 'game', code: 'game:7:SLOT_A', userId: 7, gameCode: 'SLOT_A' })).toEqual({ kind: 'game', userId: 7, gameCode: 'SLOT_A' });
    expect(ownerOf({ kind: 'system', code: 'system:payouts:BAHT', userId: null, gameCode: null })).toEqual({ kind: 'system', name: 'payouts' });
    expect(ownerOf({ kind: 'system', code: 'system:house:reference:LAK', userId: null, gameCode: null })).toEqual({ kind: 'house', provider: 'reference' });
  });

  it('refuses an account it cannot place', () => {
    expect(() => ownerOf({ kind: 'system', code: 'system:mystery:BAHT', userId: null, gameCode: null })).toThrow(/no owner/);
  });
});
