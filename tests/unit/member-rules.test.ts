/** The member rules both sides apply (src/contract/rules/members.ts). */
import { describe, expect, it } from 'vitest';
import { bankAccountNumberError } from '../../src/contract/rules/members.ts';

describe('bankAccountNumberError', () => {
  it.each([
    ['6 digits', '123456', null],
    ['20 digits', '1'.repeat(20), null],
    ['5 digits', '12345', 'BANK_ACCOUNT_NO_INVALID'],
    ['21 digits', '1'.repeat(21), 'BANK_ACCOUNT_NO_INVALID'],
    ['dashes', '123-456-7890', 'BANK_ACCOUNT_NO_INVALID'],
    ['letters', '12345678AB', 'BANK_ACCOUNT_NO_INVALID'],
    ['spaces around', ' 1234567890 ', 'BANK_ACCOUNT_NO_INVALID'],
  ])('%s: %s', (_what, accountNo, expected) => {
    expect(bankAccountNumberError(accountNo)).toBe(expected);
  });
});
