/** The fairness page's I/O over the API client. */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../src/api/client.ts';
import type { FairnessAnswer, FairnessRead, HistoryRead, PageQuery } from './fairness.types.ts';

export function fairnessActors(api: ApiClient) {
  return {
    load: fromPromise<FairnessRead, PageQuery>(async ({ input, signal }) => {
      const [fairness, history] = await Promise.all([api.call('fairness', { signal }), api.call('spinHistory', input, { signal })]);
      if (!fairness.ok) return fairness;
      if (!history.ok) return history;
      return { ok: true, data: { fairness: fairness.data, history: history.data } };
    }),
    loadHistory: fromPromise<HistoryRead, PageQuery>(({ input, signal }) => api.call('spinHistory', input, { signal })),
    saveClientSeed: fromPromise<FairnessAnswer, { clientSeed: string }>(({ input, signal }) =>
      api.call('fairnessClientSeed', { clientSeed: input.clientSeed }, { signal }),
    ),
    rotate: fromPromise<FairnessAnswer, void>(({ signal }) => api.call('fairnessRotate', { signal })),
  };
}
