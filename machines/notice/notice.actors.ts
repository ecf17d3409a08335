/**
 * The notice's read over the API client (in the member's language: the client sends Accept-Language).
 * `inPage` gives the answer the page brought with it, once, or null: then the read asks the server
 * (docs/decisions/0147-the-member-home-paints-first.md).
 */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../src/api/client.ts';
import type { NoticeAnswer } from './notice.types.ts';

export function noticeActors(api: ApiClient, inPage: () => NoticeAnswer | null = () => null) {
  return {
    read: fromPromise<NoticeAnswer, void>(async ({ signal }) => inPage() ?? api.call('lookupNotice', { signal })),
  };
}
