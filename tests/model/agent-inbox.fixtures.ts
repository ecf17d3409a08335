/**
 * The agent inbox's test data, for the models of its machines, their
 * component tests and the unit tests that run them together: a member with
 * two unread messages, a guest, a third conversation the first page leaves
 * out, their customer panels, messages and pages, files, canned replies.
 */
import type { CannedReply, ChatMessage, ChatMessageBody, InboxConversation } from '../../src/contract/chat.ts';
import { CHAT_IMAGE_MAX_BYTES } from '../../src/contract/rules/chat.ts';
import type { CustomerPanel } from '../../machines/inbox-conversation/inbox-conversation.types.ts';

export const PREFIX = 'chat';

function conversation(id: string, fields: Partial<InboxConversation>): InboxConversation {
  return {
    id,
    room: `${PREFIX}-${fields.userId ?? fields.guestId}`,
    kind: fields.userId ? 'member' : 'guest',
    userId: null,
    guestId: null,
    name: '',
    phone: null,
    lastMessageAt: null,
    lastMessage: '',
    lastMedia: null,
    unread: 0,
    closed: false,
    ...fields,
  };
}

export const MEMBER = conversation('1', {
  userId: '10',
  name: 'Somchai Jaidee',
  phone: '0812345678',
  lastMessageAt: '2026-03-02T10:00:00.000Z',
  lastMessage: 'Where is my deposit?',
  unread: 2,
});
export const GUEST = conversation('2', { guestId: 'g0123456789abcdef0123456789abcdef', name: 'Guest', lastMessageAt: '2026-03-02T09:00:00.000Z', lastMessage: 'Hello' });
export const THIRD = conversation('3', { userId: '30', name: 'Noi', phone: '0899999999', lastMessageAt: '2026-03-01T08:00:00.000Z', lastMessage: 'Thanks' });

/** The first page answers the guest first: the list orders by last message. */
export const FIRST_PAGE = { conversations: [GUEST, MEMBER], total: 3 };

export const PANELS: Record<string, CustomerPanel> = {
  '1': {
    conversation: MEMBER,
    member: {
      userId: '10',
      name: 'Somchai Jaidee',
      phone: '0812345678',
      status: 'active',
      currency: 'BAHT',
      holdings: 1250.5,
      deposits: [{ amount: 500, createdAt: '2026-03-01T12:00:00.000Z', source: 'bank' }],
    },
  },
  '2': { conversation: GUEST, member: null },
};

export const T0 = Date.parse('2026-03-02T00:00:00.000Z');

/** A customer's text in a conversation, `minute` minutes after T0. */
export function customerText(conversationId: string, minute: number, text = `message ${minute}`): ChatMessage {
  const owner = conversationId === '1' ? MEMBER : conversationId === '2' ? GUEST : THIRD;
  return {
    _id: `m${conversationId}-${String(1000 + minute)}`,
    sender: 'customer',
    message: { message_type: 'text', payload: { text }, deliver: { id: `d${conversationId}-${String(100000 + minute)}`, status: 'succeed' } },
    userId: owner.userId,
    guestId: owner.guestId,
    username: null,
    name: null,
    deviceToken: null,
    createdAt: new Date(T0 + minute * 60_000).toISOString(),
    session_id: 's1',
  };
}

/** A page as the server answers it: newest first, `count` messages ending `newest` minutes after T0. */
export function page(conversationId: string, newest: number, count: number): ChatMessage[] {
  return Array.from({ length: count }, (_, index) => customerText(conversationId, newest - index));
}

/** The agents' copy of a live message names its conversation. */
export const agentsCopy = (message: ChatMessage): ChatMessage => ({ ...message, conversationId: message.userId === '10' ? '1' : '2' });

/** An agent's reply as the outbox reports it stored (machines/chat-media's delivered message). */
export function storedReply(conversationId: string, id: string): ChatMessage {
  const owner = conversationId === '1' ? MEMBER : GUEST;
  return {
    _id: `stored-${id}`,
    sender: 'agent',
    conversationId,
    message: { message_type: 'text', payload: { text: 'We are checking.' }, deliver: { id, status: 'succeed' } },
    userId: owner.userId,
    guestId: owner.guestId,
    username: null,
    name: null,
    deviceToken: null,
    createdAt: '2026-03-02T10:30:00.000Z',
    session_id: '',
  };
}

/** A file that names itself in model states and test titles (a File serializes as {}). */
function namedFile(name: string, bytes: number, type: string): File {
  const file = new File([new Uint8Array(Math.min(bytes, 16))], name, { type });
  Object.defineProperty(file, 'size', { value: bytes });
  return Object.assign(file, { toJSON: () => `${name} (${bytes} bytes)` });
}
export const PHOTO = namedFile('photo.jpg', 2048, 'image/jpeg');
export const HUGE_PHOTO = namedFile('huge.png', CHAT_IMAGE_MAX_BYTES + 1, 'image/png');
export const DOCUMENT = namedFile('notes.pdf', 2048, 'application/pdf');
/** A picture's name with nothing in it: the server reads no picture there. */
export const EMPTY_PHOTO = namedFile('empty.png', 0, 'image/png');

export const BUTTONS: ChatMessageBody = {
  message_type: 'buttons',
  payload: { text: 'How can we help?' },
  payloads: [
    { type: 'web', title: 'Open the how-to', payload: 'https://example.com/howto' },
    { type: 'postback', title: 'Deposit', payload: 'DEPOSIT' },
  ],
  deliver: { id: 'built-0001', status: 'sending' },
};

/** A web button whose address is a script (the contract wants an http(s) address). */
export const SCRIPT_BUTTON = { type: 'web', title: 'Open', payload: 'javascript:alert(1)' } as const;

export const CANNED: CannedReply[] = [
  { id: '1', title: 'Greeting', text: 'Hello, how can I help you today?' },
  { id: '2', title: 'Deposit time', text: 'Deposits arrive within 5 minutes.' },
];
