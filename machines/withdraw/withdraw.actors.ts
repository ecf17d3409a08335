/** The withdrawal's calls over the API client: the limits, then the withdrawal with the action's idempotency key. */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../src/api/client.ts';
import type { Result } from '../shared/result.ts';
import type { MoneyMoved, WithdrawLimits } from './withdraw.types.ts';

export function withdrawActors(api: ApiClient) {
  return {
    loadLimits: fromPromise<Result<WithdrawLimits>, void>(({ signal }) => api.call('lookupWithdraw', { signal })),
    postWithdrawal: fromPromise<Result<MoneyMoved>, { amount: number; idempotencyKey: string }>(({ input: { amount, idempotencyKey }, signal }) =>
      api.call('withdrawAll', { amount }, { idempotencyKey, signal }),
    ),
  };
}
