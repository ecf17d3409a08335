/**
 * A member's standing (users.status): an operator suspends an account
 * (reversible) or closes it. Either ends every session of the member at
 * once, in the same transaction, their game pages' sessions and unused
 * entry tokens too; the session checks (wallet and game pages) refuse any
 * token of a member who is not active; login answers INACTIVE_USER.
 */
import { quietHub, type ChatHub } from '../chat/hub.ts';
import type { Db } from '../db/client.ts';
import { revokeMemberGameSessions } from '../repositories/game-sessions.ts';
import { recordAudit } from '../repositories/audit.ts';
import { revokeAllSessions } from '../repositories/sessions.ts';
import { findProfile, findUserByPhone, lockMemberStatus, updateMemberStatus, type MemberStatus } from '../repositories/users.ts';

export interface Standing {
  username: string;
  name: string;
  status: MemberStatus;
}

/**
 * The member's new standing, or null when no member has the phone; the
 * audit records `operatorId`'s change. `sockets` closes the ended sessions'
 * chat sockets once the change is committed.
 */
export async function setMemberStatus(
  db: Db,
  operatorId: number,
  phone: string,
  status: MemberStatus,
  now: Date,
  sockets: Pick<ChatHub, 'endSessions'> = quietHub,
): Promise<Standing | null> {
  const member = await findUserByPhone(db, phone);
  if (!member) return null;
  const ended = await db.transaction(async (tx) => {
    // Read under the row's lock: the audit's `before` is what this change replaced.
    const before = (await lockMemberStatus(tx, member.id)) ?? member.status;
    await updateMemberStatus(tx, member.id, status);
    if (before !== status) {
      await recordAudit(tx, { operatorId, action: 'member.status', subject: phone, userId: member.id, before: { status: before }, after: { status }, createdAt: now });
    }
    if (status === 'active') return [];
    await revokeMemberGameSessions(tx, member.id, now);
    return revokeAllSessions(tx, member.id, now);
  });
  sockets.endSessions('member', ended);
  const profile = await findProfile(db, member.id);
  return { username: phone, name: profile?.name ?? '', status };
}
