/**
 * Withdrawals: the member's request (spec 7, withdraw and withdrawAll, and
 * the limits lookup) and the operator's queue, paying or rejecting one (not
 * in spec 7; this build needs a way to move money out). Each route
 * validates, calls one function of withdrawals/ and shapes the answer.
 * Operator routes are for the roles their endpoint names; anyone else gets
 * 403 UNAUTHORIZED from the authentication hook.
 */
import { stringify } from 'csv-stringify/sync';
import type { FastifyInstance } from 'fastify';
import type * as v from 'valibot';
import type { Withdrawal } from '../../contract/api.ts';
import { endpoints } from '../../contract/endpoints.ts';
import { toMajor } from '../../contract/money.ts';
import { WITHDRAWALS_PAGE_SIZE, type WithdrawalsQuery } from '../../contract/ops.ts';
import { movedAnswer } from '../answers/moved.ts';
import { isAsked, payOrAsk } from '../approvals/dual-control.ts';
import { memberMovement } from '../money/movement.ts';
import { OPS_WITHDRAWALS_EXPORT_MAX } from '../policy.ts';
import { getSettings } from '../repositories/settings.ts';
import { listWithdrawals, type WithdrawalFilter, type WithdrawalView } from '../repositories/withdrawals.ts';
import { accepted, route } from '../route.ts';
import { recordId } from '../validation.ts';
import { requestWithdrawal } from '../withdrawals/hold.ts';
import { resolveWithdrawal } from '../withdrawals/resolve.ts';

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
    reference: view.reference,
    approvalId: view.approvalId === null ? null : String(view.approvalId),
  };
}

function filterOf({ status, member, bank, sort }: v.InferOutput<typeof WithdrawalsQuery>): WithdrawalFilter {
  return { status, ...(member !== undefined && { member }), ...(bank !== undefined && { bank }), ...(sort !== undefined && { sort }) };
}

/** The bank's batch: one line a withdrawal, where the money goes and how much (major units, as the bank's upload reads them). */
const CSV_COLUMNS = ['id', 'createdAt', 'status', 'username', 'name', 'bankCode', 'bankName', 'accountName', 'accountNo', 'amount', 'currency', 'reference'] as const;

function csvRow(view: WithdrawalView): Record<(typeof CSV_COLUMNS)[number], string> {
  return {
    id: String(view.id),
    createdAt: view.createdAt.toISOString(),
    status: view.status,
    username: view.username,
    name: view.name,
    bankCode: view.bankCode,
    bankName: view.bankNameEn ?? '',
    accountName: view.accountName,
    accountNo: view.accountNo,
    amount: toMajor(view.amount).toFixed(2),
    currency: view.currency,
    reference: view.reference ?? '',
  };
}

export async function withdrawalRoutes(app: FastifyInstance): Promise<void> {
  const { clock, games } = app;

  route(app, endpoints.lookupWithdraw, ({ db }) => getSettings(db, 'withdrawMin', 'withdrawMax'));

  route(app, endpoints.withdraw, async ({ body, caller, db, request }) => {
    const context = memberMovement(request, caller.userId, 'withdraw', games, clock());
    return movedAnswer(await requestWithdrawal(db, context, { amount: body.amount, sweepGames: false }));
  });

  // The withdraw modal's call: every game balance comes back to the wallet first (docs/decisions/0048-withdrawals-transferall-withdrawall.md).
  route(app, endpoints.withdrawAll, async ({ body, caller, db, request }) => {
    const context = memberMovement(request, caller.userId, 'withdrawAll', games, clock());
    return movedAnswer(await requestWithdrawal(db, context, { amount: body.amount, sweepGames: true }));
  });

  // ---------------------------------------------------------------- operator

  route(app, endpoints.opsWithdrawals, async ({ db, query }) => {
    const { views, total } = await listWithdrawals(db, filterOf(query), (query.page - 1) * WITHDRAWALS_PAGE_SIZE, WITHDRAWALS_PAGE_SIZE);
    return { withdrawals: views.map(withdrawalAnswer), total };
  });

  // Written as the audit's CSV is (routes/audit.ts): a BOM so spreadsheets read Thai and Lao names, formulas escaped.
  route(app, endpoints.opsWithdrawalsCsv, async ({ db, query, reply }) => {
    const { views, total } = await listWithdrawals(db, filterOf(query), 0, OPS_WITHDRAWALS_EXPORT_MAX);
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="withdrawals-${query.status}.csv"`)
      .header('x-total-count', String(total));
    return `\uFEFF${stringify(views.map(csvRow), { header: true, columns: [...CSV_COLUMNS], escape_formulas: true, quoted: true })}`;
  });

  // Pays (posts) or rejects (voids) a withdrawal's pending transfer.
  // Above the approval threshold a payout asks a second operator (202).
  route(app, endpoints.opsWithdrawalPaid, async ({ db, params, body, caller, reply }) => {
    const done = await payOrAsk(db, caller.operatorId, recordId(params.id), body?.reference, clock());
    if (isAsked(done)) return accepted(reply, done);
    return { withdrawal: withdrawalAnswer(done) };
  });

  route(app, endpoints.opsWithdrawalRejected, async ({ db, params, caller }) => ({
    withdrawal: withdrawalAnswer(await resolveWithdrawal(db, recordId(params.id), 'rejected', caller.operatorId, clock())),
  }));
}
