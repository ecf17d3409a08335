import { describe, expect, it } from 'vitest';
import {
  amountSign,
  pageCount,
  pageLinks,
  statementKind,
  statusKind,
} from '../../src/features/statement/statement-rules.ts';
import { timeAgo } from '../../src/features/ui/time-ago.ts';

describe('statement rules (spec 4, 9)', () => {
  it('reads statement types case-insensitively; any other type is unknown', () => {
    expect(statementKind('deposit')).toBe('deposit');
    expect(statementKind('DEPOSIT')).toBe('deposit');
    expect(statementKind('Finish_Bonus')).toBe('finish_bonus');
    expect(statementKind('Transfer')).toBe('transfer');
    expect(statementKind('withdraw')).toBe('withdraw');
    expect(statementKind('bonus')).toBe('bonus');
    expect(statementKind('luckydraw')).toBe('unknown');
    expect(statementKind('')).toBe('unknown');
  });

  it('signs deposits and bonuses +, withdrawals -, others nothing', () => {
    expect(amountSign('deposit')).toBe('+');
    expect(amountSign('bonus')).toBe('+');
    expect(amountSign('withdraw')).toBe('-');
    expect(amountSign('transfer')).toBe('');
    expect(amountSign('finish_bonus')).toBe('');
    expect(amountSign('unknown')).toBe('');
  });

  it('shows SUCCESS as success, FAILED as failure, anything else as in progress', () => {
    expect(statusKind('SUCCESS')).toBe('success');
    expect(statusKind('success')).toBe('success');
    expect(statusKind('FAILED')).toBe('failure');
    expect(statusKind('PENDING')).toBe('inProgress');
    expect(statusKind('WAITING')).toBe('inProgress');
    expect(statusKind('')).toBe('inProgress');
  });

  it('links 3 pages before the current one and 1 after, within the pages that exist', () => {
    expect(pageLinks(1, 1)).toEqual([1]);
    expect(pageLinks(1, 9)).toEqual([1, 2]);
    expect(pageLinks(3, 9)).toEqual([1, 2, 3, 4]);
    expect(pageLinks(5, 9)).toEqual([2, 3, 4, 5, 6]);
    expect(pageLinks(9, 9)).toEqual([6, 7, 8, 9]);
    expect(pageLinks(12, 9)).toEqual([9]);
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
  });

  it('says how long ago in the largest whole unit, a year being 365 days and a month 30', () => {
    const second = 1000;
    const day = 24 * 60 * 60 * second;
    expect(timeAgo(0)).toEqual({ count: 0, unit: 'second' });
    expect(timeAgo(-5 * second)).toEqual({ count: 0, unit: 'second' });
    expect(timeAgo(59 * second)).toEqual({ count: 59, unit: 'second' });
    expect(timeAgo(90 * second)).toEqual({ count: 1, unit: 'minute' });
    expect(timeAgo(2 * 60 * 60 * second)).toEqual({ count: 2, unit: 'hour' });
    expect(timeAgo(29 * day)).toEqual({ count: 29, unit: 'day' });
    expect(timeAgo(30 * day)).toEqual({ count: 1, unit: 'month' });
    expect(timeAgo(364 * day)).toEqual({ count: 12, unit: 'month' });
    expect(timeAgo(365 * day)).toEqual({ count: 1, unit: 'year' });
    expect(timeAgo(800 * day)).toEqual({ count: 2, unit: 'year' });
  });
});
