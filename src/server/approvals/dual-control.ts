/**
 * Money no single operator moves alone (docs/decisions/0121-dual-control.md).
 * A manual deposit, a reviewed payment's credit, a slip's approval, a
 * withdrawal's payout or an adjustment is done by the operator who calls it only while its
 * amount is within the approvalThreshold setting and, with what they moved
 * alone in the last 24 hours, within operatorDailyAlone (per currency;
 * the rule is alone.ts's, which the slip verifier's credits obey too).
 * Otherwise it is kept as a request (202 APPROVAL_REQUIRED) until a second
 * operator with the role approves it, which runs it in the same
 * transaction as the request's decision, or someone rejects it. The one who
 * asked never approves (403 SAME_OPERATOR).
 */
import { isDeepStrictEqual } from 'node:util';
import type { FastifyBaseLogger } from 'fastify';
import type * as v from 'valibot';
import { toMajor } from '../../contract/money.ts';
import type { ApprovalAction, ApprovalRequired } from '../../contract/ops.ts';
import { inTransaction, type Queryable } from '../db/client.ts';
import { bankDepositKey, creditBankDeposit } from '../deposits/credit.ts';
import { paymentMember, resolveReviewedPayment } from '../deposits/payment-review.ts';
import { ApiError } from '../errors.ts';
import { transferByKey, type Transfer } from '../ledger/transfers.ts';
import { spendableInWallet } from '../money/movement.ts';
import { perCurrencyAmount } from '../money/per-currency.ts';
import {
  findApproval,
  findApprovalView,
  insertOrFindPending,
  lockApproval,
  lockOperatorMovements,
  lockSubject,
  markDecided,
  movedAloneSince,
  recordMovedAlone,
  requested,
  signedAmount,
  supersedePending,
  type ApprovalRow,
  type ApprovalView,
  type MovementLabel,
  type NewApproval,
} from '../repositories/approvals.ts';
import { findPaymentView, type PaymentView } from '../repositories/payments.ts';
import { findSlipView } from '../repositories/slips.ts';
import { lastEnrolledBy, recordAudit } from '../repositories/audit.ts';
import { getSettings } from '../repositories/settings.ts';
import { approveSlip } from '../deposits/slip-review.ts';
import { adjust, adjustmentKey, type Adjustment } from '../adjustments/adjust.ts';
import { aloneLimitPassed, aloneWindowStart } from './alone.ts';
import { findUserByPhone, memberCurrency } from '../repositories/users.ts';
import { findWithdrawalView, type WithdrawalView } from '../repositories/withdrawals.ts';
import { resolveWithdrawal } from '../withdrawals/resolve.ts';

/** The 202 answer: the call became request `approvalId`; nothing moved. */
export type ApprovalAsked = v.InferOutput<typeof ApprovalRequired>;

export function isAsked(answer: object): answer is ApprovalAsked {
  return 'message' in answer && answer.message === 'APPROVAL_REQUIRED';
}

/** What a call acts on: the one key every path that asks, does, settles or decides it locks first. */
type Subject = Pick<NewApproval, 'action' | 'subject'>;

/** A movement an operator asks for, read under its subject's lock: for whom, how much. */
type Movement = Omit<NewApproval, 'requestedBy' | 'action' | 'subject'> & {
  /**
   * A tighter daily sum alone for this kind of movement (adjustment credits: money no bank
   * transfer stands behind, docs/decisions/0122-adjustments.md), counted under its own label.
   */
  ownDailyLimit?: { setting: 'adjustmentCreditsAlone'; label: MovementLabel };
};

/**
 * Runs `work` as the operator's own movement, recorded in its transaction,
 * when it is within the threshold and the operator's daily sum alone; else
 * keeps it as a request. The operator's movements are decided one at a
 * time (two at once cannot both pass on the same sum), and the subject is
 * locked before `describe` reads it, so what is asked for is what stands.
 * `describe` answers null for a call that moves nothing new (a decision
 * repeated): `work` then answers it as before.
 */
async function aloneOrAsk<T>(
  db: Queryable,
  operatorId: number,
  subject: Subject,
  now: Date,
  describe: (tx: Queryable) => Promise<Movement | null>,
  work: (tx: Queryable) => Promise<T>,
): Promise<T | ApprovalAsked> {
  return inTransaction(db, async (tx) => {
    await lockOperatorMovements(tx, operatorId);
    await lockSubject(tx, subject.action, subject.subject);
    const described = await describe(tx);
    if (described === null) return work(tx);
    const { ownDailyLimit, ...movement } = described;
    const limits = await getSettings(tx, 'approvalThreshold', 'operatorDailyAlone', 'adjustmentCreditsAlone');
    const since = aloneWindowStart(now);
    const moved = await movedAloneSince(tx, operatorId, movement.currency, since);
    const movedOwn = ownDailyLimit && (await movedAloneSince(tx, operatorId, movement.currency, since, ownDailyLimit.label));
    const alone =
      aloneLimitPassed(movement.amount, movement.currency, moved, limits) === null &&
      (ownDailyLimit === undefined || movedOwn! + movement.amount <= perCurrencyAmount(limits[ownDailyLimit.setting], movement.currency));
    if (!alone) return ask(tx, { ...subject, ...movement, requestedBy: operatorId }, now);
    const done = await work(tx);
    await recordMovedAlone(tx, { operatorId, action: ownDailyLimit?.label ?? subject.action, subject: subject.subject, amount: movement.amount, currency: movement.currency }, now);
    await supersedePending(tx, subject.action, subject.subject, operatorId, now);
    return done;
  });
}

/**
 * Keeps the request, or answers the one pending for the same action and
 * subject; the same subject asked with another member or amount is 409
 * KEY_INVALID, as a reused Idempotency-Key is.
 */
async function ask(db: Queryable, approval: NewApproval, now: Date): Promise<ApprovalAsked> {
  const { row, inserted } = await insertOrFindPending(db, approval, now);
  if (row.amount !== approval.amount || row.userId !== approval.userId || !isDeepStrictEqual(row.request, approval.request)) {
    throw new ApiError(409, 'KEY_INVALID');
  }
  if (inserted) await recordAudit(db, { operatorId: approval.requestedBy, action: 'approval.requested', subject: String(row.id), userId: row.userId, after: approvalFacts(row), createdAt: now });
  return { message: 'APPROVAL_REQUIRED', approvalId: String(row.id) };
}

export interface ManualDeposit {
  phone: string;
  /** Minor units. */
  amount: bigint;
  reference: string;
}

/** An operator's bank deposit (POST /api/ops/deposits): credited at once, or asked for (aloneOrAsk). */
export async function depositOrAsk(db: Queryable, log: FastifyBaseLogger, operatorId: number, deposit: ManualDeposit, now: Date): Promise<Transfer | ApprovalAsked> {
  const describe = async (tx: Queryable): Promise<Movement | null> => {
    const user = await findUserByPhone(tx, deposit.phone);
    if (!user) throw new ApiError(404, 'NO_USER');
    // A reference credited before answers as it did (or 409 for another deposit): asking again could move nothing.
    if (await transferByKey(tx, bankDepositKey(deposit.reference))) return null;
    return { userId: user.id, amount: deposit.amount, currency: await memberCurrency(tx, user.id), request: { phone: deposit.phone } };
  };
  const subject = { action: 'deposit.manual', subject: deposit.reference } as const;
  return aloneOrAsk(db, operatorId, subject, now, describe, (tx) => creditBankDeposit(tx, log, { ...deposit, operatorId }, now));
}

/** Crediting a payment in review (POST /api/ops/payments/{id}/credit): at once, or asked for (aloneOrAsk). */
export async function creditPaymentOrAsk(db: Queryable, operatorId: number, id: number, username: string | undefined, now: Date): Promise<PaymentView | ApprovalAsked> {
  const describe = async (tx: Queryable): Promise<Movement | null> => {
    const payment = await findPaymentView(tx, id);
    // Unknown or resolved: the credit answers 404 or 409 as it always did.
    if (payment?.status !== 'review') return null;
    const userId = await paymentMember(tx, payment, username);
    const request: Record<string, string> = username === undefined ? {} : { username };
    return { userId, amount: payment.amount, currency: await memberCurrency(tx, userId), request };
  };
  const subject = { action: 'payment.credit', subject: String(id) } as const;
  return aloneOrAsk(db, operatorId, subject, now, describe, (tx) => resolveReviewedPayment(tx, id, operatorId, { credit: true, username }, now));
}

/** Approving a slip for `amount` (POST /api/ops/slips/{id}/approved): at once, or asked for (aloneOrAsk). The same approval again answers as before. */
export async function approveSlipOrAsk(db: Queryable, log: FastifyBaseLogger, operatorId: number, slipId: number, amount: bigint, now: Date): Promise<ApprovalAsked | null> {
  const describe = async (tx: Queryable): Promise<Movement | null> => {
    const slip = await findSlipView(tx, slipId);
    // Unknown or decided: the approval answers 404, the same decision again, or 409, as it always did.
    if (slip?.status !== 'PENDING') return null;
    return { userId: slip.userId, amount, currency: await memberCurrency(tx, slip.userId), request: {} };
  };
  const subject = { action: 'slip.approved', subject: String(slipId) } as const;
  const done = await aloneOrAsk(db, operatorId, subject, now, describe, (tx) => approveSlip(tx, log, { slipId, operatorId, now }, amount));
  return done ?? null;
}

/**
 * Paying a withdrawal (POST /api/ops/withdrawals/{id}/paid) with the bank's reference when given: at once, or asked for
 * (aloneOrAsk; the request keeps the reference, so the approval pays with it). Rejecting one moves money back and needs no second operator.
 */
export async function payOrAsk(db: Queryable, operatorId: number, id: number, reference: string | undefined, now: Date): Promise<WithdrawalView | ApprovalAsked> {
  const describe = async (tx: Queryable): Promise<Movement | null> => {
    const withdrawal = await findWithdrawalView(tx, id);
    // Unknown or resolved: the payout answers 404 or 409 as it always did.
    if (withdrawal?.status !== 'pending') return null;
    const member = await findUserByPhone(tx, withdrawal.username);
    return { userId: member?.id ?? null, amount: withdrawal.amount, currency: withdrawal.currency, request: reference === undefined ? {} : { reference } };
  };
  const subject = { action: 'withdrawal.paid', subject: String(id) } as const;
  return aloneOrAsk(db, operatorId, subject, now, describe, (tx) => resolveWithdrawal(tx, id, 'paid', operatorId, now, reference));
}

/** An operator's adjustment (POST /api/ops/adjustments): at once, or asked for (aloneOrAsk) on its size either way. */
export async function adjustOrAsk(db: Queryable, log: FastifyBaseLogger, operatorId: number, adjustment: Adjustment, now: Date): Promise<Transfer | ApprovalAsked> {
  const describe = async (tx: Queryable): Promise<Movement | null> => {
    const user = await findUserByPhone(tx, adjustment.phone);
    if (!user) throw new ApiError(404, 'NO_USER');
    // The same key again answers as it did (or 409 for another adjustment): asking again could move nothing.
    if (await transferByKey(tx, adjustmentKey(adjustment.key))) return null;
    const debit = adjustment.amount < 0n;
    const amount = debit ? -adjustment.amount : adjustment.amount;
    const currency = await memberCurrency(tx, user.id);
    // A debit the member cannot cover would only be refused when approved: refuse it now, and keep the queue for real requests.
    if (debit && amount > (await spendableInWallet(tx, user.id))) throw new ApiError(400, 'MONEY_NOT_ENOUGH');
    const request = { phone: adjustment.phone, direction: debit ? 'debit' : 'credit', reason: adjustment.reason };
    return { userId: user.id, amount, currency, request, ...(!debit && { ownDailyLimit: { setting: 'adjustmentCreditsAlone', label: 'adjustment.credit' } as const }) };
  };
  const subject = { action: 'adjustment', subject: adjustment.key } as const;
  return aloneOrAsk(db, operatorId, subject, now, describe, (tx) => adjust(tx, log, adjustment, operatorId, now));
}

/** What a request asks, for the audit: the action, its subject, the signed amount, what the call carried. */
function approvalFacts(row: ApprovalRow): Record<string, unknown> {
  return { action: row.action, subject: row.subject, amount: toMajor(signedAmount(row)), currency: row.currency, ...(row.request as Record<string, unknown>) };
}

/**
 * Whether `asker` handed `approver` their sign-in: added or last reset them
 * (the password and second factor are shown to the admin who does it), or
 * did so to whoever did that to them, up the chain. Such an approver is the
 * asker's own second pair of hands, not a second person
 * (docs/decisions/0121-dual-control.md).
 */
async function enrolledThrough(db: Queryable, approver: number, asker: number): Promise<boolean> {
  const seen = new Set<number>();
  for (let operator: number | null = approver; operator !== null && !seen.has(operator); ) {
    seen.add(operator);
    operator = await lastEnrolledBy(db, operator);
    if (operator === asker) return true;
  }
  return false;
}

/**
 * The member a request names by phone must still be the member it was asked
 * for: a phone changed (and perhaps taken by someone else) in between would
 * send the money to whoever holds it now. 409 APPROVAL_MEMBER_CHANGED.
 */
async function sameMemberAsAsked(db: Queryable, row: ApprovalRow): Promise<void> {
  const phone = requested(row, 'phone') ?? requested(row, 'username');
  if (phone === undefined || row.userId === null) return;
  const member = await findUserByPhone(db, phone);
  if (member?.id !== row.userId) throw new ApiError(409, 'APPROVAL_MEMBER_CHANGED');
}

/** What an approved request runs, as its approver, in the approval's transaction. */
const RUN: Record<ApprovalAction, (db: Queryable, log: FastifyBaseLogger, row: ApprovalRow, approverId: number, now: Date) => Promise<unknown>> = {
  'deposit.manual': (db, log, row, approverId, now) =>
    creditBankDeposit(db, log, { phone: requested(row, 'phone') ?? '', amount: row.amount, reference: row.subject, operatorId: approverId }, now),
  'payment.credit': (db, _log, row, approverId, now) =>
    resolveReviewedPayment(db, Number(row.subject), approverId, { credit: true, username: requested(row, 'username') }, now),
  'slip.approved': (db, log, row, approverId, now) => approveSlip(db, log, { slipId: Number(row.subject), operatorId: approverId, now }, row.amount),
  'withdrawal.paid': (db, _log, row, approverId, now) => resolveWithdrawal(db, Number(row.subject), 'paid', approverId, now, requested(row, 'reference')),
  adjustment: (db, log, row, approverId, now) =>
    adjust(db, log, { phone: requested(row, 'phone') ?? '', amount: signedAmount(row), reason: requested(row, 'reason') ?? '', key: row.subject }, approverId, now),
};

/**
 * Approves (runs the request, then records the decision, in one
 * transaction: a refusal of the run moves nothing and leaves the request
 * pending) or rejects a pending request. 404 NO_DATA for an unknown id, 409
 * KEY_INVALID once decided, 403 SAME_OPERATOR when the one who asked
 * approves; the asker may reject (withdraw) their own request.
 */
export async function decideApproval(
  db: Queryable,
  log: FastifyBaseLogger,
  id: number,
  operatorId: number,
  decision: 'approved' | 'rejected',
  now: Date,
): Promise<ApprovalView> {
  await inTransaction(db, async (tx) => {
    // Its subject first, as every path that settles the subject locks it (then the subject's own row, then this one).
    const asked = await findApproval(tx, id);
    if (!asked) throw new ApiError(404, 'NO_DATA');
    await lockSubject(tx, asked.action as ApprovalAction, asked.subject);
    const row = await lockApproval(tx, id);
    if (!row) throw new ApiError(404, 'NO_DATA');
    if (row.status !== 'pending') throw new ApiError(409, 'KEY_INVALID');
    if (decision === 'approved') {
      if (row.requestedBy === operatorId) throw new ApiError(403, 'SAME_OPERATOR');
      if (await enrolledThrough(tx, operatorId, row.requestedBy)) throw new ApiError(403, 'APPROVER_ENROLLED_BY_ASKER');
      await sameMemberAsAsked(tx, row);
      await RUN[row.action as ApprovalAction](tx, log, row, operatorId, now);
    }
    await markDecided(tx, id, decision, operatorId, now);
    const action = decision === 'approved' ? 'approval.approved' : 'approval.rejected';
    await recordAudit(tx, { operatorId, action, subject: String(id), userId: row.userId, before: { status: 'pending' }, after: { status: decision, ...approvalFacts(row) }, createdAt: now });
  });
  const view = await findApprovalView(db, id);
  if (!view) throw new Error(`approval ${id} vanished`);
  return view;
}
