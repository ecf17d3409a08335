/**
 * Invite tests' tools: the invite rule written into settings (the operator
 * API has its own tests), invitees registered through the API with the
 * inviter's code, and the member's invite calls.
 */
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { endpoints } from '../../../src/contract/endpoints.ts';
import { invites, users } from '../../../src/server/db/schema.ts';
import { putSetting, type Settings } from '../../../src/server/repositories/settings.ts';
import { call } from './http.ts';
import { login, type RegistrationBody } from './members.ts';
import { memberWithMoney, OPERATOR, type MoneyApp, type MoneyMember } from './money.ts';

export const DAY = 24 * 60 * 60 * 1000;

/** On by default: 10 % of a first deposit of at least 100, once the invitee bet 2 × it within 7 days. */
export async function setInviteRule(m: MoneyApp, rule: Partial<Settings['invite']> = {}): Promise<Settings['invite']> {
  const value = { active: true, percent: 10, minimumDeposit: 100, turnoverMultiplier: 2, windowDays: 7, ...rule };
  await putSetting(m.db, 'invite', value);
  return value;
}

/** The invite link's code of a member (spec 9: PR followed by the profile id). */
export const inviteCodeOf = (member: MoneyMember) => `PR${member.userId}`;

/**
 * A member who registered with the inviter's code, with the test slot opened
 * for their bets. Their bank account is held by another person than the
 * registration helper's default (the inviter's, unless a test chose one):
 * one holder name on both sides fails the invite (same_name).
 */
export function inviteeOf(m: MoneyApp, inviter: MoneyMember, registration: Partial<RegistrationBody> = {}): Promise<MoneyMember> {
  return memberWithMoney(m, { opened: ['TEST_SLOT'], registration: { inviteCode: inviteCodeOf(inviter), bankAccountName: 'MALEE JAIDEE', ...registration } });
}

/** Moves `amount` from the member's wallet into the test slot, as the SPA's transfer does. */
export async function toSlot(m: MoneyApp, member: MoneyMember, amount: number): Promise<void> {
  const response = await call(m.app, endpoints.transfer, { from: 'WALLET', to: 'TEST_SLOT', amount }, { token: member.token });
  expect(response.statusCode, response.body).toBe(200);
}

/**
 * Moves the clock on by days, past the members' (7 days) and the
 * operator's (8 hours) sessions: they sign in again, as they would.
 */
export async function daysLater(m: MoneyApp, ms: number, members: MoneyMember[]): Promise<void> {
  m.clock.advance(ms);
  m.operatorToken = await login(m, OPERATOR.phone, OPERATOR.password);
  for (const member of members) member.token = await login(m, member.phone, member.password);
}

/** GET /api/invite/bonus, answered as it is. */
export function collect(m: MoneyApp, token: string) {
  return call(m.app, endpoints.inviteCollect, undefined, { token });
}

/** POST /api/invite: one page of the caller's invites. */
export async function invitesOf(m: MoneyApp, token: string, page = 1, limit = 10) {
  const response = await call(m.app, endpoints.invites, { page, limit }, { token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { invites: { _id: string; from: { name: string }; amount: number; status: string; createdAt: string }[]; total: number };
}

/** GET /api/wallet's invite. */
export async function walletInviteOf(m: MoneyApp, token: string) {
  const response = await call(m.app, endpoints.wallet, undefined, { token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().invite as { amount: number; success: number; fail: number };
}

/** The inviter's invite rows as stored, oldest first. */
export function inviteRowsOf(m: MoneyApp, inviterId: number) {
  return m.db.select().from(invites).where(eq(invites.inviterId, inviterId)).orderBy(asc(invites.id));
}

let written = 0;

/** A member invited by `inviterId` written straight into users, as one registered before invites were kept (no invite row). */
export async function addInvitedUser(m: MoneyApp, inviterId: number, name: string, createdAt: Date): Promise<number> {
  const [row] = await m.db
    .insert(users)
    .values({ phone: `087${String(++written).padStart(7, '0')}`, name, passwordHash: 'not-a-hash', invitedBy: inviterId, createdAt })
    .returning({ id: users.id });
  return row!.id;
}
