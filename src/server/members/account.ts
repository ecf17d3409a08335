/**
 * The signed-in member's own account: their name, their bank account's
 * name, their password. Each is keyed by the caller's user id, never by
 * anything the client sends, so a member changes only their own data.
 */
import type * as v from 'valibot';
import type { BankAccountNameRequest, ChangePasswordRequest, ProfileUpdateRequest } from '../../contract/api.ts';
import { isEnglishName, isPlainName, normalizeNamePart, passwordError } from '../../contract/rules/members.ts';
import { bankAccountOf, profileOf, type BankAccountAnswer } from '../answers/profile.ts';
import { commonPasswordError } from '../auth/password-strength.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import type { ChatHub } from '../chat/hub.ts';
import type { Db } from '../db/client.ts';
import { renewGameCredentials, type GameAccountContext } from '../games/accounts.ts';
import { ApiError } from '../errors.ts';
import type { Limits } from '../limits/limits.ts';
import { CHANGE_PASSWORD_DELAY } from '../policy.ts';
import { revokeOtherSessions } from '../repositories/sessions.ts';
import { findProfile, findUserById, updateBankAccountName, updateName, updatePasswordHash, type ProfileRow } from '../repositories/users.ts';

/**
 * The profile form may send the bank fields back, but it cannot switch the
 * account (withdrawals go there; changing it is a support action): each one
 * sent must match what is registered.
 */
function matchesRegisteredBank(body: v.InferOutput<typeof ProfileUpdateRequest>, row: ProfileRow): boolean {
  const sent = (value: string | undefined) => (value ?? '').trim();
  const same = (value: string, registered: string | null) => value === '' || value === registered;
  return (
    same(sent(body.bankCode), row.bankCode) &&
    same(sent(body.bankAccountNo), row.accountNo) &&
    same(normalizeNamePart(sent(body.bankAccountName)), row.accountName)
  );
}

/** The member's new name (KEY_INVALID unless a plain name; INVALID_USER_INFO for other bank details); their profile after. */
export async function renameMember(db: Db, userId: number, body: v.InferOutput<typeof ProfileUpdateRequest>): Promise<ProfileRow> {
  const name = body.name.replace(/\s+/g, ' ');
  if (!isPlainName(name)) throw new ApiError(400, 'KEY_INVALID');
  const row = await profileOf(db, userId);
  if (!matchesRegisteredBank(body, row)) throw new ApiError(400, 'INVALID_USER_INFO');
  await updateName(db, userId, name);
  return { ...row, name };
}

/** The registered bank account's new name (INVALID_BANK for another bank, BANK_ACCOUNT_NAME_ENG); the account after. */
export async function renameBankAccount(db: Db, userId: number, body: v.InferOutput<typeof BankAccountNameRequest>): Promise<BankAccountAnswer> {
  const bankAccount = bankAccountOf(await profileOf(db, userId));
  if (!bankAccount || body.bankCode !== bankAccount.bankCode) throw new ApiError(400, 'INVALID_BANK');
  // spec 5: the name edit takes English letters and spaces only, for every bank.
  const accountName = normalizeNamePart(body.bankAccountName);
  if (!isEnglishName(accountName)) throw new ApiError(400, 'BANK_ACCOUNT_NAME_ENG');
  await updateBankAccountName(db, userId, accountName);
  return { ...bankAccount, bankAccountName: accountName };
}

export interface PasswordChange {
  limits: Limits;
  /** The game providers and the request's log: the member's game passwords are renewed with theirs. */
  games: Omit<GameAccountContext, 'userId' | 'now'>;
  /** Closes the chat sockets of the sessions the change ends, once it is committed. */
  sockets: Pick<ChatHub, 'endSessions'>;
  now: Date;
}

/**
 * A new password (PASSWORD_TOO_SHORT, PASSWORD_TOO_COMMON; WRONG_PASSWORD unless the old one is
 * right). Every other session of the member ends with it; this one stays
 * (docs/decisions/0032-member-sessions.md). Their game pages end too, and
 * each game account gets a new password, as a suspension ends them.
 */
export async function changePassword(
  db: Db,
  { limits, sockets, now, games }: PasswordChange,
  session: { userId: number; sessionId: number },
  body: v.InferOutput<typeof ChangePasswordRequest>,
): Promise<void> {
  const member = await findProfile(db, session.userId);
  const passwordProblem = passwordError(body.newPassword) ?? (await commonPasswordError(body.newPassword, member ? [member.phone, member.name, member.accountName ?? ''] : []));
  if (passwordProblem) throw new ApiError(400, passwordProblem);
  // A stolen session must not become a free oracle for the password: wrong old passwords slow the next try.
  const throttleKey = `changepwd:${session.userId}`;
  await limits.reserve(throttleKey, CHANGE_PASSWORD_DELAY, now);
  const user = await findUserById(db, session.userId);
  if (!user || !(await verifyPassword(body.oldPassword, user.passwordHash))) throw new ApiError(400, 'WRONG_PASSWORD');
  await limits.release(throttleKey);
  const passwordHash = await hashPassword(body.newPassword);
  const ended = await db.transaction(async (tx) => {
    await updatePasswordHash(tx, session.userId, passwordHash);
    await renewGameCredentials(tx, { ...games, userId: session.userId, now });
    return revokeOtherSessions(tx, session.userId, session.sessionId, now);
  });
  sockets.endSessions('member', ended);
}
