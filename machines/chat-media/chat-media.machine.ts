import { assertEvent, assign, emit, setup } from 'xstate';
import { CHAT_SEND_DELAY_MS } from '../../src/contract/chat.ts';
import { chatAttachmentType, chatFileRefusal, chatTextRefusal } from '../../src/contract/rules/chat.ts';
import { conversationOver } from '../chat-connection/conversation-over.ts';
import { actorOutput, notProvided } from '../shared/actors.ts';
import { succeeded } from '../shared/answer.ts';
import { failureMessage, NETWORK_ERROR, okData } from '../shared/result.ts';
import { attachedFile, builtMessageRefusal, deliveredMessage, outgoingBody } from './outgoing.ts';
import type {
  ChatMediaContext,
  ChatMediaEmitted,
  ChatMediaEvent,
  ChatMediaInput,
  ChatMediaOutput,
  ChatMediaTag,
  SendAnswer,
  SendInput,
  UploadAnswer,
  UploadInput,
} from './chat-media.types.ts';

/** The client rule (spec 5) for the item: why it cannot be sent, or null. */
function refusalOf(context: ChatMediaContext): ChatMediaContext['refusal'] {
  const { item } = context;
  if (item.kind === 'message') {
    const refusal = builtMessageRefusal(item.message);
    return refusal === null ? null : { message: refusal };
  }
  if (item.kind === 'file') {
    // A guest has the guest's video limit: refused here, not by the server's 413.
    const refusal = chatFileRefusal(item.file, { guest: context.writer === 'guest' });
    if (refusal === null) return null;
    return refusal.code === 'CHAT_FILE_NOT_SUPPORTED' ? { message: refusal.code } : { message: refusal.code, limitMb: refusal.limitMb };
  }
  const text = item.kind === 'text' ? item.text : item.title;
  const refusal = chatTextRefusal(text);
  return refusal === null ? null : { message: refusal };
}

export const chatMediaMachine = setup({
  types: {
    context: {} as ChatMediaContext,
    events: {} as ChatMediaEvent,
    input: {} as ChatMediaInput,
    output: {} as ChatMediaOutput,
    tags: {} as ChatMediaTag,
    emitted: {} as ChatMediaEmitted,
  },
  actors: {
    upload: notProvided<UploadAnswer, UploadInput>('upload'),
    send: notProvided<SendAnswer, SendInput>('send'),
  },
  actions: {
    refuse: assign(({ context }) => ({ refusal: refusalOf(context) })),
    goOnline: assign({ online: true }),
    goOffline: assign({ online: false }),
    startUpload: assign({ progress: 0, failure: null }),
    setProgress: assign(({ context, event }) => {
      assertEvent(event, 'upload.progress');
      // Never backwards, never past the end, whatever the transport reports.
      return { progress: Math.round(Math.min(100, Math.max(context.progress, event.percent))) };
    }),
    keepUpload: assign((_, answer: UploadAnswer) => ({ upload: okData(answer), progress: 100 })),
    keepMessage: assign(({ context }, answer: SendAnswer) => ({ message: deliveredMessage(context, okData(answer)), failure: null })),
    showRefusal: assign((_, answer: UploadAnswer | SendAnswer) => ({ failure: failureMessage(answer) })),
    showNetworkError: assign({ failure: NETWORK_ERROR }),
    clearFailure: assign({ failure: null }),
    announceRemoved: emit(({ context }): ChatMediaEmitted => ({ type: 'item.removed', deliverId: context.deliverId })),
    // Provided by a parent that waits for each item in turn (the inbox's outbox).
    announceFailed: () => {},
  },
  guards: {
    refused: ({ context }) => refusalOf(context) !== null,
    isFile: ({ context }) => context.item.kind === 'file',
    online: ({ context }) => context.online,
    offline: ({ context }) => !context.online,
    uploaded: ({ context }) => context.item.kind !== 'file' || context.upload !== null,
    succeeded,
    // An agent's reply goes at once; the widget's waits (spec 7).
    agentReply: ({ context }) => context.conversationId !== undefined,
    // Only a customer's conversation can end under them; an agent's refused reply waits for a retry.
    endsConversation: ({ context }, answer: UploadAnswer | SendAnswer) => context.conversationId === undefined && !answer.ok && conversationOver(answer.message),
  },
  delays: {
    sendDelay: CHAT_SEND_DELAY_MS,
  },
}).createMachine({
  id: 'chatMedia',
  description:
    'One message the customer sends (spec 3 delivery statuses, spec 4 chat media message), or an agent\'s reply: a file is checked (spec 5), uploaded with progress, then sent, a customer\'s 500 ms later (spec 7); text, postbacks and built messages are only sent. Written offline, it waits and goes once the chat is connected; a failed item is resent from where it failed, under the same deliver id (so it is stored once), or removed. A refusal that ends the customer\'s conversation ends the item too.',
  context: ({ input }) => ({ ...input, progress: 0, upload: null, failure: null, message: null, refusal: null }),
  output: ({ context }): ChatMediaOutput => {
    if (context.message !== null) return { outcome: 'sent', message: context.message };
    if (context.refusal !== null) return { outcome: 'refused', ...context.refusal };
    // Only the 'ended' state keeps such a failure: a failed item the customer removed had another (an agent's may have had it).
    if (context.conversationId === undefined && conversationOver(context.failure)) return { outcome: 'ended', message: context.failure! };
    return { outcome: 'removed' };
  },
  // The connection's state, wherever the item is; a waiting state goes on by itself once online.
  on: {
    'connection.online': { actions: 'goOnline' },
    'connection.offline': { actions: 'goOffline' },
  },
  initial: 'checking',
  states: {
    checking: {
      description: 'The client rule (spec 5): a file needs a supported extension and a size within its limit (a guest\'s video within the guest\'s, CHAT_GUEST_VIDEO_MAX_BYTES); text 1 to 2,000 characters once trimmed.',
      always: [
        { guard: 'refused', target: 'refused', actions: 'refuse' },
        { guard: 'isFile', target: 'uploading_file' },
        { target: 'sending' },
      ],
    },
    uploading_file: {
      tags: 'uploading_file',
      initial: 'queued',
      states: {
        queued: {
          tags: 'queued',
          description: 'Offline: the file waits for the connection.',
          always: { guard: 'online', target: 'uploading' },
        },
        uploading: {
          description: 'POST /api/chat/upload-image or /upload-video (multipart, 5-minute timeout) with progress. An upload already on its way goes on if the connection drops.',
          entry: 'startUpload',
          invoke: {
            id: 'upload',
            src: 'upload',
            input: ({ context, self }) => {
              const file = attachedFile(context);
              return {
                file,
                ...(context.conversationId === undefined ? {} : { conversationId: context.conversationId }),
                // Checked already: only a supported extension gets here.
                fileType: chatAttachmentType(file.name) ?? 'image',
                reportProgress: (percent: number) => self.send({ type: 'upload.progress', percent }),
              };
            },
            onDone: [
              { guard: { type: 'succeeded', params: actorOutput }, target: '#chatMedia.sending', actions: { type: 'keepUpload', params: actorOutput } },
              { guard: { type: 'endsConversation', params: actorOutput }, target: '#chatMedia.ended', actions: { type: 'showRefusal', params: actorOutput } },
              { target: '#chatMedia.failed', actions: { type: 'showRefusal', params: actorOutput } },
            ],
            onError: { target: '#chatMedia.failed', actions: 'showNetworkError' },
          },
          on: { 'upload.progress': { actions: 'setProgress' } },
        },
      },
    },
    sending: {
      tags: 'sending',
      initial: 'queued',
      states: {
        queued: {
          tags: 'queued',
          description: 'Offline: the message waits for the connection.',
          always: { guard: 'online', target: 'delay' },
        },
        delay: {
          description: 'spec 7: send-message goes 500 ms after the customer pressed send (or the connection came back). Offline meanwhile, it waits again. An agent\'s reply goes at once.',
          always: [
            { guard: 'offline', target: 'queued' },
            { guard: 'agentReply', target: 'posting' },
          ],
          after: { sendDelay: 'posting' },
        },
        posting: {
          description: 'POST /api/chat/send-message with the item\'s deliver id. Once on its way it is not stopped: the server stores a deliver id once.',
          invoke: {
            id: 'send',
            src: 'send',
            input: ({ context }) => outgoingBody(context),
            onDone: [
              { guard: { type: 'succeeded', params: actorOutput }, target: '#chatMedia.succeed', actions: { type: 'keepMessage', params: actorOutput } },
              { guard: { type: 'endsConversation', params: actorOutput }, target: '#chatMedia.ended', actions: { type: 'showRefusal', params: actorOutput } },
              { target: '#chatMedia.failed', actions: { type: 'showRefusal', params: actorOutput } },
            ],
            onError: { target: '#chatMedia.failed', actions: 'showNetworkError' },
          },
        },
      },
    },
    failed: {
      tags: 'failed',
      description: 'Not sent: the reason shows. Resend goes on from where it failed (the upload, or only the send, under the same deliver id); remove drops it.',
      entry: 'announceFailed',
      on: {
        'item.retry': [
          { guard: 'uploaded', target: 'sending', actions: 'clearFailure' },
          { target: 'uploading_file', actions: 'clearFailure' },
        ],
        'item.remove': 'removed',
      },
    },
    succeed: {
      tags: 'succeed',
      type: 'final',
      description: 'The server took it: the history shows the message.',
    },
    removed: {
      type: 'final',
      entry: 'announceRemoved',
    },
    refused: {
      type: 'final',
      description: 'The client rule refused it: nothing was sent; the widget shows why for 4 s.',
    },
    ended: {
      type: 'final',
      description: 'The server no longer takes this conversation (CHAT_GUEST_INVALID, CHAT_CLOSED): resending cannot help; the chat starts again as a new guest.',
    },
  },
});
