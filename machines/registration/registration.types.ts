/** Registration wizard, steps 0-3 (spec 2 Registration, spec 4, spec 5). */
import type { Currency, Variant } from '../../src/contract/rules/members.ts';

export interface RegistrationInput {
  variant: Variant;
  /** Invite code stored from ?code= (localStorage 'code'); locks the inviter field. */
  inviteCode: string | null;
}

export interface BankOption {
  code: string;
  nameTH: string;
  nameEN: string;
}

interface SourceOption {
  code: string;
  description: string;
}

export interface RegistrationLookups {
  registerOTP: boolean;
  banks: BankOption[];
  sources: SourceOption[];
}

export interface RegistrationContext {
  variant: Variant;
  otpEnabled: boolean;
  banks: BankOption[];
  sources: SourceOption[];
  phone: string;
  otpRef: string;
  /**
   * The OTP challenge's token: on the OTP step the one whose code is typed;
   * once verified, the proof of the phone that the validate and register
   * payloads and a later send carry (docs/decisions/0072-registration-bound-to-verified-challenge.md).
   * Dropped when the phone changes.
   */
  otpToken: string;
  otpCode: string;
  name: string;
  password: string;
  confirmPassword: string;
  sourceCode: string;
  inviteCode: string;
  /** true when the invite code came from a link: the field is read-only. */
  inviteLocked: boolean;
  bankCode: string;
  firstName: string;
  lastName: string;
  bankAccountNo: string;
  currency: Currency | '';
  /** Catalogue code (or raw server message) for the current step; null when none. */
  error: string | null;
}

export type RegistrationField =
  | 'phone'
  | 'otpCode'
  | 'name'
  | 'password'
  | 'confirmPassword'
  | 'sourceCode'
  | 'inviteCode'
  | 'bankCode'
  | 'firstName'
  | 'lastName'
  | 'bankAccountNo'
  | 'currency';

export type RegistrationEvent =
  | { type: 'field.change'; field: RegistrationField; value: string }
  | { type: 'phone.submit' }
  | { type: 'otp.submit' }
  | { type: 'otp.resend' }
  | { type: 'profile.submit' }
  | { type: 'bank.submit' }
  | { type: 'step.back' };

/** The spec 3 registration payload, plus the verified OTP token (decision 0072). */
export interface RegistrationPayload {
  name: string;
  username: string;
  password: string;
  sourceCode: string;
  inviteCode: string;
  bankCode: string;
  bankAccountName: string;
  bankAccountNo: string;
  currency: Currency | '';
  /** The verified OTP token (decision 0072); '' with OTP off. */
  otpToken: string;
}

export interface OtpRequest {
  phoneNumber: string;
  /** The token of an earlier verification of this phone, or ''. */
  otpToken: string;
}

export interface OtpSent {
  otpRef: string;
  /** A new token with SUCCESS; with OTP_VERIFIED the verified token that was sent. */
  otpToken: string;
  /** 'SUCCESS' (code sent) or 'OTP_VERIFIED' (skip the OTP step). */
  code: string;
}

/**
 * Actors the view provides:
 *   loadLookups (→ RegistrationLookups; rejects on network failure),
 *   sendOtp (OtpRequest → Result<OtpSent>),
 *   verifyOtp ({ otpToken, otpCode } → Result<unknown>),
 *   validateRegistration (RegistrationPayload → Result<unknown>),
 *   register (RegistrationPayload → Result<unknown>).
 * Actions the view provides: showSuccess (toast), goToLogin, forgetInviteCode.
 * Delay: redirectToLogin = 2000 ms (spec 9).
 * Tags: 'step:phone' (0), 'step:otp' (1), 'step:profile' (2), 'step:bank' (3),
 *   'busy' (a call in flight; buttons disabled), 'registered'.
 *   While the lookups load only 'busy' is set (no step yet). If they fail the
 *   wizard opens anyway on the phone step with OTP on, empty lists and error
 *   NETWORK_ERROR.
 * Client-side error codes besides the catalogue: 'PASSWORDS_DONT_MATCH',
 *   'PASSWORD_TOO_SHORT' (password shorter than PASSWORD_MIN_LENGTH; the server
 *   would answer KEY_INVALID), NETWORK_ERROR (machines/shared/result.ts). The
 *   catalogue's OTP_CODE_INVALID also comes from the client for a code that is
 *   not 6 digits, BANK_ACCOUNT_NAME_ENG for a non-English name at KTB, TMB, BBL,
 *   and BANK_ACCOUNT_NO_INVALID for an account number that is not 6 to 20
 *   digits (bankAccountNumberError, the server's rule and code too).
 * firstName and lastName are kept uppercase as typed (spec 2).
 */
export type RegistrationTag = 'step:phone' | 'step:otp' | 'step:profile' | 'step:bank' | 'busy' | 'registered';
