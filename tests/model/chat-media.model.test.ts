import type { ChatMediaContext, ChatMediaInput, SendAnswer, UploadAnswer } from '../../machines/chat-media/chat-media.types.ts';
import { describeModels } from './support/describe-model.ts';
import { expect } from './support/step-expect.ts';
import { stateKey, type FlowModel } from './support/flow-model.ts';
import type { ReplayedStep } from './support/replay.ts';
import { chatMediaModels, CONVERSATION_ID, DELIVER_ID, SENT, UPLOADED } from './chat-media.model.ts';

/** spec 7, written out independently: send-message goes 500 ms after send. */
const SEND_DELAY = 500;
const MB = 1024 * 1024;

/** An agent's reply (the inbox's): into a conversation, at once, never ended by a refusal. */
const byAgent = (input: ChatMediaInput) => input.conversationId !== undefined;

/** spec 5, written out independently: what the client refuses, and the limit it names. */
function refusal(input: ChatMediaInput): { message: string; limitMb?: number } | null {
  const { item } = input;
  // A built message the contract refuses (buttons with none): a bad field.
  if (item.kind === 'message') return item.message.message_type === 'buttons' && item.message.payloads.length === 0 ? { message: 'KEY_INVALID' } : null;
  if (item.kind === 'file') {
    const extension = /\.([^.]+)$/.exec(item.file.name)?.[1]?.toLowerCase() ?? '';
    if (['png', 'jpg', 'jpeg', 'gif'].includes(extension)) return item.file.size > 10 * MB ? { message: 'CHAT_FILE_TOO_LARGE', limitMb: 10 } : null;
    // A guest's video: at most 5 MB, as the server's 413 CHAT_GUEST_VIDEO_TOO_LARGE (src/server/chat/media.ts) says.
    if (['mov', 'mp4'].includes(extension) && input.writer === 'guest') return item.file.size > 5 * MB ? { message: 'CHAT_GUEST_VIDEO_TOO_LARGE', limitMb: 5 } : null;
    if (['mov', 'mp4'].includes(extension)) return item.file.size > 20 * MB ? { message: 'CHAT_FILE_TOO_LARGE', limitMb: 20 } : null;
    return { message: 'CHAT_FILE_NOT_SUPPORTED' };
  }
  const text = (item.kind === 'text' ? item.text : item.title).trim();
  return text.length === 0 || text.length > 2000 ? { message: 'CHAT_TEXT_INVALID' } : null;
}

/** The message as sent, written out: under the item's deliver id (never another, not even a built message's own). */
function sentMessage(input: ChatMediaInput) {
  const deliver = { id: DELIVER_ID, status: 'sending' };
  const { item } = input;
  if (item.kind === 'text') return { message_type: 'text', payload: { text: item.text.trim() }, deliver };
  if (item.kind === 'postback') return { message_type: 'postback', payload: { title: item.title, payload: item.payload }, deliver };
  if (item.kind === 'message') return { ...item.message, deliver };
  return { message_type: 'media', payload: { message: item.caption?.trim() ?? '', url: false, fileType: 'image', filePath: UPLOADED.path }, deliver };
}

/** The body of send-message: the customer writes as themselves only; an agent's reply names its conversation. */
function sentBody(input: ChatMediaInput) {
  if (byAgent(input)) return { conversationId: CONVERSATION_ID, message: sentMessage(input) };
  const who = input.userId !== null ? { userId: input.userId } : { guestId: input.guestId };
  return { sender: 'customer', message: sentMessage(input), ...who };
}

/** The message the history gets once the server took it: a media message shows the upload's signed link. */
function delivered(input: ChatMediaInput) {
  const sent = sentMessage(input);
  const message = sent.message_type === 'media' ? { ...sent, payload: { ...sent.payload, url: true, filePath: UPLOADED.url } } : sent;
  return {
    _id: SENT._id,
    sender: byAgent(input) ? 'agent' : 'customer',
    ...(byAgent(input) ? { conversationId: CONVERSATION_ID } : {}),
    message: { ...message, deliver: { id: DELIVER_ID, status: 'succeed' } },
    userId: input.userId,
    guestId: input.guestId,
    username: null,
    name: null,
    deviceToken: null,
    createdAt: SENT.createdAt,
    session_id: '',
  };
}

/** The refusals that end the conversation, written out: resending cannot help. */
const ENDS_CONVERSATION = ['CHAT_GUEST_INVALID', 'CHAT_CLOSED'];

function check({ event, before, after, actions, calls, emitted, waited }: ReplayedStep, flow: FlowModel) {
  const input = flow.input as ChatMediaInput;
  const was = before ? stateKey(before) : '';
  const now = stateKey(after);
  const previous = before?.context as ChatMediaContext;
  const context = after.context as ChatMediaContext;
  const unchanged = () => expect([now, context]).toEqual([was, previous]);
  let expectedActions: unknown[] = [];
  /** Refused by the server: failed with its reason (a retry may help), or ended with the customer's conversation. */
  const refusedWith = (message: string) => {
    if (ENDS_CONVERSATION.includes(message) && !byAgent(input)) expect([after.status, after.output, now]).toEqual(['done', { outcome: 'ended', message }, 'ended']);
    else failedWith(message);
  };
  /** Failed: the reason shows, and a parent waiting for it is told (the inbox's outbox goes on). */
  const failedWith = (failure: string) => {
    expect([now, context]).toEqual(['failed', { ...previous, failure }]);
    expectedActions = [{ type: 'announceFailed' }];
  };
  const uploadCall = [
    {
      actor: 'upload',
      input: { file: input.item.kind === 'file' ? input.item.file : null, fileType: 'image', reportProgress: expect.any(Function), ...(byAgent(input) ? { conversationId: CONVERSATION_ID } : {}) },
    },
  ];
  const sendCall = [{ actor: 'send', input: sentBody(input) }];
  let expectedCalls: unknown[] = [];
  let expectedEmitted: unknown[] = [];

  /** Where an item goes on: to its upload (a file not yet uploaded) or its send; waiting while offline. */
  const goesOn = (online: boolean, uploaded: boolean) => {
    if (!uploaded) {
      expect(now).toBe(online ? 'uploading_file.uploading' : 'uploading_file.queued');
      if (online) {
        expectedCalls = uploadCall;
        expect(context.progress).toBe(0);
      }
    } else if (online && byAgent(input)) {
      // An agent's reply goes at once.
      expect(now).toBe('sending.posting');
      expectedCalls = sendCall;
    } else {
      // Nothing is sent before the delay, online or not.
      expect(now).toBe(online ? 'sending.delay' : 'sending.queued');
    }
  };

  switch (event.type) {
    case 'xstate.init': {
      const refused = refusal(input);
      if (refused) {
        // spec 5: nothing goes out; the history shows why.
        expect([after.status, after.output, now]).toEqual(['done', { outcome: 'refused', ...refused }, 'refused']);
        break;
      }
      expect(context).toEqual({ ...input, progress: 0, upload: null, failure: null, message: null, refusal: null });
      goesOn(input.online, input.item.kind !== 'file');
      break;
    }
    case 'connection.online':
      if (was.endsWith('.queued')) {
        expect(context).toEqual({ ...previous, online: true, progress: was.startsWith('uploading') ? 0 : previous.progress });
        goesOn(true, was.startsWith('sending'));
      } else expect([now, context]).toEqual([was, { ...previous, online: true }]);
      break;
    case 'connection.offline':
      // Waiting for the delay: back to waiting for the connection. On its way (upload or send): it goes on.
      expect([now, context]).toEqual([was === 'sending.delay' ? 'sending.queued' : was, { ...previous, online: false }]);
      break;
    case 'upload.progress': {
      if (was !== 'uploading_file.uploading') return unchanged();
      const percent = event.percent as number;
      expect([now, context.progress]).toEqual([was, Math.max(previous.progress, Math.min(100, Math.round(percent)))]);
      break;
    }
    case 'item.retry':
      if (was !== 'failed') return unchanged();
      // Resumes where it failed: a file that was uploaded is not uploaded again.
      expect(context.failure).toBeNull();
      expect(context.upload).toEqual(previous.upload);
      goesOn(previous.online, input.item.kind !== 'file' || previous.upload !== null);
      break;
    case 'item.remove':
      if (was !== 'failed') return unchanged();
      expect([after.status, after.output, now]).toEqual(['done', { outcome: 'removed' }, 'removed']);
      expectedEmitted = [{ type: 'item.removed', deliverId: DELIVER_ID }];
      break;
    case 'xstate.done.actor.upload': {
      const answer = event.output as UploadAnswer;
      if (answer.ok) {
        expect([context.upload, context.progress]).toEqual([UPLOADED, 100]);
        goesOn(previous.online, true);
      } else refusedWith(answer.message);
      break;
    }
    case 'xstate.error.actor.upload':
    case 'xstate.error.actor.send':
      failedWith('NETWORK_ERROR');
      break;
    case 'xstate.done.actor.send': {
      const answer = event.output as SendAnswer;
      if (answer.ok) expect([after.status, after.output, now]).toEqual(['done', { outcome: 'sent', message: delivered(input) }, 'succeed']);
      else refusedWith(answer.message);
      break;
    }
    default:
      if (/^xstate\.after\.sendDelay\./.test(event.type)) {
        // spec 7: 500 ms after send, not a millisecond sooner; always under the item's own deliver id.
        expect([waited, now, byAgent(input)]).toEqual([SEND_DELAY, 'sending.posting', false]);
        expectedCalls = sendCall;
      } else throw new Error(`unexpected event ${event.type}`);
  }
  expect(calls).toEqual(expectedCalls);
  expect(emitted).toEqual(expectedEmitted);
  expect(actions).toEqual(expectedActions);
}

describeModels('chat-media', chatMediaModels, {
  tags: {
    'uploading_file.queued': ['queued', 'uploading_file'],
    'uploading_file.uploading': ['uploading_file'],
    'sending.queued': ['queued', 'sending'],
    'sending.delay': ['sending'],
    'sending.posting': ['sending'],
    failed: ['failed'],
    succeed: ['succeed'],
    removed: [],
    refused: [],
    ended: [],
  },
  check,
});
