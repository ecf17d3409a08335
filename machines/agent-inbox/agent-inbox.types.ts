/**
 * The agent inbox: support staff and admins read every customer
 * conversation, answer them, and keep canned replies. The inbox is a parent
 * of small machines (docs/decisions/0110-agent-inbox-children.md): the
 * socket link, the list, the open conversation and its composer, the
 * outbox, the canned replies. It starts them, passes the socket's news and
 * their reports to the one that needs them, and keeps what spans them: the
 * socket's state, the rooms to join again, the conversation open, the
 * conversations the agent ended here.
 */
import type { ChatMessage } from '../../src/contract/chat.ts';
import type { OutboxRequest } from '../inbox-outbox/inbox-outbox.types.ts';
import type { OpenedRoom } from '../inbox-conversation/inbox-conversation.types.ts';
import type { SocketLinkReport } from '../socket-link/socket-link.types.ts';

export interface AgentInboxInput {
  /**
   * Whether the agent may change canned replies (admins). Null when the
   * caller does not know the role: the inbox offers the edits and learns
   * from a refusal (403 UNAUTHORIZED).
   */
  canEditCanned: boolean | null;
  /** This site's origin: a card's image must be one of its (the widget loads images from it only). */
  origin: string;
}

export interface AgentInboxContext extends AgentInboxInput {
  /** The conversation open (or opening); null on the list alone. */
  selectedId: string | null;
  /** Its room and customer, once it opened. */
  open: OpenedRoom | null;
  /** The agent said it types in the open conversation's room (told false when it leaves). */
  typing: boolean;
  /** Conversations the agent ended here, until their next message (which starts the customer's new session). */
  ended: string[];
  /** Whether the socket is connected; null until the link first says. */
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

export type AgentInboxEvent =
  | { type: 'conversation.select'; id: string }
  /** Back to the list (phones show one pane at a time). */
  | { type: 'conversation.close' }
  /** The socket gave up (too many inbox tabs, or it broke): the agent tries again. */
  | { type: 'socket.retry' }
  // the socket link (machines/socket-link): connected or not, and the news of the agents' room
  | SocketLinkReport
  // the children's reports (agent-inbox.children.ts)
  /** The open conversation loaded: its room is joined. */
  | ({ type: 'conversation.opened' } & OpenedRoom)
  /** The open conversation was marked read. */
  | { type: 'conversation.read'; id: string }
  /** A read in the background failed (only logged). */
  | { type: 'read.failed'; message: string }
  /** The composer: the agent started or stopped typing. */
  | { type: 'agent.typing'; typing: boolean }
  /** The composer: send this (the outbox's). */
  | { type: 'outbox.queue'; request: OutboxRequest }
  /** The outbox: the server stored a reply. */
  | { type: 'reply.sent'; conversationId: string; message: ChatMessage }
  /** The outbox: the agent ended a conversation. */
  | { type: 'conversation.ended'; conversationId: string };

/**
 * Actors the view provides (agentInboxActors(api, socket) in
 * agent-inbox.actors.ts): socketLink, list, canned, outbox, conversation,
 * composer, each a child machine with its I/O.
 * Actions the view provides: logFailure({ message }) for reads that failed
 * in the background; refused({ message }) when the server refused the
 * socket for good ('invalid-token', 'UNAUTHORIZED': the session is over).
 * Tags: 'socket:failed' (the socket gave up: socketFailure says why, with a
 * retry); the children's own: 'list:*', 'conversation:*', 'history:older',
 * 'view:following', 'outbox:busy', 'canned:*', 'dialog:*'.
 */
export type AgentInboxTag = 'socket:failed';
