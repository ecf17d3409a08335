/** Saving the English account name over the API client. */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../src/api/client.ts';
import type { Result } from '../shared/result.ts';

export function bankAccountNameActors(api: ApiClient) {
  return {
    saveName: fromPromise<Result<{ bankAccountName: string }>, { bankCode: string; bankAccountName: string }>(async ({ input, signal }) => {
      const result = await api.call('bankAccountName', input, { signal });
      return result.ok ? { ok: true, data: { bankAccountName: result.data.bankAccount.bankAccountName } } : result;
    }),
  };
}
