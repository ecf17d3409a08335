/**
 * The chat's one socket (spec 4: reconnect every 5 s; spec 7 realtime
 * socket; docs/decisions/0105-chat-realtime.md, 0109-one-socket-link.md):
 * the words the socket adapter (src/features/chat-shared/chat-socket.ts)
 * and the link speak, for the widget's connection and the agent inbox
 * alike, and what the link tells the machine that invokes it.
 */
import type { CallbackActorLogic } from 'xstate';
import type { ChatMessage, ChatSender, InboxConversation } from '../../src/contract/chat.ts';
import type { WalletChanged } from '../../src/contract/wallet-news.ts';

/** What the socket adapter is started with: the guest's signed token for a guest's chat; otherwise the signed-in bearer token is read at every handshake. */
export interface SocketInput {
  guestToken: string | null;
}

/** The socket adapter's logic, as a view gives it (chat-shared/chat-socket.ts's chatSocket). */
export type SocketLogic = CallbackActorLogic<SocketCommand, SocketInput>;

/** Link → socket adapter. */
export type SocketCommand =
  /** Emit `join` with the room and an ack (only while connected): the answer comes back as socket.joined or socket.joinRefused. */
  | { type: 'join'; room: string }
  /** The writer types, or stopped, in a room (only while connected). */
  | { type: 'typing'; room: string; typing: boolean }
  /** Connect again a socket socket.io gave up on (one connected or reconnecting by itself is left alone). */
  | { type: 'reconnect' };

/** The news of a room or of the agents' room, passed on to the link's parent as they come. */
export type SocketNews =
  | { type: 'socket.message'; message: ChatMessage }
  | { type: 'socket.typing'; room: string; typing: boolean; sender: ChatSender }
  | { type: 'socket.read'; room: string; sender: ChatSender; readAt: string }
  | { type: 'socket.presence'; agents: number }
  /** An agent ended the room's conversation; its next message carries `sessionId`. */
  | { type: 'socket.ended'; room: string; sessionId: string }
  /** Agents only: a conversation changed (its row), and the postback a customer pressed, if that was it. */
  | { type: 'socket.inbox'; conversation: InboxConversation; postback?: { title: string; payload: string } }
  | { type: 'socket.joined'; room: string }
  | { type: 'socket.joinRefused'; room: string; message: string }
  /** A member's own money moved (docs/decisions/0141-wallet-news.md): their socket only. */
  | { type: 'socket.wallet'; news: WalletChanged }
  /** SOCKET_REFUSED other than a revoked session: a join refused ('UNAUTHORIZED'), a guest the server closed ('CHAT_GUEST_INVALID'). */
  | { type: 'socket.refused'; message: string };

/** Socket adapter → link (the callback actor's sendBack); payloads that break the contract never get here. */
export type SocketReport =
  | { type: 'socket.connected' }
  /** `retrying`: socket.io goes on reconnecting by itself (socket.active); false after the server closed the socket. */
  | { type: 'socket.disconnected'; retrying: boolean }
  /** A handshake failed; `retrying` false when the server refused it (or socket.io could not be loaded: NETWORK_ERROR). */
  | { type: 'socket.connectError'; message: string; retrying: boolean }
  | SocketNews;

/** Link → its parent (the `report` action the parent provides sends it up). */
export type SocketLinkReport =
  /** Connected (again): join the rooms. */
  | { type: 'link.up' }
  /** Not connected (a drop, a failed handshake): socket.io or the link's 5 s check is at it. */
  | { type: 'link.down' }
  | SocketNews;

export interface SocketLinkInput extends SocketInput {
  /**
   * Whether every refused handshake ends the link. The widget: yes, each is
   * 'Cannot start chatting' with its reason and a retry (a guest the server
   * no longer takes starts again as a new one). The inbox: no, only a token
   * that is no good here ('invalid-token', 'UNAUTHORIZED') and too many tabs
   * (REQUEST_LIMIT) end it; any other refusal (SERVER_ERROR) is tried again
   * 5 s later.
   */
  everyRefusalEnds: boolean;
}

export interface SocketLinkContext extends SocketLinkInput {
  /** Why the link ended: the refusal's code, or NETWORK_ERROR for a broken socket. */
  failure: string | null;
}

export type SocketLinkEvent =
  | SocketReport
  /** Parent → link: join a room (again after every link.up: rooms do not survive a reconnect). */
  | { type: 'link.join'; room: string }
  /** Parent → link: the writer types, or stopped, in a room. */
  | { type: 'link.typing'; room: string; typing: boolean };

/**
 * How the link ended: refused for good (the token is no good here, or the
 * session was revoked: the session ends) or failed (too many sockets, a
 * broken socket, any refusal where every refusal ends it: a retry may help).
 */
export type SocketLinkOutput = { outcome: 'refused' | 'failed'; message: string };

/**
 * Actors the view provides: socket (a callback actor taking SocketInput and
 * SocketCommand, reporting SocketReport; chat-shared/chat-socket.ts).
 * Actions the parent provides: report (socketLinkFor: sends the report up).
 * Tags: 'connected', 'connecting' (socket.io reconnecting by itself),
 * 'stalled' (socket.io gave up: 5 s to the next try).
 */
export type SocketLinkTag = 'connected' | 'connecting' | 'stalled';
