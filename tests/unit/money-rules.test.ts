/**
 * The money rules the SPA and the server share (src/contract/rules): each
 * answers its one code at the limit's edge, in minor units.
 */
import { describe, expect, it } from 'vitest';
import {
  fullAmountError,
  qrAmountError,
  qrMinimum,
  transferAmountError,
  withdrawBalanceError,
  withdrawLimitError,
} from '../../src/contract/rules/money.ts';
import { SLIP_UPLOAD_INTERVAL_MS, slipAgeProblem, slipWaitMs, transferAt, transferOnThaiDay } from '../../src/contract/rules/slips.ts';

describe('transferAmountError', () => {
  it('takes transferMin and more, never 0', () => {
    expect([0.99, 1, 1.01].map((amount) => transferAmountError(amount, 1))).toEqual(['TRANSFER_MINIMUM', null, null]);
    expect([0, 0.01].map((amount) => transferAmountError(amount, 0))).toEqual(['TRANSFER_MINIMUM', null]);
  });

  it('decides on the satang, a fraction of a baht below the minimum included', () => {
    expect([0.29, 0.3].map((amount) => transferAmountError(amount, 0.3))).toEqual(['TRANSFER_MINIMUM', null]);
  });
});

describe('withdraw rules', () => {
  const limits = { withdrawMin: 100, withdrawMax: 50_000 };

  it('answers the limit passed, at each edge', () => {
    expect([99.99, 100, 50_000, 50_000.01].map((amount) => withdrawLimitError(amount, limits))).toEqual([
      'WITHDRAW_MINIMUM',
      null,
      null,
      'WITHDRAW_MAXIMUM',
    ]);
  });

  it('refuses more than is available', () => {
    expect([500, 500.01].map((amount) => withdrawBalanceError(amount, 500))).toEqual([null, 'MONEY_NOT_ENOUGH']);
  });

  it('asks for the full amount only while a bonus is held', () => {
    expect(fullAmountError(499.99, 500, true)).toBe('BONUS_REMAINING');
    expect(fullAmountError(500, 500, true)).toBeNull();
    expect(fullAmountError(499.99, 500, false)).toBeNull();
  });
});

describe('QR rules', () => {
  it("takes the client's floor or the server's minimum, whichever is more", () => {
    expect(qrMinimum('WW', undefined)).toBe(100);
    expect(qrMinimum('WW', { WW: 150 })).toBe(150);
    expect(qrMinimum('E2P', { E2P: 20 })).toBe(50);
    expect(qrMinimum('KBANK', {})).toBe(0.01);
  });

  it('answers QR_FAIL below the minimum and above the maximum', () => {
    const limits = { qrMinimums: { KBANK: 10 }, qrMaximum: 50_000 };
    expect([9.99, 10, 50_000, 50_000.01].map((amount) => qrAmountError(amount, 'KBANK', limits))).toEqual(['QR_FAIL', null, null, 'QR_FAIL']);
  });
});

describe('slipWaitMs', () => {
  const sent = new Date('2026-11-25T10:00:00Z');

  it('waits out the minute after a slip, and nothing before the first', () => {
    expect(slipWaitMs(null, sent)).toBe(0);
    expect(slipWaitMs(sent, new Date(sent.getTime() + 1_000))).toBe(SLIP_UPLOAD_INTERVAL_MS - 1_000);
    expect(slipWaitMs(sent, new Date(sent.getTime() + SLIP_UPLOAD_INTERVAL_MS))).toBe(0);
  });
});

describe('slipAgeProblem', () => {
  const MINUTE = 60_000;
  const now = new Date('2026-03-02T03:00:00Z'); // 10:00 in Bangkok

  it('counts an exact transfer time from itself, believing up to 5 minutes ahead', () => {
    const at = (minutesAgo: number) => transferAt(new Date(now.getTime() - minutesAgo * MINUTE));
    expect([60, 60.001, 0, -5, -5.001].map((minutes) => slipAgeProblem(at(minutes), now, 60))).toEqual([null, 'TOO_OLD', null, null, 'AHEAD']);
  });

  it('counts a day from its end for the age and from its start for the future (Thai time)', () => {
    expect(slipAgeProblem(transferOnThaiDay('2026-03-01'), now, 60)).toBe('TOO_OLD');
    expect(slipAgeProblem(transferOnThaiDay('2026-03-01'), now, 10 * 60)).toBeNull();
    expect(slipAgeProblem(transferOnThaiDay('2026-03-02'), now, 60)).toBeNull();
    expect(slipAgeProblem(transferOnThaiDay('2026-03-03'), now, 60)).toBe('AHEAD');
    // Five minutes before the day begins, by our clock, it may have begun by the bank's.
    expect(slipAgeProblem(transferOnThaiDay('2026-03-03'), new Date('2026-03-02T16:55:00Z'), 60)).toBeNull();
  });
});
