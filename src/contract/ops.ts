/**
 * The operator's own session in the back office: who is signed in. Login
 * answers a token only (the same call as a member's), so the SPA's ops area
 * asks this to know the operator's role, e.g. whether to show the canned
 * reply editing that only an admin may do.
 */
import * as v from 'valibot';
import { OPERATOR_ROLES } from './api.ts';
import { IsoDateTime } from './common.ts';

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
export const APPROVAL_ACTIONS = ['deposit.manual', 'payment.credit', 'slip.approved', 'withdrawal.paid'] as const;
export type ApprovalAction = (typeof APPROVAL_ACTIONS)[number];
/** superseded: what it asked for was settled otherwise (done within the limits later, or the subject rejected or dismissed). */
export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected', 'superseded'] as const;

/** 202: the call was taken as a request for approval; nothing moved yet. */
export const ApprovalRequired = v.object({ message: v.literal('APPROVAL_REQUIRED'), approvalId: v.string() });

export const Approval = v.object({
  id: v.string(),
  action: v.picklist(APPROVAL_ACTIONS),
  /** What it acts on: the bank reference, the payment's, slip's or withdrawal's id. */
  subject: v.string(),
  /** The member it pays or credits (their phone), when known. */
  username: v.nullable(v.string()),
  amount: v.number(),
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
