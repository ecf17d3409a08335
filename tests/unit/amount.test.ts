/** Amounts as members type them (machines/shared/amount.ts) and the idempotency keys of money actions. */
import { describe, expect, it } from 'vitest';
import { amountText, parseAmount } from '../../machines/shared/amount.ts';
import { idempotencyKey, outcomeUnknown } from '../../machines/money-action/money-action.machine.ts';
import { IdempotencyKey } from '../../src/contract/endpoints.ts';
import * as v from 'valibot';

describe('parseAmount', () => {
  it.each([
    ['100', 100],
    [' 100 ', 100],
    ['0.5', 0.5],
    ['12.34', 12.34],
    ['12.', 12],
    ['1,000', 1000],
    ['12,345.67', 12345.67],
    ['0', 0],
  ])('reads %j as %d', (typed, amount) => {
    expect(parseAmount(typed)).toBe(amount);
  });

  it.each(['', 'abc', '12abc', '-5', '1.234', '.5', '12,5', '1,00', '1 000', '1e3', '2000000000'])('refuses %j', (typed) => {
    expect(parseAmount(typed)).toBeNull();
  });

  it('writes a balance the way the field shows it', () => {
    expect([amountText(300), amountText(1234.5)]).toEqual(['300.00', '1234.50']);
    expect(parseAmount(amountText(1234.5))).toBe(1234.5);
  });
});

describe('idempotency keys', () => {
  it('numbers the actions of one opening, in the shape the contract accepts', () => {
    const prefix = '0123456789abcdef0123456789abcdef';
    const keys = [1, 2, 3].map((action) => idempotencyKey(prefix, action));

    expect(new Set(keys).size).toBe(3);
    for (const key of keys) expect(v.is(IdempotencyKey, key)).toBe(true);
  });

  it('calls an outcome unknown only when no answer, or a 5xx without one, came', () => {
    expect(outcomeUnknown({ ok: false, message: 'NETWORK_ERROR' })).toBe(true);
    expect(outcomeUnknown({ ok: false, message: 'INTERNAL_SERVER_ERROR' })).toBe(true);
    expect(outcomeUnknown({ ok: false, message: 'TRANSFER_FAIL' })).toBe(false);
    expect(outcomeUnknown({ ok: true, data: {} })).toBe(false);
  });
});
