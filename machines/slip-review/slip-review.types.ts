/**
 * The operator's review of deposit slips in the console
 * (docs/decisions/0126-deposits-console.md): one slip open beside the
 * queue, its picture and findings; approve with the amount read off the
 * slip, or reject with a reason of spec 8; each confirmed first; then the
 * next slip of the queue opens.
 */
import type { OpsSlipDetail } from '../../src/contract/deposit.ts';
import type { SlipReasonCode } from '../../src/contract/common.ts';

/** How a decision ended: credited, waiting for a second operator (202 APPROVAL_REQUIRED), or rejected. */
export type SlipOutcome = 'approved' | 'waiting' | 'rejected';

export interface SlipReviewContext {
  /** The slip the address names; null with none open. */
  slipId: string | null;
  /** What GET /api/ops/slips/{id} answered for it. */
  detail: OpsSlipDetail | null;
  /** The amount to credit, as typed (major units of the member's currency). */
  amount: string;
  /** The reason a rejection gives; none chosen yet. */
  note: SlipReasonCode | null;
  /** Catalogue code of the last failure (read, approval, rejection). */
  error: string | null;
  /** The last decision this operator made here, shown above the next slip. */
  decided: { slipId: string; member: string; amount: number | null; currency: OpsSlipDetail['currency']; outcome: SlipOutcome } | null;
}

export type SlipReviewEvent =
  /** The address names a slip (a row was opened, or a link followed). */
  | { type: 'slip.open'; id: string }
  /** Back to the queue alone. */
  | { type: 'slip.close' }
  /** Read the slip again after a failed read. */
  | { type: 'slip.retry' }
  | { type: 'amount.change'; value: string }
  | { type: 'reason.choose'; note: SlipReasonCode | null }
  /** Ignored unless the slip waits for review, no approval waits for it and the amount is one the server takes. */
  | { type: 'approve.submit' }
  /** Ignored unless the slip waits for review and a reason is chosen. */
  | { type: 'reject.submit' }
  | { type: 'decision.confirm' }
  | { type: 'decision.cancel' };

export interface SlipApproval {
  id: string;
  amount: number;
}

export interface SlipRejection {
  id: string;
  note: SlipReasonCode;
}

/**
 * Actors the view provides (slip-review.actors.ts): loadSlip (id → Result
 * of the slip's detail), approveSlip, rejectSlip, findNext ({ after } →
 * Result of the next waiting slip's id, null when none). Actions the view
 * provides: showAddress ({ id }: the address names this slip, or the queue
 * alone with null), slipDecided (the queue's table reads again).
 * Tags: 'closed', 'loading', 'loadFailed', 'reviewing', 'confirming',
 * 'confirm:approve', 'confirm:reject', 'busy'.
 */
export type SlipReviewTag = 'closed' | 'loading' | 'loadFailed' | 'reviewing' | 'confirming' | 'confirm:approve' | 'confirm:reject' | 'busy';
