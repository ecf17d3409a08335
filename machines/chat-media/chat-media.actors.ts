/** A customer's outgoing chat message's calls: the file as multipart with progress, and send-message. */
import { fromPromise } from 'xstate';
import { CHAT_UPLOAD_FIELD } from '../../src/contract/chat.ts';
import type { ApiClient } from '../../src/api/client.ts';
import { upload } from '../../src/api/upload.ts';
import type { SendAnswer, SendInput, UploadAnswer, UploadInput } from './chat-media.types.ts';

export function chatMediaActors(api: ApiClient) {
  return {
    upload: fromPromise<UploadAnswer, UploadInput>(({ input, signal }) => {
      const form = new FormData();
      form.append(CHAT_UPLOAD_FIELD, input.file, input.file.name);
      return upload(api, input.fileType === 'image' ? 'chatUploadImage' : 'chatUploadVideo', form, {
        signal,
        onProgress: (fraction) => input.reportProgress(fraction * 100),
      });
    }),
    send: fromPromise<SendAnswer, SendInput>(({ input, signal }) => {
      // An agent's reply is the inbox's (machines/inbox-outbox/inbox-outbox.actors.ts).
      if ('conversationId' in input) throw new Error('chat-media: an agent reply needs the agents\' endpoints');
      return api.call('chatSendMessage', input, { signal });
    }),
  };
}
