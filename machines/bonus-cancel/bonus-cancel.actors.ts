/** Cancelling the active bonus over the API client. */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../src/api/client.ts';
import type { BonusCleared } from './bonus-cancel.types.ts';

export function bonusCancelActors(api: ApiClient) {
  return {
    clear: fromPromise<BonusCleared, void>(async ({ signal }) => {
      const answer = await api.call('bonusClear', { signal });
      return answer.ok ? { ok: true, data: { amount: answer.data.amount } } : answer;
    }),
  };
}
