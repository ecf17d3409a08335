/**
 * Business rules of spec section 5 that both sides enforce: the SPA to answer
 * at once, the server because the client is never trusted.
 */
import type { ErrorCode } from '../errors.ts';

export type Variant = 'th' | 'la';
export const VARIANTS = ['th', 'la'] as const satisfies readonly Variant[];

export type Currency = 'LAK' | 'BAHT';
/** spec 9: LAK and BAHT in the Laos build, LAK by default. */
export const LAOS_CURRENCIES = ['LAK', 'BAHT'] as const satisfies readonly Currency[];

/** spec 5 and 9: these banks need an account name in English letters. */
export const ENGLISH_NAME_BANKS = ['KTB', 'TMB', 'BBL'] as const;

/** spec 5: passwords have no minimum in the spec; we ask 8 (docs/decisions/0003-password-minimum-8.md). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** A new password (registration, change password) has at least PASSWORD_MIN_LENGTH characters: PASSWORD_TOO_SHORT. */
export function passwordError(password: string): 'PASSWORD_TOO_SHORT' | null {
  return password.length < PASSWORD_MIN_LENGTH ? 'PASSWORD_TOO_SHORT' : null;
}
export const NAME_MAX_LENGTH = 100;

/** Laos numbers have no fixed length; we accept 8 to 13 digits there (docs/decisions/0006-variant-at-build-time.md). */
const THAI_PHONE = /^\d{10}$/;
const LAOS_PHONE = /^\d{8,13}$/;

export function phoneError(variant: Variant, phone: string): ErrorCode | null {
  const pattern = variant === 'la' ? LAOS_PHONE : THAI_PHONE;
  return pattern.test(phone) ? null : 'PHONE_NUMBER_REQUIRE_10_DIGIT';
}

export function needsEnglishName(bankCode: string): boolean {
  return (ENGLISH_NAME_BANKS as readonly string[]).includes(bankCode);
}

/** English letters and single spaces between words, as the bank step and the name edit ask. */
export function isEnglishName(name: string): boolean {
  return /^[A-Za-z]+( [A-Za-z]+)*$/.test(name.trim());
}

/**
 * A person's name: letters of any script (with their combining marks, as Thai
 * and Lao write vowels and tones), spaces, dots, apostrophes and hyphens. No
 * digits, markup or control characters.
 */
export function isPlainName(name: string): boolean {
  return /^[\p{L}\p{M}][\p{L}\p{M} .'-]*$/u.test(name.trim());
}

/** spec 5: name parts are trimmed and uppercased. Inner runs of spaces collapse to one. */
export function normalizeNamePart(part: string): string {
  return part.trim().replace(/\s+/g, ' ').toUpperCase();
}

/** spec 3: the account name is first and last name joined by a space. */
export function joinAccountName(firstName: string, lastName: string): string {
  return `${normalizeNamePart(firstName)} ${normalizeNamePart(lastName)}`;
}

/** spec 2 and 9: invite links carry PR followed by the profile id. */
export const INVITE_PREFIX = 'PR';
export function inviteCodeFor(profileId: string): string {
  return `${INVITE_PREFIX}${profileId}`;
}
export function profileIdFromInviteCode(code: string): string | null {
  const match = /^PR(\d{1,18})$/i.exec(code.trim());
  return match ? match[1]! : null;
}

/**
 * A bank account number is 6 to 20 digits, whatever the bank:
 * BANK_ACCOUNT_NO_INVALID otherwise, answered alike by the server and the
 * registration wizard (docs/decisions/0094-one-code-per-shared-rule.md). An
 * empty number is KEY_MISSING, which the caller answers before asking this.
 */
export function bankAccountNumberError(accountNo: string): 'BANK_ACCOUNT_NO_INVALID' | null {
  return /^\d{6,20}$/.test(accountNo) ? null : 'BANK_ACCOUNT_NO_INVALID';
}

/** spec 2: a 10-digit account number is shown grouped 3-3-4. */
export function groupAccountNumber(accountNo: string): string {
  return /^\d{10}$/.test(accountNo)
    ? `${accountNo.slice(0, 3)}-${accountNo.slice(3, 6)}-${accountNo.slice(6)}`
    : accountNo;
}
