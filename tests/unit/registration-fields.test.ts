import { describe, expect, it } from 'vitest';
import { invalidFields } from '../../machines/registration/registration.selectors.ts';

const withError = (error: string | null) => invalidFields({ context: { error } });

describe('registration: the fields an error is about (spec 5)', () => {
  it('marks the fields the code names, and only those', () => {
    expect(withError('PHONE_NUMBER_REQUIRE_10_DIGIT')).toEqual(['phone']);
    expect(withError('OTP_EXPIRED')).toEqual(['otpCode']);
    expect(withError('PASSWORDS_DONT_MATCH')).toEqual(['password', 'confirmPassword']);
    expect(withError('INVALID_CODE')).toEqual(['inviteCode']);
    expect(withError('EXISTING_BANK')).toEqual(['bankAccountNo']);
    expect(withError('BANK_ACCOUNT_NO_INVALID')).toEqual(['bankAccountNo']);
    expect(withError('BANK_ACCOUNT_NAME_ENG')).toEqual(['firstName', 'lastName']);
  });

  it('marks none without an error, or for one about no field', () => {
    expect(withError(null)).toEqual([]);
    expect(withError('NETWORK_ERROR')).toEqual([]);
    expect(withError('OTP_BLOCK')).toEqual([]);
    // The server's answer to a malformed account number is generic: it names no field.
    expect(withError('KEY_INVALID')).toEqual([]);
    // A raw server message is shown as it is, and points at nothing.
    expect(withError('constructor')).toEqual([]);
  });

  it('answers the same list for the same error, so a view re-renders only when it changes', () => {
    expect(withError('EXISTING_USER')).toBe(withError('EXISTING_USER'));
    expect(withError(null)).toBe(withError('NETWORK_ERROR'));
  });
});
