/**
 * The signed-in member's own account: profile, bank account name, password.
 * Every query is keyed by the caller's user id, never by anything the client
 * sends, so a member can only see and change their own data.
 */
import type { FastifyInstance } from 'fastify';
import type * as v from 'valibot';
import type { ProfileUpdateRequest } from '../../contract/api.ts';
import { endpoints } from '../../contract/endpoints.ts';
import { isEnglishName, isPlainName, normalizeNamePart, passwordError } from '../../contract/rules/members.ts';
import { bankAccountOf, profileAnswer, profileOf } from '../answers/profile.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { ApiError } from '../errors.ts';
import { CHANGE_PASSWORD_DELAY } from '../policy.ts';
import { revokeOtherSessions } from '../repositories/sessions.ts';
import { findUserById, updateBankAccountName, updateName, updatePasswordHash, type ProfileRow } from '../repositories/users.ts';
import { route } from '../route.ts';

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

export async function accountRoutes(app: FastifyInstance): Promise<void> {
  const { db, clock, limits } = app;

  route(app, endpoints.profileGet, async ({ caller }) => profileAnswer(await profileOf(db, caller.userId)));

  route(app, endpoints.profileUpdate, async ({ body, caller }) => {
    const name = body.name.replace(/\s+/g, ' ');
    if (!isPlainName(name)) throw new ApiError(400, 'KEY_INVALID');
    const row = await profileOf(db, caller.userId);
    if (!matchesRegisteredBank(body, row)) throw new ApiError(400, 'INVALID_USER_INFO');
    await updateName(db, caller.userId, name);
    return profileAnswer({ ...row, name });
  });

  route(app, endpoints.bankAccountName, async ({ body, caller }) => {
    const bankAccount = bankAccountOf(await profileOf(db, caller.userId));
    if (!bankAccount || body.bankCode !== bankAccount.bankCode) throw new ApiError(400, 'INVALID_BANK');
    // spec 5: the name edit takes English letters and spaces only, for every bank.
    const accountName = normalizeNamePart(body.bankAccountName);
    if (!isEnglishName(accountName)) throw new ApiError(400, 'BANK_ACCOUNT_NAME_ENG');
    await updateBankAccountName(db, caller.userId, accountName);
    return { bankAccount: { ...bankAccount, bankAccountName: accountName } };
  });

  route(app, endpoints.changePassword, async ({ body, caller }) => {
    const passwordProblem = passwordError(body.newPassword);
    if (passwordProblem) throw new ApiError(400, passwordProblem);
    const now = clock();
    // A stolen session must not become a free oracle for the password: wrong old passwords slow the next try.
    const throttleKey = `changepwd:${caller.userId}`;
    await limits.reserve(throttleKey, CHANGE_PASSWORD_DELAY, now);
    const user = await findUserById(db, caller.userId);
    if (!user || !(await verifyPassword(body.oldPassword, user.passwordHash))) throw new ApiError(400, 'WRONG_PASSWORD');
    await limits.release(throttleKey);
    const passwordHash = await hashPassword(body.newPassword);
    // Other devices must sign in again with the new password; this session stays (docs/decisions/0032-member-sessions.md).
    const ended = await db.transaction(async (tx) => {
      await updatePasswordHash(tx, caller.userId, passwordHash);
      return revokeOtherSessions(tx, caller.userId, caller.sessionId, now);
    });
    app.chatHub.endSessions('member', ended);
    return { message: 'SUCCESS' };
  });
}
