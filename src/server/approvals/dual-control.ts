/**
 * Money no single operator moves alone (docs/decisions/0121-dual-control.md).
 * A manual deposit, a reviewed payment's credit or a withdrawal's payout of
 * more than the approvalThreshold setting (per currency) is not done by the
 * operator who calls it: it is kept as a request (202 APPROVAL_REQUIRED)
 * until a second operator with the role approves it, which runs it in the
 * same transaction as the request's decision, or someone rejects it. The
 * one who asked never approves (403 SAME_OPERATOR). At or below the
 * threshold the call is done at once, as before.
 */
import { isDeepStrictEqual } from 'node:util';
import type { FastifyBaseLogger } from 'fastify';
import type { ApprovalAction } from '../../contract/ops.ts';
import { inTransaction, type Queryable } from '../db/client.ts';
import { bankDepositKey, creditBankDeposit } from '../deposits/credit.ts';
import { paymentMember, resolveReviewedPayment } from '../deposits/payment-review.ts';
import { ApiError } from '../errors.ts';
import { transferByKey, type Transfer } from '../ledger/transfers.ts';
import { perCurrencyAmount } from '../money/per-currency.ts';
import {
  findApprovalView,
  insertOrFindPending,
  lockApproval,
  markDecided,
  type ApprovalRow,
  type ApprovalView,
  type NewApproval,
} from '../repositories/approvals.ts';
import { findPaymentView, type PaymentView } from '../repositories/payments.ts';
import { getSetting } from '../repositories/settings.ts';
import { findUserByPhone, memberCurrency, type Currency } from '../repositories/users.ts';
import { findWithdrawalView, type WithdrawalView } from '../repositories/withdrawals.ts';
import { resolveWithdrawal } from '../withdrawals/resolve.ts';

/** The 202 answer: the call became request `approvalId`; nothing moved. */
export interface ApprovalAsked {
  message: 'APPROVAL_REQUIRED';
  approvalId: string;
}

export function isAsked(answer: object): answer is ApprovalAsked {
  return 'message' in answer && answer.message === 'APPROVAL_REQUIRED';
}

async function aboveThreshold(db: Queryable, amount: bigint, currency: Currency): Promise<boolean> {
  return amount > perCurrencyAmount(await getSetting(db, 'approvalThreshold'), currency);
}

/**
 * Keeps the request, or answers the one pending for the same action and
 * subject; the same subject asked with another member or amount is 409
 * KEY_INVALID, as a reused Idempotency-Key is.
 */
async function ask(db: Queryable, approval: NewApproval, now: Date): Promise<ApprovalAsked> {
  const row = await insertOrFindPending(db, approval, now);
  if (row.amount !== approval.amount || row.userId !== approval.userId || !isDeepStrictEqual(row.request, approval.request)) {
    throw new ApiError(409, 'KEY_INVALID');
  }
  return { message: 'APPROVAL_REQUIRED', approvalId: String(row.id) };
}

export interface ManualDeposit {
  phone: string;
  /** Minor units. */
  amount: bigint;
  reference: string;
}

/** An operator's bank deposit (POST /api/ops/deposits): credited at once, or asked for above the threshold. */
export async function depositOrAsk(db: Queryable, log: FastifyBaseLogger, operatorId: number, deposit: ManualDeposit, now: Date): Promise<Transfer | ApprovalAsked> {
  const user = await findUserByPhone(db, deposit.phone);
  if (!user) throw new ApiError(404, 'NO_USER');
  const currency = await memberCurrency(db, user.id);
  // A reference credited before answers as it did (or 409 for another deposit): asking again could move nothing.
  const credited = await transferByKey(db, bankDepositKey(deposit.reference));
  if (!credited && (await aboveThreshold(db, deposit.amount, currency))) {
    const request = { phone: deposit.phone };
    return ask(db, { action: 'deposit.manual', subject: deposit.reference, userId: user.id, amount: deposit.amount, currency, request, requestedBy: operatorId }, now);
  }
  return creditBankDeposit(db, log, deposit, now);
}

/** Crediting a payment in review (POST /api/ops/payments/{id}/credit): at once, or asked for above the threshold. */
export async function creditPaymentOrAsk(db: Queryable, operatorId: number, id: number, username: string | undefined, now: Date): Promise<PaymentView | ApprovalAsked> {
  const payment = await findPaymentView(db, id);
  if (!payment) throw new ApiError(404, 'NO_DATA');
  if (payment.status !== 'review') throw new ApiError(409, 'KEY_INVALID');
  const userId = await paymentMember(db, payment, username);
  const currency = await memberCurrency(db, userId);
  if (await aboveThreshold(db, payment.amount, currency)) {
    const request: Record<string, string> = username === undefined ? {} : { username };
    return ask(db, { action: 'payment.credit', subject: String(id), userId, amount: payment.amount, currency, request, requestedBy: operatorId }, now);
  }
  return resolveReviewedPayment(db, id, operatorId, { credit: true, username }, now);
}

/** Paying a withdrawal (POST /api/ops/withdrawals/{id}/paid): at once, or asked for above the threshold. Rejecting one moves money back and needs no second operator. */
export async function payOrAsk(db: Queryable, operatorId: number, id: number, now: Date): Promise<WithdrawalView | ApprovalAsked> {
  const withdrawal = await findWithdrawalView(db, id);
  if (!withdrawal) throw new ApiError(404, 'NO_DATA');
  if (withdrawal.status !== 'pending') throw new ApiError(409, 'KEY_INVALID');
  const currency = withdrawal.currency === 'LAK' ? 'LAK' : 'BAHT';
  if (await aboveThreshold(db, withdrawal.amount, currency)) {
    const member = await findUserByPhone(db, withdrawal.username);
    return ask(db, { action: 'withdrawal.paid', subject: String(id), userId: member?.id ?? null, amount: withdrawal.amount, currency, request: {}, requestedBy: operatorId }, now);
  }
  return resolveWithdrawal(db, id, 'paid', operatorId, now);
}

/** What an approved request runs, as its approver, in the approval's transaction. */
const RUN: Record<ApprovalAction, (db: Queryable, log: FastifyBaseLogger, row: ApprovalRow, approverId: number, now: Date) => Promise<unknown>> = {
  'deposit.manual': (db, log, row, _approverId, now) =>
    creditBankDeposit(db, log, { phone: requested(row, 'phone') ?? '', amount: row.amount, reference: row.subject }, now),
  'payment.credit': (db, _log, row, approverId, now) =>
    resolveReviewedPayment(db, Number(row.subject), approverId, { credit: true, username: requested(row, 'username') }, now),
  'withdrawal.paid': (db, _log, row, approverId, now) => resolveWithdrawal(db, Number(row.subject), 'paid', approverId, now),
};

function requested(row: ApprovalRow, key: string): string | undefined {
  const value: unknown = (row.request as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : undefined;
}

/**
 * Approves (runs the request, then records the decision, in one
 * transaction: a refusal of the run leaves the request pending and moves
 * nothing) or rejects a pending request. 404 NO_DATA for an unknown id, 409
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
    const row = await lockApproval(tx, id);
    if (!row) throw new ApiError(404, 'NO_DATA');
    if (row.status !== 'pending') throw new ApiError(409, 'KEY_INVALID');
    if (decision === 'approved') {
      if (row.requestedBy === operatorId) throw new ApiError(403, 'SAME_OPERATOR');
      await RUN[row.action as ApprovalAction](tx, log, row, operatorId, now);
    }
    await markDecided(tx, id, decision, operatorId, now);
  });
  const view = await findApprovalView(db, id);
  if (!view) throw new Error(`approval ${id} vanished`);
  return view;
}
