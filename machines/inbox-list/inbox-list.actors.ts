/** The inbox list's call over the operator's API client. */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../src/api/client.ts';
import type { InboxAnswer, InboxQueryInput } from './inbox-list.types.ts';

export function inboxListActors(api: ApiClient) {
  return {
    loadInbox: fromPromise<InboxAnswer, InboxQueryInput>(({ input, signal }) =>
      api.call('opsChatInbox', { query: { q: input.q, skip: String(input.skip) }, signal }),
    ),
  };
}
