/**
 * An operator's correction of a member's wallet (POST /api/ops/adjustments,
 * docs/decisions/0122-adjustments.md): never an edit of a balance, always one
 * ledger transfer of kind `correction` between the wallet and the system
 * account `adjustments`, under the ledger key `adjustment:{operator}:{Idempotency-Key}`.
 * A credit moves adjustments → wallet; a debit wallet → adjustments, which
 * the ledger refuses (MONEY_NOT_ENOUGH) when it would take the wallet below
 * zero or into money held for a withdrawal. The same key again answers the
 * first transfer and moves nothing; with another member or amount, 409
 * KEY_INVALID.
 */
import type { FastifyBaseLogger } from 'fastify';
import { toMajor } from '../../contract/money.ts';
import type { Queryable } from '../db/client.ts';
import { ApiError } from '../errors.ts';
import { ensureSystemAccount, ensureWalletAccount } from '../ledger/accounts.ts';
import { postTransfer, type Transfer } from '../ledger/transfers.ts';
import { inMovement } from '../money/movement.ts';
import { recordAudit } from '../repositories/audit.ts';
import { findUserByPhone, memberCurrency } from '../repositories/users.ts';

export interface Adjustment {
  /** The member's phone. */
  phone: string;
  /** Minor units, never zero: positive credits the member, negative takes from them. */
  amount: bigint;
  reason: string;
  /** What names it: `{asking operator's id}:{their Idempotency-Key}`, so each operator's keys are their own. */
  key: string;
}

/** An adjustment's ledger key: one transfer per Idempotency-Key. */
export function adjustmentKey(key: string): string {
  return `adjustment:${key}`;
}

/**
 * Posts the adjustment in `db`'s transaction (or one of its own), with the audit's row naming
 * `operatorId` (the approver, for an approved request); 404 NO_USER for an unknown phone.
 */
export async function adjust(db: Queryable, log: FastifyBaseLogger, adjustment: Adjustment, operatorId: number, now: Date): Promise<Transfer> {
  const user = await findUserByPhone(db, adjustment.phone);
  if (!user) throw new ApiError(404, 'NO_USER');
  const currency = await memberCurrency(db, user.id);
  const { transfer } = await inMovement(db, log, async (tx) => {
    const system = await ensureSystemAccount(tx, 'adjustments', currency, now);
    const wallet = await ensureWalletAccount(tx, user.id, currency, now);
    const credit = adjustment.amount > 0n;
    const written = await postTransfer(
      tx,
      {
        debitAccountId: credit ? system.id : wallet.id,
        creditAccountId: credit ? wallet.id : system.id,
        amount: credit ? adjustment.amount : -adjustment.amount,
        kind: 'correction',
        reference: adjustment.reason,
        idempotencyKey: adjustmentKey(adjustment.key),
      },
      now,
    );
    if (!written.replayed) {
      const after = { amount: toMajor(adjustment.amount), currency, reason: adjustment.reason, transferId: String(written.transfer.id) };
      await recordAudit(tx, { operatorId, action: 'adjustment', subject: adjustment.key, userId: user.id, after, createdAt: now });
    }
    return written;
  });
  return transfer;
}
