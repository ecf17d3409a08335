/**
 * Which fields the wizard's error points at (spec 5), so a view marks only
 * those invalid: the error line names them (aria-describedby), and a field
 * no error is about stays as it was.
 */
import type { RegistrationContext, RegistrationField } from './registration.types.ts';

const FIELDS_OF_ERROR: Readonly<Record<string, readonly RegistrationField[]>> = {
  PHONE_NUMBER_REQUIRE_10_DIGIT: ['phone'],
  EXISTING_USER: ['phone'],
  OTP_SEND_FAIL: ['phone'],
  OTP_CODE_INVALID: ['otpCode'],
  OTP_EXPIRED: ['otpCode'],
  OTP_VERIFY_FAIL: ['otpCode'],
  OTP_TOKEN_INVALID: ['otpCode'],
  OTP_NOT_EXIST: ['otpCode'],
  PASSWORDS_DONT_MATCH: ['password', 'confirmPassword'],
  PASSWORD_TOO_SHORT: ['password', 'confirmPassword'],
  PASSWORD_TOO_COMMON: ['password', 'confirmPassword'],
  INVALID_CODE: ['inviteCode'],
  INVALID_BANK: ['bankCode'],
  EXISTING_BANK: ['bankAccountNo'],
  BANK_ACCOUNT_NO_INVALID: ['bankAccountNo'],
  BANK_ACCOUNT_NAME_ENG: ['firstName', 'lastName'],
};

const NONE: readonly RegistrationField[] = [];

/** The fields the current error is about; none without an error, or for one about no field (NETWORK_ERROR, OTP_BLOCK). */
export function invalidFields({ context }: { context: Pick<RegistrationContext, 'error'> }): readonly RegistrationField[] {
  return (context.error !== null && Object.hasOwn(FIELDS_OF_ERROR, context.error) ? FIELDS_OF_ERROR[context.error] : undefined) ?? NONE;
}
