/** The notice's read over the API client (in the member's language: the client sends Accept-Language). */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../src/api/client.ts';
import type { NoticeAnswer } from './notice.types.ts';

export function noticeActors(api: ApiClient) {
  return {
    read: fromPromise<NoticeAnswer, void>(({ signal }) => api.call('lookupNotice', { signal })),
  };
}
