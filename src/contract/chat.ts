/**
 * Live support chat (spec 2 chat widget; spec 3 chat conversation, media
 * payload, button, generic card, delivery statuses, chat config, `guest-id`;
 * spec 5 chat rules; spec 7 /api/chat/* and the realtime socket; spec 9 chat
 * constants) and the agent inbox's calls (/api/ops/chat/*). The SPA, the
 * server and the agent inbox import this file; the rules of who may write
 * as whom are docs/decisions 0104-0106.
 */
import * as v from 'valibot';
import {
  CHAT_BUTTONS_MAX,
  CHAT_PAYLOAD_MAX,
  CHAT_QUICK_REPLIES_MAX,
  CHAT_SUBTITLE_MAX,
  CHAT_TEXT_MAX,
  cardImageRefusal,
  chatTextRefusal,
  chatTitleRefusal,
  webButtonUrl,
} from './rules/chat.ts';

// ---------------------------------------------------------------- constants (spec 9)

/** History page size: skip grows by this on scrolling to the top. */
export const CHAT_PAGE_SIZE = 10;
/** The multipart field of both uploads. */
export const CHAT_UPLOAD_FIELD = 'file';
/** The widget checks its socket this often and reconnects a dropped one. */
export const CHAT_SOCKET_CHECK_MS = 5000;
/** socket.io-client's reconnection delay (attempts are unlimited). */
export const CHAT_RECONNECT_DELAY_MS = 500;
export const CHAT_READ_DEBOUNCE_MS = 1000;
/** A message is sent this long after the member presses send (spec 7). */
export const CHAT_SEND_DELAY_MS = 500;
/** The history follows new messages while the view is within this of its bottom. */
export const CHAT_AUTO_SCROLL_PX = 60;
export const CHAT_ALERT_MS = 4000;
/** The socket.io path on the API's HTTP server. */
export const CHAT_SOCKET_PATH = '/socket.io';
/** localStorage keys beside each other: the guest's id and the server's signature over it. */
export const GUEST_ID_KEY = 'guest-id';
export const GUEST_TOKEN_KEY = 'guest-token';
/** The header a guest's HTTP calls carry their signed guest token in (members send their bearer token). */
export const GUEST_TOKEN_HEADER = 'x-chat-guest';

// ---------------------------------------------------------------- socket events

/** Client → server: join a room `{PREFIX}-{userId or guestId}`; the ack (if given) gets a JoinAnswer. */
export const SOCKET_JOIN = 'join';
/** Server → room: one ChatMessage, appended to the history. */
export const SOCKET_MESSAGING = 'messaging';
/** Either way: someone in the room types (TypingEvent). */
export const SOCKET_TYPING = 'typing';
/** Server → room: the other side read up to now (ReadEvent). */
export const SOCKET_READ = 'read';
/** Server → agents: a conversation changed (InboxEvent): a new message, a read, a postback. */
export const SOCKET_INBOX = 'inbox';
/** Server → agents: how many agents are online, across every process (PresenceEvent). */
export const SOCKET_PRESENCE = 'presence';
/** Server → one socket: a refusal (join refused, session ended) as { message: code }. */
export const SOCKET_REFUSED = 'refused';
/** Server → room: an agent ended the conversation (SessionEndedEvent): the widget draws the end marker at once. */
export const SOCKET_ENDED = 'ended';

/** The room of a conversation: `{PREFIX}-{userId or guestId}`. */
export function chatRoom(prefix: string, id: string): string {
  return `${prefix}-${id}`;
}

// ---------------------------------------------------------------- messages (spec 3)

export const CHAT_SENDERS = ['customer', 'agent', 'system'] as const;
export type ChatSender = (typeof CHAT_SENDERS)[number];

export const CHAT_MESSAGE_TYPES = ['text', 'buttons', 'media', 'quick_replies', 'generic', 'postback', 'unknown'] as const;
export type ChatMessageType = (typeof CHAT_MESSAGE_TYPES)[number];

/** spec 3 media delivery statuses: the client's state of a message it sends. */
export const DELIVERY_STATUSES = ['uploading_file', 'sending', 'failed', 'succeed'] as const;

export const BUTTON_TYPES = ['web', 'call', 'postback', 'text'] as const;
export type ButtonType = (typeof BUTTON_TYPES)[number];

export const FILE_TYPES = ['image', 'video', 'file'] as const;
export type FileType = (typeof FILE_TYPES)[number];

/** A title (rules/chat.ts chatTitleRefusal), stored trimmed. */
const Title = v.pipe(
  v.string(),
  v.check((title) => chatTitleRefusal(title) === null, 'KEY_INVALID'),
  v.trim(),
);

const Payload = v.pipe(v.string(), v.maxLength(CHAT_PAYLOAD_MAX, 'KEY_INVALID'));

/** The message text rule (spec 5, rules/chat.ts chatTextRefusal): stored trimmed. */
export const ChatText = v.pipe(
  v.string('CHAT_TEXT_INVALID'),
  v.check((text) => chatTextRefusal(text) === null, 'CHAT_TEXT_INVALID'),
  v.trim(),
);

/**
 * spec 3 button: web opens `payload` (an absolute http(s) address) in a new
 * tab, call dials `payload` (a phone number), postback sends `payload` back
 * as a postback message, text sends `title` as the customer's text.
 */
export const ChatButton = v.pipe(
  v.object({
    type: v.picklist(BUTTON_TYPES, 'KEY_INVALID'),
    title: Title,
    payload: Payload,
  }),
  v.check((button) => button.type !== 'web' || webButtonUrl(button.payload) !== null, 'KEY_INVALID'),
);
export type ChatButton = v.InferOutput<typeof ChatButton>;

/** spec 3 generic card (one card of a carousel); its image address: rules/chat.ts cardImageRefusal. */
export const GenericCard = v.object({
  image_url: v.optional(
    v.pipe(v.string(), v.maxLength(CHAT_PAYLOAD_MAX, 'KEY_INVALID'), v.check((address) => cardImageRefusal(address) === null, 'KEY_INVALID')),
    '',
  ),
  title: Title,
  subtitle: v.optional(v.pipe(v.string(), v.maxLength(CHAT_SUBTITLE_MAX, 'KEY_INVALID')), ''),
  buttons: v.optional(v.pipe(v.array(ChatButton), v.maxLength(3, 'KEY_INVALID')), []),
});
export type GenericCard = v.InferOutput<typeof GenericCard>;

/**
 * spec 3 media payload. `filePath` is what the upload answered (a storage
 * path); in answers and socket events the server replaces it with a signed
 * link and sets `url` true.
 */
export const MediaPayload = v.object({
  message: v.optional(v.pipe(v.string(), v.maxLength(CHAT_TEXT_MAX, 'CHAT_TEXT_INVALID')), ''),
  url: v.optional(v.boolean(), false),
  fileType: v.picklist(FILE_TYPES, 'KEY_INVALID'),
  filePath: v.pipe(v.string(), v.minLength(1, 'KEY_INVALID'), v.maxLength(1000, 'KEY_INVALID')),
});
export type MediaPayload = v.InferOutput<typeof MediaPayload>;

/** spec 3 deliver: the sender's own id for the message (8-64 of A-Z a-z 0-9 _ -, e.g. a UUID; a resend with the same id is stored once) and its status. */
export const Deliver = v.object({
  id: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{8,64}$/, 'KEY_INVALID')),
  status: v.optional(v.picklist(DELIVERY_STATUSES, 'KEY_INVALID'), 'sending'),
});

const deliver = { deliver: Deliver };

/**
 * spec 3 message `{ message_type, payload, payloads, deliver }`, one shape
 * per type. text: payload { text }. buttons and quick_replies: payload
 * { text } and payloads the buttons. generic: payloads the cards. media:
 * payload the media payload. postback: the customer pressed a postback
 * button; payload { title, payload }. unknown: anything a newer agent tool
 * sends that this version cannot show.
 */
export const ChatMessageBody = v.variant('message_type', [
  v.object({ message_type: v.literal('text'), payload: v.object({ text: ChatText }), ...deliver }),
  v.object({
    message_type: v.literal('buttons'),
    payload: v.object({ text: ChatText }),
    payloads: v.pipe(v.array(ChatButton), v.minLength(1, 'KEY_INVALID'), v.maxLength(CHAT_BUTTONS_MAX, 'KEY_INVALID')),
    ...deliver,
  }),
  v.object({
    message_type: v.literal('quick_replies'),
    payload: v.object({ text: ChatText }),
    payloads: v.pipe(v.array(ChatButton), v.minLength(1, 'KEY_INVALID'), v.maxLength(CHAT_QUICK_REPLIES_MAX, 'KEY_INVALID')),
    ...deliver,
  }),
  v.object({
    message_type: v.literal('generic'),
    payloads: v.pipe(v.array(GenericCard), v.minLength(1, 'KEY_INVALID'), v.maxLength(10, 'KEY_INVALID')),
    ...deliver,
  }),
  v.object({ message_type: v.literal('media'), payload: MediaPayload, ...deliver }),
  v.object({ message_type: v.literal('postback'), payload: v.object({ title: Title, payload: Payload }), ...deliver }),
  v.object({ message_type: v.literal('unknown'), payload: v.optional(v.unknown()), ...deliver }),
], 'KEY_INVALID');
export type ChatMessageBody = v.InferOutput<typeof ChatMessageBody>;

/** What a customer may send: text, a media message after its upload, a postback. */
export const CUSTOMER_MESSAGE_TYPES = ['text', 'media', 'postback'] as const satisfies readonly ChatMessageType[];

const Id = v.pipe(v.string(), v.maxLength(64, 'KEY_INVALID'));

/**
 * spec 3 chat conversation: one message as sent (POST /api/chat/send-message)
 * and as delivered (history, `messaging`). On send, who writes is the
 * caller: `sender` must be 'customer', and `userId` (a member) or `guestId`
 * (a guest) must be the caller's own or absent; the server fills the rest.
 */
export const ChatConversation = v.object({
  _id: v.optional(v.string()),
  sender: v.optional(v.picklist(CHAT_SENDERS, 'KEY_INVALID'), 'customer'),
  message: ChatMessageBody,
  userId: v.optional(v.nullable(Id)),
  guestId: v.optional(v.nullable(Id)),
  username: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(80)))),
  name: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(160)))),
  deviceToken: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(500)))),
  createdAt: v.optional(v.string()),
  /** A conversation's session: it changes when an agent ends the conversation (the widget draws an end marker). */
  session_id: v.optional(v.nullable(Id)),
});
export type ChatConversation = v.InferOutput<typeof ChatConversation>;

/** A delivered message: everything filled in by the server. */
export const ChatMessage = v.object({
  _id: v.string(),
  sender: v.picklist(CHAT_SENDERS),
  message: ChatMessageBody,
  userId: v.nullable(v.string()),
  guestId: v.nullable(v.string()),
  username: v.nullable(v.string()),
  name: v.nullable(v.string()),
  deviceToken: v.nullable(v.string()),
  createdAt: v.string(),
  session_id: v.string(),
  /** Agents' copies only: the conversation, for the inbox. */
  conversationId: v.optional(v.string()),
});
export type ChatMessage = v.InferOutput<typeof ChatMessage>;

// ---------------------------------------------------------------- calls (spec 7)

/** GET /api/chat/config: the room prefix. */
export const ChatConfigResponse = v.object({ PREFIX: v.string() });

/**
 * POST /api/chat/guest (ours; spec 1 "guest chat with a generated guest
 * id"): with no guest token, a new guest id and its signed token; with a
 * live one (header x-chat-guest), the same id and a renewed token.
 */
export const GuestResponse = v.object({ guestId: v.string(), guestToken: v.string() });

export const SendMessageResponse = v.object({ _id: v.string(), createdAt: v.string() });

/** POST /api/chat/history: one's own conversation (the caller's id; another's is refused), newest first. */
export const ChatHistoryRequest = v.object({
  userId: v.optional(v.nullable(Id)),
  guestId: v.optional(v.nullable(Id)),
  limit: v.optional(v.pipe(v.number('KEY_INVALID'), v.integer('KEY_INVALID'), v.minValue(1, 'KEY_INVALID'), v.maxValue(50, 'KEY_INVALID')), CHAT_PAGE_SIZE),
  skip: v.optional(v.pipe(v.number('KEY_INVALID'), v.integer('KEY_INVALID'), v.minValue(0, 'KEY_INVALID'), v.maxValue(1_000_000, 'KEY_INVALID')), 0),
});
export const ChatHistoryResponse = v.array(ChatMessage);

/** PUT /api/chat/read-customer/: the customer read everything so far. */
export const ReadCustomerRequest = v.object({ userId: v.optional(v.nullable(Id)), guestId: v.optional(v.nullable(Id)) });

/** POST /api/chat/upload-image, /upload-video: the stored path for a media message, and a signed link to show it now. */
export const ChatUploadResponse = v.object({ path: v.string(), url: v.string(), fileType: v.picklist(FILE_TYPES) });

// ---------------------------------------------------------------- socket payloads

export const JoinAnswer = v.object({ ok: v.boolean(), message: v.optional(v.string()) });
export const TypingEvent = v.object({ room: v.string(), typing: v.boolean(), sender: v.picklist(CHAT_SENDERS) });
export const ReadEvent = v.object({ room: v.string(), sender: v.picklist(CHAT_SENDERS), readAt: v.string() });
export const PresenceEvent = v.object({ agents: v.number() });
/** The conversation's session an agent ended, and the new one its next message carries. */
export const SessionEndedEvent = v.object({ room: v.string(), session_id: v.string() });

// ---------------------------------------------------------------- agent inbox (/api/ops/chat/*; roles support, admin)

/** One conversation in the inbox list, ordered by its last message. */
export const InboxConversation = v.object({
  id: v.string(),
  room: v.string(),
  kind: v.picklist(['member', 'guest']),
  userId: v.nullable(v.string()),
  guestId: v.nullable(v.string()),
  name: v.string(),
  phone: v.nullable(v.string()),
  lastMessageAt: v.nullable(v.string()),
  /** The last message's text, caption or title ('' when it has none). */
  lastMessage: v.string(),
  /** The last message is a picture, a video or a file (its caption, if any, is lastMessage); null otherwise. The inbox names it in the agent's language. */
  lastMedia: v.nullable(v.picklist(FILE_TYPES)),
  /** Customer messages no agent has read. */
  unread: v.number(),
  closed: v.boolean(),
});
export type InboxConversation = v.InferOutput<typeof InboxConversation>;
export const InboxEvent = v.object({ conversation: InboxConversation, postback: v.optional(v.object({ title: v.string(), payload: v.string() })) });

export const InboxQuery = v.object({
  /** A phone number or part of a name. */
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(80, 'KEY_INVALID')), ''),
  skip: v.optional(v.pipe(v.string(), v.regex(/^\d{1,6}$/, 'KEY_INVALID'), v.transform(Number)), '0'),
});
export const InboxResponse = v.object({ conversations: v.array(InboxConversation), total: v.number() });

export const ConversationParams = v.object({ id: v.pipe(v.string(), v.regex(/^\d{1,18}$/, 'NO_DATA')) });

/** Beside the conversation: who the member is and their money (members only; null for guests). */
export const CustomerPanelResponse = v.object({
  conversation: InboxConversation,
  member: v.nullable(
    v.object({
      userId: v.string(),
      name: v.string(),
      phone: v.string(),
      status: v.string(),
      currency: v.string(),
      /**
       * Major units: what the member holds, the wallet they can spend plus
       * every game account (not the member's own "balance", which is the
       * wallet alone).
       */
      holdings: v.number(),
      deposits: v.array(v.object({ amount: v.number(), createdAt: v.string(), source: v.string() })),
    }),
  ),
});

export const AgentHistoryRequest = v.object({
  limit: ChatHistoryRequest.entries.limit,
  skip: ChatHistoryRequest.entries.skip,
});

/** An agent's reply: any message type. */
export const AgentReplyRequest = v.object({ message: ChatMessageBody });

/** A canned reply: rules/chat.ts cannedReplyRefusal (the title first, then the text). */
export const CannedReply = v.object({ id: v.string(), title: Title, text: ChatText });
export type CannedReply = v.InferOutput<typeof CannedReply>;
export const CannedRepliesResponse = v.object({ replies: v.array(CannedReply) });
export const CannedReplyRequest = v.object({ title: Title, text: ChatText });
export const CannedReplyParams = v.object({ id: v.pipe(v.string(), v.regex(/^\d{1,18}$/, 'NO_DATA')) });
