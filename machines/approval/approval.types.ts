/**
 * A second operator's decision on one request of the approvals queue
 * (docs/decisions/0121-dual-control.md): open it, approve or reject it,
 * confirm. The one who asked cannot approve (403 SAME_OPERATOR, shown in
 * words); they may reject (withdraw) their own request.
 */
export interface ApprovalRequest {
  id: string;
}

export type ApprovalDecision = 'approved' | 'rejected';

export interface ApprovalContext {
  /** The request open; null while none is. */
  approval: ApprovalRequest | null;
  /** The last refusal's code (SAME_OPERATOR, KEY_INVALID, …) or NETWORK_ERROR. */
  error: string | null;
}

export type ApprovalEvent =
  | { type: 'approval.open'; approval: ApprovalRequest }
  | { type: 'approval.close' }
  /** Asks to confirm the decision. */
  | { type: 'approval.approve' }
  | { type: 'approval.reject' }
  | { type: 'approval.confirm' }
  | { type: 'approval.cancel' };

/**
 * Actor the view provides: decide ({ id, decision } → Result<unknown>).
 * Action the view provides: decided ({ decision }) — reads the queue again.
 * Tags: 'closed', 'open', 'confirming', 'confirm:approve', 'confirm:reject', 'busy', 'decided'.
 */
export type ApprovalTag = 'closed' | 'open' | 'confirming' | 'confirm:approve' | 'confirm:reject' | 'busy' | 'decided';
