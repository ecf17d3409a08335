/**
 * A member's page in the console and what an operator does there, and the
 * service's switch (docs/decisions/0128-members-and-service-in-the-console.md).
 * The reads are support's and finance's; a member's standing and sessions
 * support's; a phone number and the service an admin's.
 */
import * as v from 'valibot';
import { BankAccount, GameAccountItem, MEMBER_STATUSES } from './api.ts';
import { BonusActiveResponse } from './bonus.ts';
import { IsoDateTime } from './common.ts';
import { Coupon } from './rewards.ts';

/** Rows on one page of a member's statement, slips and invitees in the console. */
export const MEMBER_TABLE_PAGE_SIZE = 10;

/** A member's tables (statement, slips, invitees): `page` from the address, as the search's. */
export const MemberPageQuery = v.object({
  page: v.optional(v.pipe(v.string(), v.regex(/^[1-9]\d{0,5}$/, 'KEY_INVALID'), v.transform(Number)), '1'),
});

/** A live login of the member: when it began and was last used; never the token. */
export const MemberSession = v.object({
  id: v.string(),
  createdAt: IsoDateTime,
  /** To the minute or so; null for a session from before this was noted. */
  lastUsedAt: v.nullable(IsoDateTime),
  expiresAt: IsoDateTime,
});

/** GET /api/ops/members/:username: everything the member's page shows at once. */
export const MemberDetailResponse = v.object({
  member: v.object({
    id: v.string(),
    username: v.string(),
    name: v.string(),
    status: v.picklist(MEMBER_STATUSES),
    createdAt: IsoDateTime,
    /** Prize-wheel coins. */
    coin: v.number(),
    bankAccount: v.nullable(BankAccount),
  }),
  /** What the member may spend from the wallet now (major units of `currency`). */
  wallet: v.object({ amount: v.number(), currency: v.picklist(['BAHT', 'LAK']) }),
  games: v.array(GameAccountItem),
  bonus: BonusActiveResponse,
  coupons: v.array(Coupon),
  /** What their invites earned and can be collected, and how many earned or failed. */
  invite: v.object({ amount: v.number(), success: v.number(), fail: v.number() }),
  sessions: v.array(MemberSession),
});
export type MemberDetail = v.InferOutput<typeof MemberDetailResponse>;

/** POST /api/ops/members/:username/sessions/ended: how many live sessions ended. */
export const MemberSessionsEndedResponse = v.object({ message: v.literal('SUCCESS'), ended: v.number() });

/** Largest reason an admin writes for a phone change (kept in the audit). */
export const MEMBER_PHONE_REASON_MAX = 200;

/** POST /api/ops/members/:username/phone (admins): the member's new login phone, and why. */
export const MemberPhoneRequest = v.object({
  phone: v.pipe(v.string(), v.trim(), v.minLength(1, 'PHONE_NUMBER_REQUIRE_10_DIGIT'), v.maxLength(20, 'PHONE_NUMBER_REQUIRE_10_DIGIT')),
  reason: v.pipe(v.string(), v.trim(), v.minLength(1, 'KEY_INVALID'), v.maxLength(MEMBER_PHONE_REASON_MAX, 'KEY_INVALID')),
});
export const MemberPhoneResponse = v.object({
  message: v.literal('SUCCESS'),
  member: v.object({ username: v.string(), name: v.string(), status: v.picklist(MEMBER_STATUSES) }),
});

// ---------------------------------------------------------------- the service (admins)

export const SERVICE_STATUSES = ['active', 'terminated'] as const;
export type ServiceStatus = (typeof SERVICE_STATUSES)[number];

/** GET and PUT /api/ops/service: terminated, members' calls answer 'gone' and the app shows /terminated. */
export const ServiceRequest = v.object({ status: v.picklist(SERVICE_STATUSES, 'KEY_INVALID') });
export const ServiceResponse = v.object({ status: v.picklist(SERVICE_STATUSES) });
