/** Receiving a bonus over the API client. */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../src/api/client.ts';
import type { BonusActivated } from './bonus-activation.types.ts';

export function bonusActivationActors(api: ApiClient) {
  return {
    activate: fromPromise<BonusActivated, { code: string }>(async ({ input, signal }) => {
      const answer = await api.call('bonusActivate', { params: { code: input.code }, signal });
      return answer.ok ? { ok: true, data: { amount: answer.data.amount } } : answer;
    }),
  };
}
