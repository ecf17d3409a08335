/**
 * The chat widget's history (spec 2 chat widget; spec 7 POST
 * /api/chat/history newest first, reversed; PUT /api/chat/read-customer/
 * debounced 1 s; spec 9: pages of 10, skip growing by 10 as the customer
 * scrolls to the top, auto-scroll within 60 px of the bottom), whether
 * support is typing, and the messages the customer sends, one chat-media
 * actor each.
 */
import type * as v from 'valibot';
import type { ChatHistoryResponse, ChatMessage, ChatSender } from '../../src/contract/chat.ts';
import type { ChatWriter, OutgoingItem } from '../chat-media/chat-media.types.ts';
import type { RetryContext } from '../shared/read-retry.ts';
import type { Result } from '../shared/result.ts';

export interface ChatHistoryInput {
  /** Who writes in the widget: a guest or a member (each item sent is theirs). */
  writer: Exclude<ChatWriter, 'agent'>;
  /** Whose conversation: a member's id, or a guest's (the other null). */
  userId: string | null;
  guestId: string | null;
  /** The panel is open and the page visible (read marks are sent only then); default true. */
  visible?: boolean;
  /** The connection is ready (items wait otherwise); default false. */
  online?: boolean;
}

export type PageAnswer = Result<v.InferOutput<typeof ChatHistoryResponse>>;

/** What loadPage is asked (the body of POST /api/chat/history). */
export interface PageQuery {
  userId: string | null;
  guestId: string | null;
  limit: number;
  skip: number;
}

/** What markRead is asked (the body of PUT /api/chat/read-customer/). */
export interface ReadQuery {
  userId: string | null;
  guestId: string | null;
}

export interface ChatHistoryContext extends RetryContext {
  writer: Exclude<ChatWriter, 'agent'>;
  userId: string | null;
  guestId: string | null;
  /** Oldest first, each message once (messages.ts). */
  messages: ChatMessage[];
  /** The skip of the next older page: 10 after the first, then 20, … */
  skip: number;
  /** A page shorter than 10 came: the conversation's start is shown. */
  startReached: boolean;
  /** The skip of the next page while catching up after a drop. */
  catchUpSkip: number;
  /**
   * What was held when the catch-up began: a page that holds one of them
   * (from the others) reaches back to it. Messages arriving meanwhile shift
   * the pages and do not count.
   */
  catchUpHeld: ChatMessage[];
  /** Messages may have come while the chat was offline: the newest pages are read again. */
  behind: boolean;
  /** Messages from others that arrived below while the view was scrolled up ("new messages"); 0 while it follows. */
  unseen: number;
  visible: boolean;
  online: boolean;
  /** Messages from others not yet marked read. */
  toRead: boolean;
  /** The deliver ids of the items being sent, in order: each is the chat-media child of that id. */
  outgoing: string[];
  /** The last failed read's code (NETWORK_ERROR when no answer came); null after one succeeds. */
  failure: string | null;
  /**
   * The conversation's session as the room last told it when an agent ended
   * it (the session the next message carries); null until then. Messages of
   * an earlier session end with the end marker at once (timeline.ts).
   */
  session: string | null;
}

export type ChatHistoryEvent =
  /** The member shell's connectivity actor is online again: a newest page waiting for it is read now. */
  | { type: 'read.online' }
  /** The view reached its top: the next older page. */
  | { type: 'history.top' }
  /**
   * The view scrolled: its distance from the bottom in px, and whether it
   * moved towards the top (the customer's own scrolling; content growing
   * below moves nothing).
   */
  | { type: 'history.scrolled'; distanceFromBottom: number; towardsTop: boolean }
  /** Go to the newest message and follow from there (the "new messages" button; the panel opened). Raised too for a first page and a send. */
  | { type: 'history.follow' }
  /** A message came in the room (the connection's chat.message). */
  | { type: 'history.received'; message: ChatMessage }
  /** An agent ended the conversation (the connection's chat.sessionEnded): the end shows now; its next message carries `sessionId`. */
  | { type: 'history.sessionEnded'; sessionId: string }
  /** Someone in the room types or stopped (the connection's chat.typing); the customer's own is not shown. */
  | { type: 'history.typing'; typing: boolean; sender: ChatSender }
  /** The panel opened or closed, the page was shown or hidden. */
  | { type: 'history.visible'; visible: boolean }
  /** The first page could not be read: again. */
  | { type: 'history.retry' }
  /** The connection is ready (chat.ready): waiting items go; after a drop the newest pages are read again. */
  | { type: 'history.online' }
  /** The connection was lost (chat.lost). */
  | { type: 'history.offline' }
  /** Read the newest pages again now (what came while the view was away). */
  | { type: 'history.resync' }
  /** The customer sends a message; `deliverId` (8-64 of A-Z a-z 0-9 _ -, e.g. a UUID) names it for good. */
  | { type: 'history.send'; deliverId: string; item: OutgoingItem }
  /** Raised by the history itself: messages it did not hold arrived, `others` of them from support or the system. */
  | { type: 'messages.added'; others: number };

/** Emitted for the view. */
export type ChatHistoryEmitted =
  /** Scroll to the bottom now: the first page, a message while near the bottom, the customer's own. */
  | { type: 'scroll.bottom' }
  /** `count` older messages went on top: keep what the customer sees in place. */
  | { type: 'older.loaded'; count: number }
  /** The client rule refused an item (spec 5): show it for CHAT_ALERT_MS; `limitMb` for a file too large. */
  | { type: 'alert'; message: string; limitMb?: number }
  /** The server refused an item with a code that ends the conversation (CHAT_GUEST_INVALID, CHAT_CLOSED): the connection is told. */
  | { type: 'conversation.ended'; message: string };

/**
 * Actors the view provides (chat-history.actors.ts): loadPage (PageQuery →
 * PageAnswer), markRead (ReadQuery → Result<unknown>) and chatMedia (the
 * chat-media machine with its actors).
 * Action a parent may provide: tellEnded({ message }) (it emits
 * conversation.ended; machines/chat-widget hears it instead).
 * Tags: 'loading' (the first page), 'failed' (it could not be read: retry),
 * 'loadingOlder', 'startReached', 'catchingUp', 'following' (the view
 * follows new messages: keep it at the bottom), 'supportTyping'.
 */
export type ChatHistoryTag = 'loading' | 'offline' | 'failed' | 'loadingOlder' | 'startReached' | 'catchingUp' | 'following' | 'supportTyping';
