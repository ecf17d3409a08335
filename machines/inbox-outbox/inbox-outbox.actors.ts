/**
 * The outbox's calls over the operator's API client: a reply's upload into
 * its conversation (multipart with progress) and the reply itself, which
 * machines/chat-media runs as it does the widget's, and ending a conversation.
 */
import { fromPromise } from 'xstate';
import { CHAT_UPLOAD_FIELD } from '../../src/contract/chat.ts';
import type { ApiClient } from '../../src/api/client.ts';
import { upload } from '../../src/api/upload.ts';
import type { SendAnswer, SendInput, UploadAnswer, UploadInput } from '../chat-media/chat-media.types.ts';
import { outboxItemFor } from './inbox-outbox.machine.ts';
import type { EndAnswer } from './inbox-outbox.types.ts';

/** A reply's upload and send (machines/chat-media's actors), through the agents' endpoints. */
export function agentReplyActors(api: ApiClient) {
  return {
    upload: fromPromise<UploadAnswer, UploadInput>(({ input, signal }) => {
      const form = new FormData();
      form.append(CHAT_UPLOAD_FIELD, input.file, input.file.name);
      return upload(api, input.fileType === 'image' ? 'opsChatUploadImage' : 'opsChatUploadVideo', form, {
        signal,
        params: { id: input.conversationId! },
        onProgress: (fraction) => input.reportProgress(fraction * 100),
      });
    }),
    send: fromPromise<SendAnswer, SendInput>(({ input, signal }) => {
      if (!('conversationId' in input)) throw new Error('inbox outbox: a reply needs its conversation');
      return api.call('opsChatReply', { message: input.message }, { params: { id: input.conversationId }, signal });
    }),
  };
}

export function inboxOutboxActors(api: ApiClient) {
  return {
    outboxItem: outboxItemFor(agentReplyActors(api)),
    endConversation: fromPromise<EndAnswer, { id: string }>(({ input, signal }) => api.call('opsChatEnd', { params: { id: input.id }, signal })),
  };
}
