/** The canned replies' calls over the operator's API client. */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../src/api/client.ts';
import type { CannedAnswer, CannedChange, CannedChangeAnswer } from './canned-replies.types.ts';

export function cannedRepliesActors(api: ApiClient) {
  return {
    loadCanned: fromPromise<CannedAnswer, void>(({ signal }) => api.call('opsChatCanned', { signal })),
    changeCanned: fromPromise<CannedChangeAnswer, CannedChange>(async ({ input, signal }) => {
      if (input.action === 'delete') {
        const answer = await api.call('opsChatCannedDelete', { params: { id: input.id }, signal });
        return answer.ok ? { ok: true, data: { deleted: input.id } } : answer;
      }
      const body = { title: input.title.trim(), text: input.text.trim() };
      const answer =
        input.id === null
          ? await api.call('opsChatCannedCreate', body, { signal })
          : await api.call('opsChatCannedChange', body, { params: { id: input.id }, signal });
      return answer.ok ? { ok: true, data: { saved: answer.data } } : answer;
    }),
  };
}
