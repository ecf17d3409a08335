/**
 * One outgoing chat message as test models: text, a postback and an image,
 * each written online and offline, and files the client rule refuses (too
 * large, a guest's video past the guest's limit, not supported) and empty text. The connection comes and goes
 * anywhere, the upload reports progress, the upload and the send are taken,
 * refused or never answered, and a failed item is resent or removed; a
 * refusal that ends the conversation ends the item. And an agent's replies
 * (the inbox's outbox): text, a built message, an image, and a built
 * message the contract refuses; they go at once, and a refusal never ends
 * them.
 */
import type { ChatMessageBody } from '../../src/contract/chat.ts';
import { chatMediaMachine } from '../../machines/chat-media/chat-media.machine.ts';
import type { ChatMediaInput, OutgoingItem, SendAnswer, UploadAnswer } from '../../machines/chat-media/chat-media.types.ts';
import { offerAll, type EventFixtures, type FlowModel } from './support/flow-model.ts';

type ChatMedia = typeof chatMediaMachine;

/** A file that names itself in model states and test titles (a File serializes as {}). */
export function namedFile(name: string, bytes: number): File {
  const file = new File([new Uint8Array(Math.min(bytes, 16))], name, { type: 'application/octet-stream' });
  // Only the size matters to the rule: a large file is not allocated.
  Object.defineProperty(file, 'size', { value: bytes });
  return Object.assign(file, { toJSON: () => `${name} (${bytes} bytes)` });
}

const MB = 1024 * 1024;
export const PHOTO = namedFile('photo.JPG', 2 * MB);
export const LARGE_PHOTO = namedFile('large.png', 10 * MB + 1);
export const DOCUMENT = namedFile('notes.pdf', 1000);
/** Between the guest's video limit (5 MB) and a member's (20 MB). */
export const VIDEO_12MB = namedFile('screen.mp4', 12 * MB);

export const DELIVER_ID = 'd7c1e0a2-5b1f-4c55-9d0e-0f3b2a1c9e77';
export const UPLOADED = { path: 'chat/2026/11/abc.jpg', url: '/files/chat/abc.jpg?expires=1&sig=x', fileType: 'image' } as const;
export const SENT = { _id: '901', createdAt: '2026-11-26T03:00:00.000Z' };

const events = {
  'item.retry': () => [{ type: 'item.retry' }],
  'item.remove': () => [{ type: 'item.remove' }],
  // The widget's connection; the inbox's outbox has none to lose (its replies go over HTTP).
  'connection.online': ({ context }) => (context.conversationId === undefined ? [{ type: 'connection.online' }] : []),
  'connection.offline': ({ context }) => (context.conversationId === undefined ? [{ type: 'connection.offline' }] : []),
  // Forward, past the end (clamped), and backwards (ignored); only while a file is on its way, to keep the model small.
  // The agent's upload reports progress the same way: the customer's flows exercise it.
  'upload.progress': (snapshot) =>
    !snapshot.matches({ uploading_file: 'uploading' }) || snapshot.context.conversationId !== undefined
      ? []
      : snapshot.context.progress === 0
        ? [{ type: 'upload.progress', percent: 40.4 }]
        : snapshot.context.progress < 100
          ? [
              { type: 'upload.progress', percent: 150 },
              { type: 'upload.progress', percent: 10 },
            ]
          : [],
} satisfies EventFixtures<ChatMedia>;

const replies = {
  upload: [
    { ok: true, data: UPLOADED },
    // The server reads the content: a picture that is not one.
    { ok: false, message: 'CHAT_FILE_NOT_SUPPORTED' },
    // A guest the server closed after 30 idle days.
    { ok: false, message: 'CHAT_GUEST_INVALID' },
  ] satisfies UploadAnswer[],
  send: [
    { ok: true, data: SENT },
    { ok: false, message: 'REQUEST_LIMIT' },
    { ok: false, message: 'CHAT_CLOSED' },
  ] satisfies SendAnswer[],
};

const abstraction = ({ context }: { context: ChatMediaInput & { progress: number; failure: string | null; upload: unknown } }) => ({
  online: context.online,
  progress: context.progress === 0 ? null : context.progress >= 100 ? 'complete' : 'part',
  uploaded: context.upload !== null,
  failure: context.failure,
});

/** The conversation an agent replies in (the inbox's). */
export const CONVERSATION_ID = '41';

export const BUTTONS_MESSAGE: Extract<ChatMessageBody, { message_type: 'buttons' }> = {
  message_type: 'buttons',
  payload: { text: 'How can we help?' },
  payloads: [{ type: 'postback', title: 'Deposit', payload: 'DEPOSIT' }],
  deliver: { id: 'built-in-the-dialog', status: 'sending' },
};

function flow(name: string, item: OutgoingItem, online: boolean, who: 'member' | 'guest' | 'agent' = 'member'): FlowModel<ChatMedia> {
  return {
    name,
    machine: chatMediaMachine,
    input: {
      deliverId: DELIVER_ID,
      item,
      online,
      writer: who,
      userId: who === 'guest' ? null : '1001',
      guestId: who === 'guest' ? 'g-4f2a9c' : null,
      ...(who === 'agent' ? { conversationId: CONVERSATION_ID } : {}),
    },
    events: offerAll(events),
    replies,
    abstraction,
  };
}

export const chatMediaModels: FlowModel<ChatMedia>[] = [
  flow('text online', { kind: 'text', text: '  สวัสดีครับ  ' }, true),
  flow('text offline', { kind: 'text', text: 'ຂໍ້ຄວາມ' }, false, 'guest'),
  flow('postback', { kind: 'postback', title: 'Deposit', payload: 'MENU_DEPOSIT' }, true, 'guest'),
  flow('image online', { kind: 'file', file: PHOTO, caption: ' my slip ' }, true),
  flow('image offline', { kind: 'file', file: PHOTO }, false, 'guest'),
  flow('image too large', { kind: 'file', file: LARGE_PHOTO }, true),
  flow('file not supported', { kind: 'file', file: DOCUMENT }, true),
  // A guest's video past the guest's limit is refused before the upload (a member's of the same size: tests/unit/chat-rules.test.ts).
  flow("a guest's 12 MB video", { kind: 'file', file: VIDEO_12MB }, true, 'guest'),
  flow('empty text', { kind: 'text', text: '   ' }, true),
  flow("an agent's text", { kind: 'text', text: ' We are checking. ' }, true, 'agent'),
  flow("an agent's buttons", { kind: 'message', message: BUTTONS_MESSAGE }, true, 'agent'),
  flow("an agent's image", { kind: 'file', file: PHOTO }, true, 'agent'),
  flow("an agent's buttons without a button", { kind: 'message', message: { ...BUTTONS_MESSAGE, payloads: [] } }, true, 'agent'),
];
