/**
 * The operator's back office (not in spec 7; this build needs a way to move
 * money in and out): the withdrawal queue, paying or rejecting a
 * withdrawal, crediting a deposit, and a member's standing. Operator access
 * only, each route for the roles its endpoint names; anyone else gets 403
 * UNAUTHORIZED from the authentication hook.
 */
import type { FastifyInstance } from 'fastify';
import type * as v from 'valibot';
import type { Withdrawal } from '../../contract/api.ts';
import { endpoints } from '../../contract/endpoints.ts';
import { toMajor, toMinor } from '../../contract/money.ts';
import type { Queryable } from '../db/client.ts';
import { ApiError } from '../errors.ts';
import { NotPending, postPending, voidPending } from '../ledger/transfers.ts';
import { setMemberStatus } from '../members/standing.ts';
import { creditDeposit } from '../payments/credit.ts';
import { OPS_WITHDRAWALS_LIST_MAX } from '../policy.ts';
import { findUserByPhone } from '../repositories/users.ts';
import { memberCurrency } from '../repositories/wallet.ts';
import { findWithdrawalView, listWithdrawals, lockWithdrawal, markResolved, type WithdrawalView } from '../repositories/withdrawals.ts';
import { route } from '../route.ts';
import { inMovement } from '../wallet/movements.ts';

function withdrawalAnswer(view: WithdrawalView): v.InferOutput<typeof Withdrawal> {
  return {
    id: String(view.id),
    username: view.username,
    name: view.name,
    amount: toMajor(view.amount),
    status: view.status,
    bankAccount: {
      bankCode: view.bankCode,
      bankAccountName: view.accountName,
      bankAccountNo: view.accountNo,
      currency: view.currency,
      bank: { nameTH: view.bankNameTh ?? '', nameEN: view.bankNameEn ?? '' },
    },
    createdAt: view.createdAt.toISOString(),
    resolvedAt: view.resolvedAt?.toISOString() ?? null,
  };
}

/** The path's id as a number; one beyond JavaScript's exact integers names no withdrawal. */
function withdrawalId(id: string): number {
  const value = Number(id);
  if (!Number.isSafeInteger(value)) throw new ApiError(404, 'NO_DATA');
  return value;
}

export async function opsRoutes(app: FastifyInstance): Promise<void> {
  const { clock } = app;

  route(app, endpoints.opsWithdrawals, async ({ db, query }) => ({
    withdrawals: (await listWithdrawals(db, query.status, OPS_WITHDRAWALS_LIST_MAX)).map(withdrawalAnswer),
  }));

  /**
   * Pays (posts) or rejects (voids, the money goes back to the wallet) a
   * withdrawal's pending transfer. The withdrawal row is locked first, so of
   * two operators resolving it at once the second finds it resolved: 409.
   */
  async function resolve(db: Queryable, id: number, outcome: 'paid' | 'rejected', operatorId: number) {
    const now = clock();
    try {
      const view = await db.transaction(async (tx) => {
        const withdrawal = await lockWithdrawal(tx, id);
        if (!withdrawal) throw new ApiError(404, 'NO_DATA');
        if (withdrawal.resolvingTransferId !== null) throw new ApiError(409, 'KEY_INVALID');
        const resolveTransfer = outcome === 'paid' ? postPending : voidPending;
        const { transfer } = await resolveTransfer(tx, withdrawal.pendingTransferId, `withdrawal:${id}:${outcome}`, now);
        await markResolved(tx, id, transfer.id, operatorId, now);
        return findWithdrawalView(tx, id);
      });
      if (!view) throw new Error(`withdrawal ${id} vanished`);
      return { withdrawal: withdrawalAnswer(view) };
    } catch (error) {
      // The withdrawal row said open but its transfer was resolved: the row lock makes this unreachable.
      if (error instanceof NotPending) throw new ApiError(409, 'KEY_INVALID');
      throw error;
    }
  }

  route(app, endpoints.opsWithdrawalPaid, async ({ db, params, caller }) => resolve(db, withdrawalId(params.id), 'paid', caller.operatorId));

  route(app, endpoints.opsWithdrawalRejected, async ({ db, params, caller }) =>
    resolve(db, withdrawalId(params.id), 'rejected', caller.operatorId),
  );

  /**
   * Credits a member's wallet from outside money. A deposit is credited once
   * per bank reference (the ledger key `deposit:{reference}`): the same
   * reference again for the same member and amount answers the first
   * transfer and moves nothing; for another member or amount, 409.
   */
  route(app, endpoints.opsDeposit, async ({ db, body, request }) => {
    const user = await findUserByPhone(db, body.username);
    if (!user) throw new ApiError(404, 'NO_USER');
    const currency = await memberCurrency(db, user.id);
    const { transfer } = await inMovement(db, request.log, (tx) =>
      creditDeposit(tx, { userId: user.id, currency, amount: toMinor(body.amount), reference: body.reference, idempotencyKey: `deposit:${body.reference}` }, clock()),
    );
    return { message: 'SUCCESS', username: body.username, amount: body.amount, reference: body.reference, transferId: String(transfer.id) };
  });

  /** Suspends, closes or reactivates a member (support); anything but active ends their sessions at once. */
  route(app, endpoints.opsMemberStatus, async ({ params, body }) => {
    const member = await setMemberStatus(app.db, params.username, body.status, clock());
    if (!member) throw new ApiError(404, 'NO_USER');
    return { message: 'SUCCESS', member };
  });
}
