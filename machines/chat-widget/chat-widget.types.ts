/**
 * The chat widget (spec 2 chat widget; spec 4, 7, 9): a parent of the
 * chat's two machines (docs/decisions/0119-chat-widget-parent.md):
 * machines/chat-connection for the widget's life, and
 * machines/chat-history for one conversation while the connection is in its
 * room's state (connecting, joined or reconnecting). It passes the
 * connection's news to the history, the history's ended conversation back
 * to the connection, and keeps what the panel shows of the connection:
 * support's presence, and whether to say it is connecting.
 */
import type { ChatMessage, ChatSender } from '../../src/contract/chat.ts';

export interface ChatWidgetInput {
  /** The signed-in member's id; null for a guest (the connection gives it its guest id). */
  userId: string | null;
  /** The panel is open and the page visible (read marks are sent only then). */
  visible: boolean;
}

/** The connection's state as the widget follows it (from its tags). */
export type ConnectionStatus = 'starting' | 'connecting' | 'ready' | 'reconnecting' | 'cannotStart';

/** What the widget follows of the connection: its state, its guest's id (guests only), why it cannot start. */
export interface ConnectionNow {
  status: ConnectionStatus;
  guestId: string | null;
  failure: string | null;
}

export interface ChatWidgetContext extends ChatWidgetInput {
  status: ConnectionStatus;
  /** The guest's id the connection holds (guests only): the history's conversation. */
  guestId: string | null;
  /** Why the chat cannot start (the connection's failure); null otherwise. */
  failure: string | null;
  /** Support's agents online as the room last told it (kept across drops); null until told. */
  presence: number | null;
  /** What the panel shows: the presence while the room is joined, null otherwise. */
  agents: number | null;
}

export type ChatWidgetEvent =
  /** The view: the panel opened or closed, the page was shown or hidden. */
  | { type: 'widget.visible'; visible: boolean }
  /** The view: the customer types or stopped typing (to the connection, which tells the room while joined). */
  | { type: 'chat.typing'; typing: boolean }
  /** The view: 'Cannot start chatting', try again (to the connection). */
  | { type: 'chat.retry' }
  /** The connection's state changed (raised from its snapshots: connectionNow in chat-widget.children.ts). */
  | ({ type: 'connection.status' } & ConnectionNow)
  // the children's reports (chat-widget.children.ts)
  /** The connection: a message came in the room. */
  | { type: 'connection.message'; message: ChatMessage }
  /** The connection: someone in the room types or stopped. */
  | { type: 'connection.typing'; typing: boolean; sender: ChatSender }
  /** The connection: an agent ended the conversation; its next message carries `sessionId`. */
  | { type: 'connection.sessionEnded'; sessionId: string }
  /** The connection: support's agents online. */
  | { type: 'connection.presence'; agents: number }
  /** The history: the server refused a message with a code that ends the conversation (CHAT_GUEST_INVALID, CHAT_CLOSED). */
  | { type: 'conversation.ended'; message: string };

/**
 * Actors the view provides (chatWidgetActors(api, socket) in
 * chat-widget.actors.ts): connection and history, each a child machine
 * with its I/O. Action the view provides: logFailure({ message }) for a
 * child that broke (a bug; it starts again).
 * Tags: 'starting' (no conversation yet), 'cannotStart' ('Cannot start
 * chatting': failure says why, with a retry), 'connectionNotice' (say the
 * chat is connecting: reconnecting, or connecting for longer than 1.5 s).
 * The history child (snapshot.children.history) exists while the
 * conversation shows; its tags are its own.
 */
export type ChatWidgetTag = 'starting' | 'cannotStart' | 'connectionNotice';
