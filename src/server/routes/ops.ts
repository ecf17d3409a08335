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
import { ApiError } from '../errors.ts';
import { setMemberStatus } from '../members/standing.ts';
import { creditBankDeposit } from '../payments/credit.ts';
import { OPS_WITHDRAWALS_LIST_MAX } from '../policy.ts';
import { listWithdrawals, type WithdrawalView } from '../repositories/withdrawals.ts';
import { route } from '../route.ts';
import { resolveWithdrawal } from '../wallet/payouts.ts';

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

  // Pays (posts) or rejects (voids) a withdrawal's pending transfer (wallet/payouts.ts).
  route(app, endpoints.opsWithdrawalPaid, async ({ db, params, caller }) => ({
    withdrawal: withdrawalAnswer(await resolveWithdrawal(db, withdrawalId(params.id), 'paid', caller.operatorId, clock())),
  }));

  route(app, endpoints.opsWithdrawalRejected, async ({ db, params, caller }) => ({
    withdrawal: withdrawalAnswer(await resolveWithdrawal(db, withdrawalId(params.id), 'rejected', caller.operatorId, clock())),
  }));

  // Credits a member's wallet from outside money, once per bank reference (payments/credit.ts).
  route(app, endpoints.opsDeposit, async ({ db, body, request }) => {
    const transfer = await creditBankDeposit(db, request.log, { phone: body.username, amount: toMinor(body.amount), reference: body.reference }, clock());
    return { message: 'SUCCESS', username: body.username, amount: body.amount, reference: body.reference, transferId: String(transfer.id) };
  });

  /** Suspends, closes or reactivates a member (support); anything but active ends their sessions at once. */
  route(app, endpoints.opsMemberStatus, async ({ params, body }) => {
    const member = await setMemberStatus(app.db, params.username, body.status, clock());
    if (!member) throw new ApiError(404, 'NO_USER');
    return { message: 'SUCCESS', member };
  });
}
