/**
 * Registration (spec 3 and 5). `checkRegistration` runs every check the
 * SPA's profile step can use, before the bank step exists, so empty bank
 * fields pass there; `registerMember` requires them and creates the member
 * and the bank account in one transaction. With registerOTP on, both take
 * the verified OTP challenge's token, and registering uses it up in that
 * transaction: one challenge registers one member, once.
 */
import type { RegistrationRequest } from '../../contract/api.ts';
import type { ErrorCode } from '../../contract/errors.ts';
import {
  bankAccountNumberError,
  isEnglishName,
  isPlainName,
  needsEnglishName,
  normalizeNamePart,
  passwordError,
  phoneError,
  profileIdFromInviteCode,
  type Variant,
} from '../../contract/rules/members.ts';
import { hashPassword } from '../auth/passwords.ts';
import { hashToken } from '../auth/tokens.ts';
import { violatedUniqueConstraint, type Db } from '../db/client.ts';
import { commonPasswordError } from '../auth/password-strength.ts';
import { ApiError } from '../errors.ts';
import { PHONE_VERIFICATION_LIFETIME_MS } from '../policy.ts';
import { insertInvite } from '../repositories/invites.ts';
import { findActiveBank, isActiveSource } from '../repositories/lookups.ts';
import { consumePhoneProof, isPhoneProven, type PhoneProof } from '../repositories/otp.ts';
import { getSetting } from '../repositories/settings.ts';
import {
  findUserById,
  findUserByPhone,
  insertBankAccount,
  insertUser,
  isBankAccountTaken,
  type Currency,
  type NewBankAccount,
} from '../repositories/users.ts';

export interface RegistrationContext {
  variant: Variant;
  now: Date;
}

/** The unique constraints that make a racing duplicate registration a 409. */
const CONFLICTS: Record<string, ErrorCode> = {
  users_phone_unique: 'EXISTING_USER',
  // An operator's phone (migration 0005's trigger): taken, as far as a visitor can tell.
  phone_has_one_owner: 'EXISTING_USER',
  bank_accounts_number_unique: 'EXISTING_BANK',
};

/** users.id is a PostgreSQL integer; a larger invite number cannot be anyone. */
const MAX_USER_ID = 2 ** 31 - 1;

interface Registration {
  phone: string;
  name: string;
  sourceCode: string | null;
  invitedBy: number | null;
  /** Fields may be empty only when validating (bank step not reached yet). */
  bankAccount: NewBankAccount;
  /** The verified OTP challenge the registration uses up; null with registerOTP off. */
  phoneProof: PhoneProof | null;
}

/** spec 9: LAK or BAHT in the Laos build (LAK by default); the Thai build is BAHT only. */
function currencyFor(variant: Variant, requested: RegistrationRequest['currency']): Currency {
  if (variant === 'th') {
    if (requested === 'LAK') throw new ApiError(400, 'KEY_INVALID');
    return 'BAHT';
  }
  return requested === '' ? 'LAK' : requested;
}

/** The caller's verified challenge of the phone: the token it presents, never the phone alone. */
function proofOf(body: RegistrationRequest, now: Date): PhoneProof {
  if (body.otpToken === '') throw new ApiError(400, 'UNVERIFIED_OTP');
  return {
    tokenHash: hashToken(body.otpToken),
    phone: body.username,
    verifiedAfter: new Date(now.getTime() - PHONE_VERIFICATION_LIFETIME_MS),
  };
}

async function inviterOf(db: Db, inviteCode: string): Promise<number | null> {
  if (inviteCode.trim() === '') return null;
  const profileId = profileIdFromInviteCode(inviteCode);
  const id = profileId === null ? null : Number(profileId);
  const inviter = id !== null && id <= MAX_USER_ID ? await findUserById(db, id) : undefined;
  if (!inviter) throw new ApiError(400, 'INVALID_CODE');
  return inviter.id;
}

async function checkBankAccount(db: Db, body: RegistrationRequest, currency: Currency, required: boolean): Promise<NewBankAccount> {
  const bankCode = body.bankCode.trim();
  const accountNo = body.bankAccountNo.trim();
  const accountName = normalizeNamePart(body.bankAccountName);
  if (required && (bankCode === '' || accountNo === '' || accountName === '')) throw new ApiError(400, 'KEY_MISSING');
  if (bankCode !== '' && !(await findActiveBank(db, bankCode))) throw new ApiError(400, 'INVALID_BANK');
  const accountNoProblem = accountNo === '' ? null : bankAccountNumberError(accountNo);
  if (accountNoProblem) throw new ApiError(400, accountNoProblem);
  if (accountName !== '') {
    // spec 5: KTB, TMB and BBL need the account name in English letters.
    if (needsEnglishName(bankCode) && !isEnglishName(accountName)) throw new ApiError(400, 'BANK_ACCOUNT_NAME_ENG');
    if (!isPlainName(accountName)) throw new ApiError(400, 'KEY_INVALID');
  }
  return { bankCode, accountNo, accountName, currency };
}

/**
 * The answer when the bank account is already someone's. A registration of
 * the same phone may have committed meanwhile (two identical submissions at
 * once): then the phone is named, as the form names the phone before the bank.
 */
async function bankAccountTaken(db: Db, phone: string): Promise<ApiError> {
  return new ApiError(409, (await findUserByPhone(db, phone)) ? 'EXISTING_USER' : 'EXISTING_BANK');
}

/** Every rule, in the order a member meets the fields; throws the first failure. */
async function checkedRegistration(db: Db, { variant, now }: RegistrationContext, body: RegistrationRequest, bankRequired: boolean): Promise<Registration> {
  const phone = body.username;
  const phoneProblem = phoneError(variant, phone);
  if (phoneProblem) throw new ApiError(400, phoneProblem);
  const name = body.name.replace(/\s+/g, ' ');
  if (!isPlainName(name)) throw new ApiError(400, 'KEY_INVALID');
  const passwordProblem = passwordError(body.password) ?? (await commonPasswordError(body.password, [phone, name]));
  if (passwordProblem) throw new ApiError(400, passwordProblem);
  const sourceCode = body.sourceCode.trim();
  if (sourceCode !== '' && !(await isActiveSource(db, sourceCode))) throw new ApiError(400, 'KEY_INVALID');
  const invitedBy = await inviterOf(db, body.inviteCode);
  const bankAccount = await checkBankAccount(db, body, currencyFor(variant, body.currency), bankRequired);

  if (await findUserByPhone(db, phone)) throw new ApiError(409, 'EXISTING_USER');
  const { bankCode, accountNo } = bankAccount;
  if (bankCode !== '' && accountNo !== '' && (await isBankAccountTaken(db, bankCode, accountNo))) throw await bankAccountTaken(db, phone);
  const phoneProof = (await getSetting(db, 'registerOTP')) ? proofOf(body, now) : null;
  if (phoneProof && !(await isPhoneProven(db, phoneProof))) throw new ApiError(400, 'UNVERIFIED_OTP');
  return { phone, name, sourceCode: sourceCode || null, invitedBy, bankAccount, phoneProof };
}

/** POST /api/account/validate: the profile step's checks; the bank fields may still be empty. */
export async function checkRegistration(db: Db, context: RegistrationContext, body: RegistrationRequest): Promise<void> {
  await checkedRegistration(db, context, body, false);
}

/** POST /api/account: every check, then the member, their bank account and their invite in one transaction. */
export async function registerMember(db: Db, context: RegistrationContext, body: RegistrationRequest): Promise<void> {
  const { bankAccount, phoneProof, ...user } = await checkedRegistration(db, context, body, true);
  const passwordHash = await hashPassword(body.password);
  const { now } = context;
  try {
    await db.transaction(async (tx) => {
      // First, so that of two registrations with one token the second waits
      // for the first and finds the challenge used: one challenge, one member.
      if (phoneProof && !(await consumePhoneProof(tx, phoneProof, now))) throw new ApiError(400, 'UNVERIFIED_OTP');
      const userId = await insertUser(tx, { ...user, passwordHash }, now);
      await insertBankAccount(tx, userId, bankAccount, now);
      // The invite waits for this member's play (docs/decisions/0098-invite-bonus.md); a new member cannot be their own inviter.
      if (user.invitedBy !== null) await insertInvite(tx, user.invitedBy, userId, now);
    });
  } catch (error) {
    // The checks passed, but a registration running at the same time won the unique constraint.
    const conflict = CONFLICTS[violatedUniqueConstraint(error) ?? ''];
    if (conflict === 'EXISTING_BANK') throw await bankAccountTaken(db, user.phone);
    if (conflict) throw new ApiError(409, conflict);
    throw error;
  }
}
