/**
 * The slip review's calls over the operator's API client: the slip with
 * its findings, the two decisions, and the next slip waiting after the one
 * just decided (the queue is worked oldest first: ids grow with time).
 */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../src/api/client.ts';
import { OPS_SLIPS_PAGE_SIZE, type OpsSlipDetail } from '../../src/contract/deposit.ts';
import type { Result } from '../shared/result.ts';
import type { SlipApproval, SlipRejection } from './slip-review.types.ts';

export type ApproveAnswer = Result<{ message: string }>;

/** The queue's pages are walked at most this far looking for the next slip; past it the operator picks from the table. */
const PAGES_LOOKED_AT = 10;

export function slipReviewActors(api: ApiClient) {
  return {
    loadSlip: fromPromise<Result<OpsSlipDetail>, string>(({ input, signal }) => api.call('opsSlip', { params: { id: input }, signal })),
    approveSlip: fromPromise<ApproveAnswer, SlipApproval>(({ input, signal }) =>
      api.call('opsSlipApproved', { amount: input.amount }, { params: { id: input.id }, signal }),
    ),
    rejectSlip: fromPromise<Result<{ message: string }>, SlipRejection>(({ input, signal }) =>
      api.call('opsSlipRejected', { note: input.note }, { params: { id: input.id }, signal }),
    ),
    findNext: fromPromise<Result<{ id: string | null }>, { after: string }>(async ({ input, signal }) => {
      const after = Number(input.after);
      for (let page = 1; page <= PAGES_LOOKED_AT; page += 1) {
        const answer = await api.call('opsSlips', { query: { status: 'PENDING', page: String(page) }, signal });
        if (!answer.ok) return answer;
        const next = answer.data.slips.find((slip) => Number(slip.id) > after);
        if (next) return { ok: true, data: { id: next.id } };
        if (page * OPS_SLIPS_PAGE_SIZE >= answer.data.total) break;
      }
      return { ok: true, data: { id: null } };
    }),
  };
}
