/**
 * What the console's member page reads (support, finance): the member's
 * profile, balances, bonus, coupons, invites and live sessions, through the
 * same functions the member's own calls use, so the operator sees what the
 * member sees. Like the member's reads, an active bonus is ended first when
 * the end-threshold rule says so, and invites are settled as of now.
 */
import type { MemberDetail } from '../../contract/ops-members.ts';
import { toMajor } from '../../contract/money.ts';
import { profileAnswer, profileOf } from '../answers/profile.ts';
import type { Queryable } from '../db/client.ts';
import { ApiError } from '../errors.ts';
import type { Language } from '../language.ts';
import { spendableInWallet } from '../money/movement.ts';
import { bonusActive } from '../promotions/member-view.ts';
import { listMemberGameAccounts } from '../repositories/games.ts';
import { liveSessionsOf } from '../repositories/sessions.ts';
import { findUserByPhone, memberCurrency } from '../repositories/users.ts';
import { memberCoupons } from '../rewards/coupons.ts';
import { inviteSummary } from '../rewards/invites.ts';

/** The member with this phone (their id), or 404 NO_USER. */
export async function memberByPhone(db: Queryable, phone: string): Promise<{ id: number; status: MemberDetail['member']['status'] }> {
  const member = await findUserByPhone(db, phone);
  if (!member) throw new ApiError(404, 'NO_USER');
  return { id: member.id, status: member.status };
}

export async function memberPage(db: Queryable, phone: string, now: Date, language: Language): Promise<MemberDetail> {
  const { id, status } = await memberByPhone(db, phone);
  const { profile, bankAccount } = profileAnswer(await profileOf(db, id));
  const sessions = await liveSessionsOf(db, id, now);
  return {
    member: { id: profile._id, username: profile.username, name: profile.name, status, createdAt: profile.createdAt, coin: profile.coin, bankAccount },
    wallet: { amount: toMajor(await spendableInWallet(db, id)), currency: await memberCurrency(db, id) },
    games: await listMemberGameAccounts(db, id),
    bonus: await bonusActive(db, id, now),
    coupons: await memberCoupons(db, id, now, language),
    invite: await inviteSummary(db, id, now),
    sessions: sessions.map((session) => ({
      id: String(session.id),
      createdAt: session.createdAt.toISOString(),
      lastUsedAt: session.lastUsedAt?.toISOString() ?? null,
      expiresAt: session.expiresAt.toISOString(),
    })),
  };
}
