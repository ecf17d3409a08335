/**
 * The agent inbox's I/O over an API client that carries the operator's
 * token (/api/ops/chat/*; the view provides these, it writes none). The
 * client is a parameter, not the member's: a later operator console passes
 * its own.
 */
import { fromPromise } from 'xstate';
import { CHAT_PAGE_SIZE, CHAT_UPLOAD_FIELD } from '../../src/contract/chat.ts';
import type { ApiClient } from '../../src/api/client.ts';
import { upload } from '../../src/api/upload.ts';
import type {
  CannedAnswer,
  CannedChange,
  CannedChangeAnswer,
  ConversationInput,
  DoneAnswer,
  HistoryAnswer,
  InboxAnswer,
  InboxQueryInput,
  OlderInput,
  OpenAnswer,
  ReplyInput,
  SentAnswer,
  UploadAnswer,
  UploadInput,
} from './agent-inbox.types.ts';

export function agentInboxActors(api: ApiClient) {
  return {
    loadInbox: fromPromise<InboxAnswer, InboxQueryInput>(({ input, signal }) =>
      api.call('opsChatInbox', { query: { q: input.q, skip: String(input.skip) }, signal }),
    ),
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
    loadOlder: fromPromise<HistoryAnswer, OlderInput>(({ input, signal }) =>
      api.call('opsChatHistory', { limit: CHAT_PAGE_SIZE, skip: input.skip }, { params: { id: input.id }, signal }),
    ),
    catchUp: fromPromise<HistoryAnswer, ConversationInput>(({ input, signal }) =>
      api.call('opsChatHistory', { limit: CHAT_PAGE_SIZE, skip: 0 }, { params: { id: input.id }, signal }),
    ),
    markRead: fromPromise<DoneAnswer, ConversationInput>(({ input, signal }) => api.call('opsChatRead', { params: { id: input.id }, signal })),
    sendReply: fromPromise<SentAnswer, ReplyInput>(({ input, signal }) =>
      api.call('opsChatReply', { message: input.message }, { params: { id: input.conversationId }, signal }),
    ),
    uploadMedia: fromPromise<UploadAnswer, UploadInput>(({ input, signal }) => {
      const form = new FormData();
      form.append(CHAT_UPLOAD_FIELD, input.file, input.file.name);
      return upload(api, input.fileType === 'image' ? 'opsChatUploadImage' : 'opsChatUploadVideo', form, {
        signal,
        params: { id: input.conversationId },
        onProgress: input.reportProgress,
      });
    }),
    endConversation: fromPromise<DoneAnswer, ConversationInput>(({ input, signal }) => api.call('opsChatEnd', { params: { id: input.id }, signal })),
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
