/** Finding and receiving a promotion code over the API client (the code URL-encoded by the client). */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../src/api/client.ts';
import type { PromotionFound, PromotionReceived } from './promotion.types.ts';

export function promotionActors(api: ApiClient) {
  return {
    find: fromPromise<PromotionFound, { code: string }>(({ input, signal }) =>
      api.call('promotionFind', { params: { code: input.code }, signal }),
    ),
    receive: fromPromise<PromotionReceived, { code: string }>(async ({ input, signal }) => {
      const answer = await api.call('promotionActivate', { params: { code: input.code }, signal });
      return answer.ok ? { ok: true, data: { amount: answer.data.amount } } : answer;
    }),
  };
}
