/** One open conversation's calls over the operator's API client. */
import { fromPromise } from 'xstate';
import { CHAT_PAGE_SIZE } from '../../src/contract/chat.ts';
import type { ApiClient } from '../../src/api/client.ts';
import type { ConversationInput, HistoryAnswer, OpenAnswer, PageInput, ReadAnswer } from './inbox-conversation.types.ts';

export function inboxConversationActors(api: ApiClient) {
  const readPage = fromPromise<HistoryAnswer, PageInput>(({ input, signal }) =>
    api.call('opsChatHistory', { limit: CHAT_PAGE_SIZE, skip: input.skip }, { params: { id: input.id }, signal }),
  );
  return {
    // The customer panel and the newest page together: the conversation shows when both are there.
    openConversation: fromPromise<OpenAnswer, ConversationInput>(async ({ input, signal }) => {
      const params = { id: input.id };
      const [panel, messages] = await Promise.all([
        api.call('opsChatCustomer', { params, signal }),
        api.call('opsChatHistory', { limit: CHAT_PAGE_SIZE, skip: 0 }, { params, signal }),
      ]);
      if (!panel.ok) return panel;
      if (!messages.ok) return messages;
      return { ok: true, data: { panel: panel.data, messages: messages.data } };
    }),
    loadOlder: readPage,
    catchUp: readPage,
    markRead: fromPromise<ReadAnswer, ConversationInput>(({ input, signal }) => api.call('opsChatRead', { params: { id: input.id }, signal })),
  };
}
