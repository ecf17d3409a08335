/**
 * The operator's own session in the back office: who is signed in. Login
 * answers a token only (the same call as a member's), so the SPA's ops area
 * asks this to know the operator's role, e.g. whether to show the canned
 * reply editing that only an admin may do.
 */
import * as v from 'valibot';
import { OPERATOR_ROLES, WITHDRAWAL_STATUSES } from './api.ts';
import { IsoDateTime } from './common.ts';
import { Amount } from './money.ts';
import { bankReference } from './rules/bank-reference.ts';

export const OperatorMeResponse = v.object({
  id: v.string(),
  name: v.string(),
  role: v.picklist(OPERATOR_ROLES),
});
export type OperatorMe = v.InferOutput<typeof OperatorMeResponse>;

// ---------------------------------------------------------------- dual control

/**
 * Money no single operator moves alone (docs/decisions/0121-dual-control.md):
 * a manual deposit, a reviewed payment's credit, a slip's approval or a
 * withdrawal's payout above the approvalThreshold setting (or beyond what
 * the operator may move alone in a day) waits for a second operator.
 */
export const APPROVAL_ACTIONS = ['deposit.manual', 'payment.credit', 'slip.approved', 'withdrawal.paid', 'adjustment'] as const;
export type ApprovalAction = (typeof APPROVAL_ACTIONS)[number];
/** superseded: what it asked for was settled otherwise (done within the limits later, or the subject rejected or dismissed). */
export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected', 'superseded'] as const;

/** 202: the call was taken as a request for approval; nothing moved yet. */
export const ApprovalRequired = v.object({ message: v.literal('APPROVAL_REQUIRED'), approvalId: v.string() });

export const Approval = v.object({
  id: v.string(),
  action: v.picklist(APPROVAL_ACTIONS),
  /** What it acts on: the bank reference, the payment's, slip's or withdrawal's id, an adjustment's Idempotency-Key. */
  subject: v.string(),
  /** The member it pays or credits (their phone), when known. */
  username: v.nullable(v.string()),
  /** Major units; an adjustment that takes money from the member is negative. */
  amount: v.number(),
  /** Why, in the asker's words (an adjustment's reason); null for the others. */
  reason: v.nullable(v.string()),
  currency: v.picklist(['BAHT', 'LAK']),
  status: v.picklist(APPROVAL_STATUSES),
  requestedBy: v.string(),
  requestedAt: IsoDateTime,
  decidedBy: v.nullable(v.string()),
  decidedAt: v.nullable(IsoDateTime),
});
export const ApprovalsQuery = v.object({ status: v.optional(v.picklist(APPROVAL_STATUSES, 'KEY_INVALID'), 'pending') });
export const ApprovalsResponse = v.object({ approvals: v.array(Approval) });
export const ApprovalResponse = v.object({ approval: Approval });

// ---------------------------------------------------------------- payouts (finance)

/** Withdrawals on one page of the payout queue. */
export const WITHDRAWALS_PAGE_SIZE = 20;

/**
 * GET /api/ops/withdrawals and /api/ops/withdrawals.csv: one status (pending
 * oldest first, the queue; paid and rejected newest first), optionally one
 * member (phone) or one bank (its code: a batch for that bank), and the page
 * (the CSV holds every match).
 */
/** How the payout queue may be ordered (GET /api/ops/withdrawals?sort=). */
export const WITHDRAWAL_SORTS = ['oldest', 'newest', 'largest'] as const;
export type WithdrawalSort = (typeof WITHDRAWAL_SORTS)[number];

export const WithdrawalsQuery = v.object({
  status: v.optional(v.picklist(WITHDRAWAL_STATUSES, 'KEY_INVALID'), 'pending'),
  member: v.optional(v.pipe(v.string(), v.trim(), v.regex(/^\d{8,13}$/, 'KEY_INVALID'))),
  bank: v.optional(v.pipe(v.string(), v.trim(), v.regex(/^[A-Za-z0-9]{2,12}$/, 'KEY_INVALID'), v.transform((bank) => bank.toUpperCase()))),
  page: v.optional(v.pipe(v.string(), v.regex(/^[1-9]\d{0,5}$/, 'KEY_INVALID'), v.transform(Number)), '1'),
  /** The order: by default the oldest first while pending (the work's order), the newest first once decided. */
  sort: v.optional(v.picklist(WITHDRAWAL_SORTS, 'KEY_INVALID')),
});

/**
 * POST /api/ops/withdrawals/{id}/paid: the reference of the bank transfer
 * that paid it, kept on the ledger's posting and in the audit, in the one
 * form bank references take (rules/bank-reference.ts). Optional for the API
 * (scripts that pay without one keep working); the console always asks.
 */
export const PayoutRequest = v.optional(
  v.object({
    reference: v.optional(
      v.pipe(v.string(), v.trim(), v.minLength(1, 'KEY_INVALID'), v.maxLength(100, 'KEY_INVALID'), v.transform(bankReference), v.minLength(1, 'KEY_INVALID')),
    ),
  }),
);

// ---------------------------------------------------------------- adjustments

/** Largest reason an operator writes for an adjustment (it is kept in the ledger and the audit). */
export const ADJUSTMENT_REASON_MAX = 200;

/**
 * A signed amount in major units whose size is an Amount (at most two
 * decimals, never zero, at most MAX_AMOUNT_MAJOR): positive credits the
 * member, negative takes from them.
 */
const SignedAmount = v.pipe(
  v.number('KEY_INVALID'),
  v.check((amount) => v.safeParse(Amount, Math.abs(amount)).success, 'KEY_INVALID'),
);

/**
 * POST /api/ops/adjustments (finance): a correction of a member's wallet,
 * always a ledger transfer between it and the system account `adjustments`
 * (docs/decisions/0122-adjustments.md). The Idempotency-Key names it: the
 * same key again answers the first adjustment.
 */
export const AdjustmentRequest = v.object({
  username: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(20)),
  amount: SignedAmount,
  reason: v.pipe(v.string(), v.trim(), v.minLength(1, 'KEY_INVALID'), v.maxLength(ADJUSTMENT_REASON_MAX, 'KEY_INVALID')),
});
export const AdjustmentResponse = v.object({
  message: v.literal('SUCCESS'),
  username: v.string(),
  /** Major units, signed as asked. */
  amount: v.number(),
  reason: v.string(),
  transferId: v.string(),
});

// ---------------------------------------------------------------- audit

/** Entries on one page of the audit unless the query asks fewer. */
export const AUDIT_PAGE_SIZE = 50;
const AUDIT_PAGE_MAX = 200;

/** A real calendar day of this century, as YYYY-MM-DD (2023-02-31 is none). */
function isCalendarDay(day: string): boolean {
  const midnight = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(midnight.getTime()) && midnight.toISOString().slice(0, 10) === day && day >= '2000-01-01' && day < '2100-01-01';
}

const auditText = (max: number) => v.optional(v.pipe(v.string(), v.trim(), v.minLength(1, 'KEY_INVALID'), v.maxLength(max, 'KEY_INVALID')));

/**
 * GET /api/ops/audit and /api/ops/audit.csv (admins): filtered by the
 * operator's and the member's phone, the action and one day (YYYY-MM-DD in
 * the service's time zone), newest first; the JSON pages, the CSV holds
 * every match up to the export's limit.
 */
export const AuditQuery = v.object({
  operator: auditText(20),
  member: auditText(20),
  action: auditText(40),
  day: v.optional(v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/, 'KEY_INVALID'), v.check(isCalendarDay, 'KEY_INVALID'))),
  page: v.optional(v.pipe(v.string(), v.regex(/^[1-9]\d{0,5}$/, 'KEY_INVALID'), v.transform(Number)), '1'),
  limit: v.optional(v.pipe(v.string(), v.regex(/^[1-9]\d{0,2}$/, 'KEY_INVALID'), v.transform(Number), v.maxValue(AUDIT_PAGE_MAX, 'KEY_INVALID')), String(AUDIT_PAGE_SIZE)),
  /** The newest first by default; `oldest` reads a day or a member's story in the order it happened. */
  sort: v.optional(v.picklist(['newest', 'oldest'], 'KEY_INVALID')),
});

export const AuditEntry = v.object({
  id: v.string(),
  /** The operator's phone. */
  operator: v.string(),
  action: v.string(),
  subject: v.string(),
  /** The member's phone, when the action concerned one. */
  member: v.nullable(v.string()),
  /** The state before and after, as recorded (JSON; null when none). */
  before: v.unknown(),
  after: v.unknown(),
  createdAt: IsoDateTime,
});
export const AuditResponse = v.object({ entries: v.array(AuditEntry), total: v.number() });

// ---------------------------------------------------------------- operators (admins)

/** An operator as the console lists them; never their password or second factor. */
export const OperatorView = v.object({
  phone: v.string(),
  name: v.string(),
  role: v.picklist(OPERATOR_ROLES),
  /** The admin OPERATOR_PHONE names: it follows the server's settings and is not disabled here. */
  bootstrap: v.boolean(),
  disabled: v.boolean(),
  createdAt: IsoDateTime,
});
export const OperatorsResponse = v.object({ operators: v.array(OperatorView) });
export const OperatorParams = v.object({ phone: v.pipe(v.string(), v.maxLength(20, 'NO_DATA')) });
export const OperatorAddRequest = v.object({
  phone: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(20)),
  role: v.picklist(OPERATOR_ROLES, 'KEY_INVALID'),
  name: v.pipe(v.string(), v.trim(), v.minLength(1, 'KEY_INVALID'), v.maxLength(60, 'KEY_INVALID')),
});
/**
 * What the new or reset operator signs in with, answered once and never
 * stored in the clear: the password (null for the bootstrap admin, whose
 * password is OPERATOR_PASSWORD) and the second factor's otpauth:// address
 * for an authenticator app (the console draws it as a QR code).
 */
export const OperatorEnrolmentResponse = v.object({
  operator: OperatorView,
  enrolment: v.object({ password: v.nullable(v.string()), totpUri: v.string() }),
});
export const OperatorResponse = v.object({ operator: OperatorView });

// ---------------------------------------------------------------- members (support, finance)

/** Members on one page of the console's search. */
export const MEMBERS_PAGE_SIZE = 20;

/** How the member search may be ordered (GET /api/ops/members?sort=). */
export const MEMBER_SORTS = ['newest', 'oldest', 'name'] as const;
export type MemberSort = (typeof MEMBER_SORTS)[number];

/** GET /api/ops/members: `q` is found in the phone, the name, the bank account number or name (any case); empty lists everyone. */
export const MembersQuery = v.object({
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(60, 'KEY_INVALID')), ''),
  page: v.optional(v.pipe(v.string(), v.regex(/^[1-9]\d{0,5}$/, 'KEY_INVALID'), v.transform(Number)), '1'),
  /**
   * The newest registered first by default; `oldest` reads them in the order
   * they came; `name` puts the same names side by side (one person with two
   * accounts), in the database's order of the characters.
   */
  sort: v.optional(v.picklist(MEMBER_SORTS, 'KEY_INVALID')),
});
export const MemberRow = v.object({
  username: v.string(),
  name: v.string(),
  status: v.picklist(['active', 'suspended', 'closed']),
  /** The bank account registration gave (null for a member who has none). */
  bank: v.nullable(v.object({ code: v.string(), accountName: v.string(), accountNo: v.string(), currency: v.picklist(['BAHT', 'LAK']) })),
  createdAt: IsoDateTime,
});
export const MembersResponse = v.object({ members: v.array(MemberRow), total: v.number() });

// ---------------------------------------------------------------- the day's figures (every role) and the ledger check (finance)

const Currency = v.picklist(['BAHT', 'LAK']);
/** How many movements of a kind today and their sum, in one currency (major units). */
const DayTotal = v.object({ currency: Currency, count: v.number(), amount: v.number() });

/**
 * The last run of the ledger check (src/server/ledger/check.ts) an operator
 * asked for: when, by whom (their phone), and what it found (nothing: the
 * ledger balances).
 */
export const LedgerCheckResult = v.object({
  balanced: v.boolean(),
  problems: v.array(v.string()),
  checkedAt: IsoDateTime,
  checkedBy: v.string(),
});
export const LedgerCheckResponse = v.object({ ledgerCheck: LedgerCheckResult });

/**
 * GET /api/ops/dashboard: today (midnight to now in the service's time
 * zone) in figures, and the work waiting; the last ledger check, null
 * until one was run.
 */
export const DashboardResponse = v.object({
  /** YYYY-MM-DD in the service's time zone. */
  day: v.string(),
  deposits: v.array(DayTotal),
  payouts: v.array(DayTotal),
  pendingSlips: v.number(),
  pendingApprovals: v.number(),
  newMembers: v.number(),
  /** Conversations whose customer wrote last and no agent has read yet. */
  openChats: v.number(),
  /** Members playing a bonus now. */
  activeBonuses: v.number(),
  ledgerCheck: v.nullable(LedgerCheckResult),
});
