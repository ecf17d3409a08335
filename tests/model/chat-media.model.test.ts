import type { ChatMediaContext, ChatMediaInput, SendAnswer, UploadAnswer } from '../../machines/chat-media/chat-media.types.ts';
import { describeModels } from './support/describe-model.ts';
import { expect } from './support/step-expect.ts';
import { stateKey, type FlowModel } from './support/flow-model.ts';
import type { ReplayedStep } from './support/replay.ts';
import { chatMediaModels, DELIVER_ID, SENT, UPLOADED } from './chat-media.model.ts';

/** spec 7, written out independently: send-message goes 500 ms after send. */
const SEND_DELAY = 500;
const MB = 1024 * 1024;

/** spec 5, written out independently: what the client refuses, and the limit it names. */
function refusal(input: ChatMediaInput): { message: string; limitMb?: number } | null {
  const { item } = input;
  if (item.kind === 'file') {
    const extension = /\.([^.]+)$/.exec(item.file.name)?.[1]?.toLowerCase() ?? '';
    if (['png', 'jpg', 'jpeg', 'gif'].includes(extension)) return item.file.size > 10 * MB ? { message: 'CHAT_FILE_TOO_LARGE', limitMb: 10 } : null;
    if (['mov', 'mp4'].includes(extension)) return item.file.size > 20 * MB ? { message: 'CHAT_FILE_TOO_LARGE', limitMb: 20 } : null;
    return { message: 'CHAT_FILE_NOT_SUPPORTED' };
  }
  const text = (item.kind === 'text' ? item.text : item.title).trim();
  return text.length === 0 || text.length > 2000 ? { message: 'CHAT_TEXT_INVALID' } : null;
}

/** The body of send-message, written out: the customer writes as themselves only, under the item's deliver id (never another). */
function sentBody(input: ChatMediaInput) {
  const deliver = { id: DELIVER_ID, status: 'sending' };
  const who = input.userId !== null ? { userId: input.userId } : { guestId: input.guestId };
  const { item } = input;
  const message =
    item.kind === 'text'
      ? { message_type: 'text', payload: { text: item.text.trim() }, deliver }
      : item.kind === 'postback'
        ? { message_type: 'postback', payload: { title: item.title, payload: item.payload }, deliver }
        : { message_type: 'media', payload: { message: item.caption?.trim() ?? '', url: false, fileType: 'image', filePath: UPLOADED.path }, deliver };
  return { sender: 'customer', message, ...who };
}

/** The message the history gets once the server took it: a media message shows the upload's signed link. */
function delivered(input: ChatMediaInput) {
  const body = sentBody(input);
  const message =
    body.message.message_type === 'media'
      ? { ...body.message, payload: { ...body.message.payload, url: true, filePath: UPLOADED.url } }
      : body.message;
  return {
    _id: SENT._id,
    sender: 'customer',
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
  /** Refused by the server: failed with its reason (a retry may help), or ended with the conversation. */
  const refusedWith = (message: string) => {
    if (ENDS_CONVERSATION.includes(message)) expect([after.status, after.output, now]).toEqual(['done', { outcome: 'ended', message }, 'ended']);
    else expect([now, context]).toEqual(['failed', { ...previous, failure: message }]);
  };
  const uploadCall = [{ actor: 'upload', input: { file: input.item.kind === 'file' ? input.item.file : null, fileType: 'image', reportProgress: expect.any(Function) } }];
  let expectedCalls: unknown[] = [];
  let expectedEmitted: unknown[] = [];
  expect(actions).toEqual([]);

  /** Where an item goes on: to its upload (a file not yet uploaded) or its send; waiting while offline. */
  const goesOn = (online: boolean, uploaded: boolean) => {
    if (!uploaded) {
      expect(now).toBe(online ? 'uploading_file.uploading' : 'uploading_file.queued');
      if (online) {
        expectedCalls = uploadCall;
        expect(context.progress).toBe(0);
      }
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
      expect([now, context]).toEqual(['failed', { ...previous, failure: 'NETWORK_ERROR' }]);
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
        expect([waited, now]).toEqual([SEND_DELAY, 'sending.posting']);
        expectedCalls = [{ actor: 'send', input: sentBody(input) }];
      } else throw new Error(`unexpected event ${event.type}`);
  }
  expect(calls).toEqual(expectedCalls);
  expect(emitted).toEqual(expectedEmitted);
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
