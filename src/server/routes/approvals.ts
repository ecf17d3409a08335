/**
 * Dual control's queue (docs/decisions/0121-dual-control.md): the requests a
 * payout, a manual deposit, a payment's credit, a slip's approval or an adjustment beyond
 * what one operator may move alone became, and a second operator's decision on one. Finance (and
 * admins) only; the operator who asked never approves.
 */
import type { FastifyInstance } from 'fastify';
import type * as v from 'valibot';
import { endpoints } from '../../contract/endpoints.ts';
import { toMajor } from '../../contract/money.ts';
import type { Approval, ApprovalAction } from '../../contract/ops.ts';
import { decideApproval } from '../approvals/dual-control.ts';
import { OPS_APPROVALS_LIST_MAX } from '../policy.ts';
import { listApprovals, type ApprovalView } from '../repositories/approvals.ts';
import { route } from '../route.ts';
import { recordId } from '../validation.ts';

function approvalAnswer(view: ApprovalView): v.InferOutput<typeof Approval> {
  return {
    id: String(view.id),
    action: view.action as ApprovalAction,
    subject: view.subject,
    username: view.username,
    amount: toMajor(view.signedAmount),
    reason: view.reason,
    currency: view.currency,
    status: view.status,
    requestedBy: view.requestedByName,
    requestedAt: view.requestedAt.toISOString(),
    decidedBy: view.decidedByName,
    decidedAt: view.decidedAt?.toISOString() ?? null,
  };
}

export async function approvalRoutes(app: FastifyInstance): Promise<void> {
  const { clock } = app;

  route(app, endpoints.opsApprovals, async ({ db, query }) => ({
    approvals: (await listApprovals(db, query.status, OPS_APPROVALS_LIST_MAX)).map(approvalAnswer),
  }));

  route(app, endpoints.opsApprovalApproved, async ({ db, params, caller, request }) => ({
    approval: approvalAnswer(await decideApproval(db, request.log, recordId(params.id), caller.operatorId, 'approved', clock())),
  }));

  route(app, endpoints.opsApprovalRejected, async ({ db, params, caller, request }) => ({
    approval: approvalAnswer(await decideApproval(db, request.log, recordId(params.id), caller.operatorId, 'rejected', clock())),
  }));
}
