/**
 * The operator's review of a PENDING slip. Approving credits the slip's
 * member as every deposit is credited (credit.ts) under the
 * ledger key `deposit:{reference}`, the key the operator's manual deposit
 * uses for a bank reference, so one bank transfer is credited once however
 * it reaches us. Both decisions lock the slip row first: of two operators
 * at once, the second sees the first's decision. Repeating a decision
 * answers it again and moves nothing.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { SlipReasonCode } from '../../contract/errors.ts';
import { toMajor } from '../../contract/money.ts';
import type { Db, Queryable, Transaction } from '../db/client.ts';
import { ApiError } from '../errors.ts';
import { lockSubject, supersedePending } from '../repositories/approvals.ts';
import { recordAudit } from '../repositories/audit.ts';
import type { Transfer } from '../ledger/transfers.ts';
import { lockSlip, markSlipApproved, markSlipRejected, type SlipRow } from '../repositories/slips.ts';
import { inMovement } from '../money/movement.ts';
import { memberCurrency } from '../repositories/users.ts';
import { bankDepositKey, creditDeposit } from './credit.ts';

export interface Decision {
  slipId: number;
  operatorId: number;
  now: Date;
}

/**
 * Credits `amount` (minor units) to a PENDING slip's member, locked by the
 * caller, and marks it SUCCESS: by an operator, or by the slip verifier
 * (`operatorId` null). One ledger transfer under `deposit:{reference}`.
 */
export async function creditSlip(
  tx: Transaction,
  slip: Pick<SlipRow, 'id' | 'userId'> & { reference: string },
  amount: bigint,
  operatorId: number | null,
  now: Date,
): Promise<Transfer> {
  const currency = await memberCurrency(tx, slip.userId);
  const { transfer } = await creditDeposit(
    tx,
    { userId: slip.userId, currency, amount, reference: slip.reference, idempotencyKey: bankDepositKey(slip.reference) },
    now,
  );
  await markSlipApproved(tx, slip.id, amount, transfer.id, operatorId, now);
  return transfer;
}

/** Credits `amount` (minor units) for a PENDING slip; the same approval again is a no-op, any other 409. */
export async function approveSlip(db: Queryable, log: FastifyBaseLogger, { slipId, operatorId, now }: Decision, amount: bigint): Promise<void> {
  await inMovement(db, log, async (tx) => {
    await lockSubject(tx, 'slip.approved', String(slipId));
    const slip = await lockSlip(tx, slipId);
    if (!slip) throw new ApiError(404, 'NO_DATA');
    if (slip.status === 'SUCCESS' && slip.amount === amount) return;
    if (slip.status !== 'PENDING' || slip.reference === null) throw new ApiError(409, 'KEY_INVALID');
    const transfer = await creditSlip(tx, { ...slip, reference: slip.reference }, amount, operatorId, now);
    const after = { status: 'SUCCESS', amount: toMajor(amount), transferId: String(transfer.id) };
    await recordAudit(tx, { operatorId, action: 'slip.approved', subject: String(slipId), userId: slip.userId, before: { status: 'PENDING' }, after, createdAt: now });
  });
}

/** Rejects a PENDING slip with a reason of spec 8; the same rejection again is a no-op, any other 409. */
export async function rejectSlip(db: Db, { slipId, operatorId, now }: Decision, note: SlipReasonCode): Promise<void> {
  await db.transaction(async (tx) => {
    await lockSubject(tx, 'slip.approved', String(slipId));
    const slip = await lockSlip(tx, slipId);
    if (!slip) throw new ApiError(404, 'NO_DATA');
    if (slip.status === 'FAILED' && slip.reviewedAt !== null && slip.note === note) return;
    if (slip.status !== 'PENDING') throw new ApiError(409, 'KEY_INVALID');
    await markSlipRejected(tx, slipId, note, operatorId, now);
    // An approval waiting for a second operator can no longer be made.
    await supersedePending(tx, 'slip.approved', String(slipId), operatorId, now);
    await recordAudit(tx, { operatorId, action: 'slip.rejected', subject: String(slipId), userId: slip.userId, before: { status: 'PENDING' }, after: { status: 'FAILED', note }, createdAt: now });
  });
}
