/**
 * The one rule of receiving a refund (src/contract/rules/refunds.ts
 * refundRefusal), which the server answers with and the refund modal
 * disables its button by (machines/refund-receive canReceiveRefund).
 */
import { describe, expect, it } from 'vitest';
import { toMinor } from '../../src/contract/money.ts';
import { refundRefusal, type RefundStanding } from '../../src/contract/rules/refunds.ts';
import { canReceiveRefund } from '../../machines/refund-receive/refund-receive.machine.ts';
import type { RefundCheck } from '../../machines/refund-receive/refund-receive.types.ts';

const RECEIVABLE: RefundStanding = { active: true, bonusHeld: false, amount: 1_000n, minimum: 500n };

describe('refundRefusal', () => {
  it('lets a member receive more than the minimum while the refund is on and no bonus is held', () => {
    expect(refundRefusal(RECEIVABLE)).toBeNull();
    expect(refundRefusal({ ...RECEIVABLE, amount: 501n })).toBeNull();
    expect(refundRefusal({ ...RECEIVABLE, amount: 1n, minimum: 0n })).toBeNull();
  });

  it('refuses an amount equal to the minimum, and below it (REFUND_MINIMUM)', () => {
    expect(refundRefusal({ ...RECEIVABLE, amount: 500n })).toBe('REFUND_MINIMUM');
    expect(refundRefusal({ ...RECEIVABLE, amount: 499n })).toBe('REFUND_MINIMUM');
  });

  it('refuses nothing accrued as NO_REFUND, whatever the minimum', () => {
    expect(refundRefusal({ ...RECEIVABLE, amount: 0n })).toBe('NO_REFUND');
    expect(refundRefusal({ ...RECEIVABLE, amount: 0n, minimum: 0n })).toBe('NO_REFUND');
  });

  it('checks in the server\'s order: off, then a held bonus, then the amount', () => {
    expect(refundRefusal({ active: false, bonusHeld: true, amount: 0n, minimum: 500n })).toBe('REFUND_INACTIVE');
    expect(refundRefusal({ active: true, bonusHeld: true, amount: 0n, minimum: 500n })).toBe('REFUND_CONDITION');
    expect(refundRefusal({ ...RECEIVABLE, bonusHeld: true })).toBe('REFUND_CONDITION');
  });
});

describe('canReceiveRefund (the modal, in major units)', () => {
  const check = (changes: Partial<RefundCheck>): RefundCheck => ({
    result: true,
    bonus: false,
    info: '',
    refundAmount: 10,
    refundSuccess: 1,
    refundFail: 0,
    percent: 10,
    period: 'week',
    minimum: 5,
    ...changes,
  });

  it('follows the rule on the check\'s figures, converted exactly to minor units', () => {
    expect(canReceiveRefund(check({}))).toBe(true);
    expect(canReceiveRefund(check({ refundAmount: 5 }))).toBe(false);
    // In floats 0.1 + 0.2 is above 0.3; in satang 30 is not above 30, as the server decides.
    expect(canReceiveRefund(check({ refundAmount: 0.1 + 0.2, minimum: 0.3 }))).toBe(false);
    expect(canReceiveRefund(check({ refundAmount: 39.99, minimum: 39.98 }))).toBe(true);
    expect(canReceiveRefund(check({ refundAmount: 39.99, minimum: 39.99 }))).toBe(false);
    expect(canReceiveRefund(check({ refundAmount: 0, minimum: 0 }))).toBe(false);
    expect(canReceiveRefund(check({ bonus: true }))).toBe(false);
    expect(canReceiveRefund(check({ result: false }))).toBe(false);
    expect(canReceiveRefund(null)).toBe(false);
    expect(toMinor(39.99)).toBe(3_999n);
  });
});
