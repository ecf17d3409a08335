/** A decision over the operator's API client: POST /api/ops/approvals/{id}/approved or /rejected. Views provide it. */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../src/api/client.ts';
import type { Result } from '../shared/result.ts';
import type { ApprovalDecision } from './approval.types.ts';

export function approvalActors(api: ApiClient) {
  return {
    decide: fromPromise<Result<unknown>, { id: string; decision: ApprovalDecision }>(({ input, signal }) =>
      api.call(input.decision === 'approved' ? 'opsApprovalApproved' : 'opsApprovalRejected', { params: { id: input.id }, signal }),
    ),
  };
}
