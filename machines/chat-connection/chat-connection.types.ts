/**
 * The chat widget's connection (spec 2 chat widget 'Cannot start chatting';
 * spec 4: the chat reconnects every 5 s while its socket is not connected;
 * spec 7 GET /api/chat/config, the realtime socket): read the room prefix,
 * give a guest its id, keep the socket (machines/socket-link, which
 * reconnects), join the room `{PREFIX}-{userId or guestId}`, and pass on
 * what arrives in it.
 */
import type * as v from 'valibot';
import type { ChatConfigResponse, ChatMessage, ChatSender, GuestResponse } from '../../src/contract/chat.ts';
import type { Result } from '../shared/result.ts';
import type { SocketLinkReport } from '../socket-link/socket-link.types.ts';

export interface ChatConnectionInput {
  /** The signed-in member's id; null for a guest (who is given a guest id first). */
  userId: string | null;
}

export type ConfigAnswer = Result<v.InferOutput<typeof ChatConfigResponse>>;
export type GuestAnswer = Result<v.InferOutput<typeof GuestResponse>>;

export interface ChatConnectionContext extends ChatConnectionInput {
  /** The guest's id and the server's signed token for it (guests only; from ensureGuest). */
  guestId: string | null;
  guestToken: string | null;
  /** GET /api/chat/config's PREFIX. */
  prefix: string | null;
  /** `{PREFIX}-{userId or guestId}` once both are known. */
  room: string | null;
  /**
   * Why the chat cannot start: the config's or guest's refusal code,
   * NETWORK_ERROR, the join refusal's or the server's refusal message, the
   * refused handshake's message, or the code that ended the conversation
   * (chat.ended). null otherwise.
   */
  failure: string | null;
  /** The room was joined once already: a later join is a resumed chat (the history catches up). */
  joined: boolean;
}

export type ChatConnectionEvent =
  /** What the socket link reports (machines/socket-link): connected or not, and what the room says. */
  | SocketLinkReport
  /** 'Cannot start chatting': the customer tries again from the start (config, guest id, a new socket). */
  | { type: 'chat.retry' }
  /** The customer types or stopped typing: passed on while the room is joined. */
  | { type: 'chat.typing'; typing: boolean }
  /**
   * The server refused what the customer sent with a code that ends the
   * conversation (CHAT_GUEST_INVALID, CHAT_CLOSED; the history's
   * conversation.ended): 'Cannot start chatting' with that reason.
   */
  | { type: 'chat.ended'; message: string };

/** Emitted for the view, which passes messages and the connection's state on to the history. */
export type ChatConnectionEmitted =
  | { type: 'chat.message'; message: ChatMessage }
  | { type: 'chat.typing'; typing: boolean; sender: ChatSender; room: string }
  | { type: 'chat.read'; sender: ChatSender; readAt: string; room: string }
  | { type: 'chat.presence'; agents: number }
  /** An agent ended the conversation: its next message carries `sessionId`. */
  | { type: 'chat.sessionEnded'; sessionId: string }
  /** The room is joined: messages flow (`resumed`: joined before, so the history catches up). */
  | { type: 'chat.ready'; resumed: boolean }
  /** The room was joined and no longer is: items wait. */
  | { type: 'chat.lost' };

/**
 * Actors the view provides: loadConfig (→ ConfigAnswer), ensureGuest
 * (→ GuestAnswer; chat-connection.actors.ts) and socketLink (machines/socket-link
 * over the view's socket: socketLinkFor(chatSocket(…))).
 * Actions the view provides (chatConnectionActions): endSession (a member's
 * session ended: tell the session) and forgetGuest (drop the stored guest
 * credentials before starting as a new guest).
 * Tags: 'starting', 'connecting' (first connect and join), 'ready',
 * 'reconnecting', 'cannotStart' ('Cannot start chatting', with a retry).
 */
export type ChatConnectionTag = 'starting' | 'connecting' | 'ready' | 'reconnecting' | 'cannotStart';
