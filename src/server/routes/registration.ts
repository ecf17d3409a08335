/**
 * Registration (spec 3 and 5). /api/account/validate runs every check the
 * SPA's profile step can use, before the bank step exists, so empty bank
 * fields pass there; /api/account requires them and creates the member and
 * the bank account in one transaction. With registerOTP on, both take the
 * verified OTP challenge's token, and /api/account uses it up in that
 * transaction: one challenge registers one member, once.
 */
import type { FastifyInstance } from 'fastify';
import type { RegistrationRequest } from '../../contract/api.ts';
import { endpoints } from '../../contract/endpoints.ts';
import type { ErrorCode } from '../../contract/errors.ts';
import {
  passwordError,
  isEnglishName,
  isPlainName,
  needsEnglishName,
  normalizeNamePart,
  phoneError,
  profileIdFromInviteCode,
  type Variant,
} from '../../contract/rules/members.ts';
import { hashPassword } from '../auth/passwords.ts';
import { hashToken } from '../auth/tokens.ts';
import { violatedUniqueConstraint } from '../db/client.ts';
import { ApiError } from '../errors.ts';
import { PHONE_VERIFICATION_LIFETIME_MS } from '../policy.ts';
import { findActiveBank, isActiveSource } from '../repositories/lookups.ts';
import { insertInvite } from '../repositories/invites.ts';
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
import { route } from '../route.ts';

/** The unique constraints that make a racing duplicate registration a 409. */
const CONFLICTS: Record<string, ErrorCode> = {
  users_phone_unique: 'EXISTING_USER',
  // An operator's phone (migration 0005's trigger): taken, as far as a visitor can tell.
  phone_has_one_owner: 'EXISTING_USER',
  bank_accounts_number_unique: 'EXISTING_BANK',
};

const ACCOUNT_NUMBER = /^\d{6,20}$/;
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

export async function registrationRoutes(app: FastifyInstance): Promise<void> {
  const { db, clock, config } = app;

  /** The caller's verified challenge of the phone: the token it presents, never the phone alone (issue 9). */
  function proofOf(body: RegistrationRequest): PhoneProof {
    if (body.otpToken === '') throw new ApiError(400, 'UNVERIFIED_OTP');
    return {
      tokenHash: hashToken(body.otpToken),
      phone: body.username,
      verifiedAfter: new Date(clock().getTime() - PHONE_VERIFICATION_LIFETIME_MS),
    };
  }

  async function inviterOf(inviteCode: string): Promise<number | null> {
    if (inviteCode.trim() === '') return null;
    const profileId = profileIdFromInviteCode(inviteCode);
    const id = profileId === null ? null : Number(profileId);
    const inviter = id !== null && id <= MAX_USER_ID ? await findUserById(db, id) : undefined;
    if (!inviter) throw new ApiError(400, 'INVALID_CODE');
    return inviter.id;
  }

  async function checkBankAccount(body: RegistrationRequest, currency: Currency, required: boolean): Promise<NewBankAccount> {
    const bankCode = body.bankCode.trim();
    const accountNo = body.bankAccountNo.trim();
    const accountName = normalizeNamePart(body.bankAccountName);
    if (required && (bankCode === '' || accountNo === '' || accountName === '')) throw new ApiError(400, 'KEY_MISSING');
    if (bankCode !== '' && !(await findActiveBank(db, bankCode))) throw new ApiError(400, 'INVALID_BANK');
    if (accountNo !== '' && !ACCOUNT_NUMBER.test(accountNo)) throw new ApiError(400, 'KEY_INVALID');
    if (accountName !== '') {
      // spec 5: KTB, TMB and BBL need the account name in English letters.
      if (needsEnglishName(bankCode) && !isEnglishName(accountName)) throw new ApiError(400, 'BANK_ACCOUNT_NAME_ENG');
      if (!isPlainName(accountName)) throw new ApiError(400, 'KEY_INVALID');
    }
    return { bankCode, accountNo, accountName, currency };
  }

  /** Every rule, in the order a member meets the fields; throws the first failure. */
  async function checkRegistration(body: RegistrationRequest, bankRequired: boolean): Promise<Registration> {
    const phone = body.username;
    const phoneProblem = phoneError(config.variant, phone);
    if (phoneProblem) throw new ApiError(400, phoneProblem);
    const name = body.name.replace(/\s+/g, ' ');
    if (!isPlainName(name)) throw new ApiError(400, 'KEY_INVALID');
    const passwordProblem = passwordError(body.password);
    if (passwordProblem) throw new ApiError(400, passwordProblem);
    const sourceCode = body.sourceCode.trim();
    if (sourceCode !== '' && !(await isActiveSource(db, sourceCode))) throw new ApiError(400, 'KEY_INVALID');
    const invitedBy = await inviterOf(body.inviteCode);
    const bankAccount = await checkBankAccount(body, currencyFor(config.variant, body.currency), bankRequired);

    if (await findUserByPhone(db, phone)) throw new ApiError(409, 'EXISTING_USER');
    const { bankCode, accountNo } = bankAccount;
    if (bankCode !== '' && accountNo !== '' && (await isBankAccountTaken(db, bankCode, accountNo))) {
      throw new ApiError(409, 'EXISTING_BANK');
    }
    const phoneProof = (await getSetting(db, 'registerOTP')) ? proofOf(body) : null;
    if (phoneProof && !(await isPhoneProven(db, phoneProof))) throw new ApiError(400, 'UNVERIFIED_OTP');
    return { phone, name, sourceCode: sourceCode || null, invitedBy, bankAccount, phoneProof };
  }

  // Both answer EXISTING_USER and EXISTING_BANK: counted per address, so they are no free oracle of who is a member.
  route(app, endpoints.accountValidate, async ({ body, request }) => {
    await app.limits.countAddress('validations', request.ip, clock());
    await checkRegistration(body, false);
    return { message: 'SUCCESS' };
  });

  route(app, endpoints.accountRegister, async ({ body, request }) => {
    await app.limits.countAddress('registrations', request.ip, clock());
    const { bankAccount, phoneProof, ...user } = await checkRegistration(body, true);
    const passwordHash = await hashPassword(body.password);
    const now = clock();
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
      // The checks above passed, but a registration running at the same time won the unique constraint.
      const conflict = CONFLICTS[violatedUniqueConstraint(error) ?? ''];
      if (conflict) throw new ApiError(409, conflict);
      throw error;
    }
    return { message: 'SUCCESS' };
  });
}
