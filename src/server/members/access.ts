/**
 * What an operator does to a member's way in, besides their standing
 * (standing.ts): ending their sessions (support) and changing the phone
 * they log in with (admins; spec 6 names an admin who does it). Each ends
 * the member's sessions at once, game pages' too, in the transaction that
 * records it in the audit; their chat sockets close once it is committed
 * (docs/decisions/0128-members-and-service-in-the-console.md).
 */
import { phoneError, type Variant } from '../../contract/rules/members.ts';
import { quietHub, type ChatHub } from '../chat/hub.ts';
import { violatedUniqueConstraint, type Db, type Transaction } from '../db/client.ts';
import { ApiError } from '../errors.ts';
import { recordAudit } from '../repositories/audit.ts';
import { revokeMemberGameSessions } from '../repositories/game-sessions.ts';
import { findOperatorByPhone } from '../repositories/operators.ts';
import { revokeAllSessions } from '../repositories/sessions.ts';
import { findProfile, findUserByPhone, lockMemberStatus, updatePhone } from '../repositories/users.ts';
import type { Standing } from './standing.ts';

export interface AccessContext {
  operatorId: number;
  now: Date;
  sockets?: Pick<ChatHub, 'endSessions'>;
}

async function endAll(tx: Transaction, userId: number, now: Date): Promise<number[]> {
  await revokeMemberGameSessions(tx, userId, now);
  return revokeAllSessions(tx, userId, now);
}

/** Ends every live session of the member with this phone: how many there were (404 NO_USER without one). */
export async function endMemberSessions(db: Db, { operatorId, now, sockets = quietHub }: AccessContext, phone: string): Promise<number> {
  const member = await findUserByPhone(db, phone);
  if (!member) throw new ApiError(404, 'NO_USER');
  const ended = await db.transaction(async (tx) => {
    const ids = await endAll(tx, member.id, now);
    await recordAudit(tx, { operatorId, action: 'member.sessions.ended', subject: phone, userId: member.id, before: { sessions: ids.length }, after: { sessions: 0 }, createdAt: now });
    return ids;
  });
  sockets.endSessions('member', ended);
  return ended.length;
}

/** Why a phone cannot be the member's new one: another member's (theirs already included) or an operator's. */
const TAKEN: Record<string, 'MEMBER_PHONE_TAKEN' | 'MEMBER_PHONE_IS_OPERATOR'> = {
  users_phone_unique: 'MEMBER_PHONE_TAKEN',
  phone_has_one_owner: 'MEMBER_PHONE_IS_OPERATOR',
};

/**
 * Moves the member with `phone` to `change.phone`, a phone of the variant's
 * shape that no member or operator holds (the database's constraint and
 * trigger decide a race the same way). The audit keeps both phones and the
 * reason; the member logs in again with the new one.
 */
export async function changeMemberPhone(
  db: Db,
  { operatorId, now, sockets = quietHub, variant }: AccessContext & { variant: Variant },
  phone: string,
  change: { phone: string; reason: string },
): Promise<Standing> {
  const problem = phoneError(variant, change.phone);
  if (problem) throw new ApiError(400, problem);
  const member = await findUserByPhone(db, phone);
  if (!member) throw new ApiError(404, 'NO_USER');
  if (await findUserByPhone(db, change.phone)) throw new ApiError(409, 'MEMBER_PHONE_TAKEN');
  if (await findOperatorByPhone(db, change.phone)) throw new ApiError(409, 'MEMBER_PHONE_IS_OPERATOR');
  let changed: { ended: number[]; status: Standing['status'] };
  try {
    changed = await db.transaction(async (tx) => {
      const status = (await lockMemberStatus(tx, member.id)) ?? member.status;
      await updatePhone(tx, member.id, change.phone);
      await recordAudit(tx, {
        operatorId,
        action: 'member.phone',
        subject: change.phone,
        userId: member.id,
        before: { phone },
        after: { phone: change.phone, reason: change.reason },
        createdAt: now,
      });
      return { ended: await endAll(tx, member.id, now), status };
    });
  } catch (error) {
    const taken = TAKEN[violatedUniqueConstraint(error) ?? ''];
    if (taken) throw new ApiError(409, taken);
    throw error;
  }
  sockets.endSessions('member', changed.ended);
  const profile = await findProfile(db, member.id);
  return { username: change.phone, name: profile?.name ?? '', status: changed.status };
}
