/**
 * An operator resolving a member's withdrawal: paid posts its pending
 * transfer (the money leaves), rejected voids it (the money goes back to the
 * wallet). The withdrawal row is locked first, so of two operators resolving
 * it at once the second finds it resolved: 409 KEY_INVALID. The audit
 * records who resolved it, in the same transaction.
 */
import { inTransaction, type Queryable } from '../db/client.ts';
import { ApiError } from '../errors.ts';
import { NotPending, postPending, voidPending } from '../ledger/transfers.ts';
import { lockSubject, supersedePending } from '../repositories/approvals.ts';
import { recordAudit } from '../repositories/audit.ts';
import { findWithdrawalView, lockWithdrawal, markResolved, type WithdrawalView } from '../repositories/withdrawals.ts';

export type Resolution = 'paid' | 'rejected';

/**
 * The withdrawal as resolved; 404 NO_DATA for an unknown id, 409 KEY_INVALID when it was resolved before.
 * `reference`: the bank's reference of the transfer that paid it, kept on the ledger's posting and in the audit.
 */
export async function resolveWithdrawal(db: Queryable, id: number, outcome: Resolution, operatorId: number, now: Date, reference?: string): Promise<WithdrawalView> {
  try {
    // In the caller's transaction when it is one (an approval's: docs/decisions/0121-dual-control.md).
    const view = await inTransaction(db, async (tx) => {
      await lockSubject(tx, 'withdrawal.paid', String(id));
      const withdrawal = await lockWithdrawal(tx, id);
      if (!withdrawal) throw new ApiError(404, 'NO_DATA');
      if (withdrawal.resolvingTransferId !== null) throw new ApiError(409, 'KEY_INVALID');
      const key = `withdrawal:${id}:${outcome}`;
      const { transfer } = outcome === 'paid' ? await postPending(tx, withdrawal.pendingTransferId, key, now, reference) : await voidPending(tx, withdrawal.pendingTransferId, key, now);
      await markResolved(tx, id, transfer.id, operatorId, now);
      await recordAudit(tx, {
        operatorId,
        action: outcome === 'paid' ? 'withdrawal.paid' : 'withdrawal.rejected',
        subject: String(id),
        userId: withdrawal.userId,
        before: { status: 'pending' },
        after: { status: outcome, transferId: String(transfer.id), ...(reference !== undefined && { reference }) },
        createdAt: now,
      });
      // A payout waiting for approval can no longer be paid.
      if (outcome === 'rejected') await supersedePending(tx, 'withdrawal.paid', String(id), operatorId, now);
      return findWithdrawalView(tx, id);
    });
    if (!view) throw new Error(`withdrawal ${id} vanished`);
    return view;
  } catch (error) {
    // The withdrawal row said open but its transfer was resolved: the row lock makes this unreachable.
    if (error instanceof NotPending) throw new ApiError(409, 'KEY_INVALID');
    throw error;
  }
}
