/**
 * The payout's calls over the operator's API client: POST
 * /api/ops/withdrawals/{id}/paid { reference } (200, or 202 when a second
 * operator must approve) and /rejected. Views provide these.
 */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../src/api/client.ts';
import type { Result } from '../shared/result.ts';
import type { PayAnswer, PayInput } from './payout.types.ts';

export function payoutActors(api: ApiClient) {
  return {
    pay: fromPromise<Result<PayAnswer>, PayInput>(({ input, signal }) =>
      api.call('opsWithdrawalPaid', { reference: input.reference }, { params: { id: input.id }, signal }),
    ),
    reject: fromPromise<Result<unknown>, { id: string }>(({ input, signal }) => api.call('opsWithdrawalRejected', { params: { id: input.id }, signal })),
  };
}
