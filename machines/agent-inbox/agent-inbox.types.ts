/**
 * The agent inbox (issue 14 part 2): support staff and admins read every
 * customer conversation, answer them, and keep canned replies. The machine
 * holds what the inbox shows and the order of what the agent sends; the
 * view gives it the socket's events and the agent's gestures, and provides
 * the I/O (agent-inbox.actors.ts) and the socket link (machines/socket-link
 * over src/features/chat-shared/chat-socket.ts).
 */
import type * as v from 'valibot';
import type {
  CannedReply,
  ChatMessage,
  ChatMessageBody,
  CustomerPanelResponse,
  InboxConversation,
  InboxResponse,
} from '../../src/contract/chat.ts';
import type { Result } from '../shared/result.ts';
import type { SocketLinkReport } from '../socket-link/socket-link.types.ts';

export type CustomerPanel = v.InferOutput<typeof CustomerPanelResponse>;
export type InboxPage = v.InferOutput<typeof InboxResponse>;

/** A conversation's first screen: who the customer is, and the newest page of messages (newest first, as the server answers). */
export interface OpenedConversation {
  panel: CustomerPanel;
  messages: ChatMessage[];
}

/** What the agent sends that is not stored yet, in the order sent. */
export interface OutboxItem {
  /** The message's deliver id (the server stores a resend with the same id once); the end request's own id. */
  id: string;
  conversationId: string;
  /**
   * What is left to do: upload the file (then send), send the message, or
   * end the conversation. A failed step stays as it is, to retry.
   */
  step: 'upload' | 'send' | 'end';
  status: 'queued' | 'failed';
  /** The reply; for media, filled in by the upload (its stored path). */
  message: ChatMessageBody | null;
  /** Media only: the file picked, until it is uploaded. */
  file: File | null;
  fileType: 'image' | 'video' | null;
  /** Media only: a link to show the uploaded file before the reply is stored. */
  previewUrl: string | null;
  /** Upload progress, 0 to 1. */
  progress: number;
  /** Why the last attempt failed (a catalogue code, or NETWORK_ERROR). */
  error: string | null;
}

export interface AgentInboxInput {
  /**
   * Whether the agent may change canned replies (admins). Null when the
   * caller does not know the role: the inbox offers the edits and learns
   * from a refusal (403 UNAUTHORIZED).
   */
  canEditCanned: boolean | null;
}

export interface AgentInboxContext {
  // ---- the list
  /** The search as typed (a phone number or part of a name). */
  query: string;
  /** The query the list shows (the one last loaded). */
  shownQuery: string;
  /** Ordered by last message, newest first. */
  conversations: InboxConversation[];
  /** How many conversations match the query on the server. */
  total: number;
  listError: string | null;
  /** Conversations with a postback the agent has not opened yet (highlighted rows). */
  postbacks: string[];

  // ---- the open conversation
  selectedId: string | null;
  panel: CustomerPanel | null;
  /** Oldest first. */
  messages: ChatMessage[];
  /** No older messages on the server. */
  historyEnd: boolean;
  conversationError: string | null;
  historyError: string | null;
  /** The customer is typing (socket 'typing' in the conversation's room). */
  memberTyping: boolean;
  /** When the customer last read the conversation (socket 'read'), to show "seen". */
  customerReadAt: string | null;
  /** A read was asked for while one was being marked: mark again after it. */
  readAgain: boolean;

  // ---- the composer
  draft: string;
  /** Why a picked file or the draft was not taken (CHAT_FILE_NOT_SUPPORTED, CHAT_FILE_TOO_LARGE, CHAT_TEXT_INVALID). */
  composerError: string | null;
  outbox: OutboxItem[];
  /** Conversations the agent ended here, until their next message (which starts the customer's new session). */
  ended: string[];

  // ---- canned replies
  canned: CannedReply[];
  cannedError: string | null;
  canEditCanned: boolean | null;

  // ---- the socket
  /** Whether the socket is connected; null until it first says. */
  online: boolean | null;
  /** Agents online across every process (socket 'presence'); null until told. */
  agentsOnline: number | null;
  /**
   * Conversation rooms joined again on every connect (rooms do not survive
   * a reconnect), oldest first, the latest few only: a socket's events
   * beyond a burst are dropped, and an agent needs the room only of the
   * conversation open (to say it types).
   */
  rooms: string[];
  /** Why the socket is not coming back by itself (REQUEST_LIMIT: too many inbox tabs; NETWORK_ERROR); null otherwise. */
  socketFailure: string | null;
}

/** A change to the canned replies: add (id null), change, or delete. */
export type CannedChange =
  | { action: 'save'; id: string | null; title: string; text: string }
  | { action: 'delete'; id: string };

/** What a canned change answered: the reply as stored, or the id that is gone. */
export type CannedChanged = { saved: CannedReply } | { deleted: string };

export type AgentInboxEvent =
  // the list
  | { type: 'search.change'; query: string }
  | { type: 'list.more' }
  | { type: 'list.retry' }
  // the conversation
  | { type: 'conversation.select'; id: string }
  /** Back to the list (phones show one pane at a time). */
  | { type: 'conversation.close' }
  | { type: 'conversation.retry' }
  /** The agent scrolled to the top: the next older page. */
  | { type: 'history.older' }
  /**
   * The view scrolled: its distance from the bottom in px, and whether the
   * agent moved it towards the top (the widget's event, ruled by
   * machines/chat-history/auto-scroll.ts).
   */
  | { type: 'history.scrolled'; distanceFromBottom: number; towardsTop: boolean }
  // the composer
  | { type: 'draft.change'; text: string }
  /** Send the draft as text; `id` is the new message's deliver id (the view makes it). */
  | { type: 'draft.send'; id: string }
  /** Send a built message (buttons, quick replies, cards, a canned text); its deliver id is in it. */
  | { type: 'reply.send'; message: ChatMessageBody }
  /** Send a file: uploaded first, then sent as a media message. */
  | { type: 'media.pick'; id: string; file: File }
  | { type: 'outbox.retry'; id: string }
  | { type: 'outbox.discard'; id: string }
  | { type: 'conversation.end'; id: string }
  // canned replies
  | { type: 'canned.open' }
  | { type: 'canned.change'; change: CannedChange }
  // the socket link (machines/socket-link): connected or not, and the news of the agents' room
  | SocketLinkReport
  /** The socket gave up (too many inbox tabs, or it broke): the agent tries again. */
  | { type: 'socket.retry' }
  // its own: from the upload in flight, and raised by the machine from the events above into its regions
  | { type: 'upload.progress'; id: string; fraction: number }
  | { type: 'read.mark' }
  | { type: 'list.refresh' }
  | { type: 'history.catchUp' }
  | { type: 'member.typing'; typing: boolean }
  | { type: 'agent.typing'; typing: boolean };

export interface InboxQueryInput {
  q: string;
  skip: number;
}
export interface ConversationInput {
  id: string;
}
export interface OlderInput {
  id: string;
  skip: number;
}
export interface ReplyInput {
  conversationId: string;
  message: ChatMessageBody;
}
export interface UploadInput {
  conversationId: string;
  file: File;
  fileType: 'image' | 'video';
  /** The transport calls this as the bytes go; it becomes an upload.progress event. */
  reportProgress: (fraction: number) => void;
}
export interface UploadAnswerData {
  path: string;
  url: string;
}

export type InboxAnswer = Result<InboxPage>;
export type OpenAnswer = Result<OpenedConversation>;
export type HistoryAnswer = Result<ChatMessage[]>;
export type SentAnswer = Result<{ _id: string; createdAt: string }>;
export type UploadAnswer = Result<UploadAnswerData>;
export type DoneAnswer = Result<{ message: string }>;
export type CannedAnswer = Result<{ replies: CannedReply[] }>;
export type CannedChangeAnswer = Result<CannedChanged>;

/**
 * Actors the view provides: loadInbox, openConversation, loadOlder,
 * catchUp, markRead, sendReply, uploadMedia, endConversation, loadCanned,
 * changeCanned (agent-inbox.actors.ts builds them from an API client), and
 * socketLink (socketLinkFor(chatSocket(…)): machines/socket-link over the
 * chat's socket adapter).
 * Actions the view provides: logFailure({ message }) for reads that failed
 * in the background; refused({ message }) when the server refused the
 * socket for good ('invalid-token', 'UNAUTHORIZED': the session is over).
 * Tags: 'list:loading', 'list:skeleton', 'list:more', 'list:failed',
 * 'conversation:loading', 'conversation:skeleton', 'conversation:failed',
 * 'conversation:open', 'history:older', 'view:following' (keep the
 * history at its bottom as messages arrive), 'outbox:busy',
 * 'canned:loading', 'canned:failed', 'canned:ready', 'canned:saving',
 * 'socket:failed' (the socket gave up: socketFailure says why, with a
 * retry).
 */
export type AgentInboxTag =
  | 'list:loading'
  | 'list:skeleton'
  | 'list:more'
  | 'list:failed'
  | 'conversation:loading'
  | 'conversation:skeleton'
  | 'conversation:failed'
  | 'conversation:open'
  | 'history:older'
  | 'view:following'
  | 'outbox:busy'
  | 'canned:loading'
  | 'canned:failed'
  | 'canned:ready'
  | 'canned:saving'
  | 'socket:failed';

/** Emitted for the view. */
export type AgentInboxEmitted =
  /** The server took a canned reply's change (saved or deleted): its form closes. A refusal emits nothing and keeps it open. */
  { type: 'canned.saved' };
