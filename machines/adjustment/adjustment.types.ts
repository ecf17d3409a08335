/**
 * An operator's correction of a member's wallet (docs/decisions/0122-adjustments.md):
 * the member's phone, credit or debit, the amount and the reason, confirmed
 * with what will happen, sent under an Idempotency-Key of its own. No answer
 * keeps the key, so sending again cannot correct twice; changing the form
 * makes it another adjustment with a new key.
 */
export type AdjustmentDirection = 'credit' | 'debit';

export interface AdjustmentInput {
  /** Random per opening of the page (the view passes crypto.randomUUID()): keys never repeat across openings. */
  keyPrefix: string;
}

export interface AdjustmentContext {
  keyPrefix: string;
  /** Adjustments confirmed in this opening: the next key's number. */
  sent: number;
  /** The key of the adjustment on its way or kept after no answer; null while a new one is edited. */
  idempotencyKey: string | null;
  username: string;
  direction: AdjustmentDirection;
  /** As typed (machines/shared/amount.ts reads it). */
  amount: string;
  reason: string;
  error: string | null;
  /** The request a large adjustment became (202), when it did. */
  approvalId: string | null;
}

export type AdjustmentField = 'username' | 'amount' | 'reason';

export type AdjustmentEvent =
  | { type: 'field.change'; field: AdjustmentField; value: string }
  | { type: 'direction.change'; direction: AdjustmentDirection }
  /** Asks to confirm: only with a member, an amount and a reason. */
  | { type: 'adjustment.submit' }
  | { type: 'adjustment.confirm' }
  | { type: 'adjustment.cancel' }
  /** After one is done or waiting: a new, empty form. */
  | { type: 'adjustment.again' };

/** What POST /api/ops/adjustments is sent. */
export interface AdjustmentRequest {
  username: string;
  /** Signed: negative takes from the member. */
  amount: number;
  reason: string;
  idempotencyKey: string;
}

export type AdjustmentAnswer = { message: 'SUCCESS' } | { message: 'APPROVAL_REQUIRED'; approvalId: string };

/**
 * Actor the view provides: submit (AdjustmentRequest → Result<AdjustmentAnswer>).
 * Tags: 'editing', 'confirming', 'busy', 'done', 'waiting'.
 */
export type AdjustmentTag = 'editing' | 'confirming' | 'busy' | 'done' | 'waiting';
