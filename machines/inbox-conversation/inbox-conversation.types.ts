/**
 * One conversation open in the agent inbox: who the customer is (the
 * panel), its history (older pages, the newest page again after a drop),
 * read marks, the customer typing and reading, and where the agent reads.
 */
import type * as v from 'valibot';
import type { ChatMessage, ChatSender, CustomerPanelResponse, InboxConversation } from '../../src/contract/chat.ts';
import type { Result } from '../shared/result.ts';

export type CustomerPanel = v.InferOutput<typeof CustomerPanelResponse>;

/** A conversation's first screen: who the customer is, and the newest page of messages (newest first, as the server answers). */
export interface OpenedConversation {
  panel: CustomerPanel;
  messages: ChatMessage[];
}

export interface ConversationInput {
  id: string;
}
/** A page of the history: 10 messages from `skip` (newest first). */
export interface PageInput {
  id: string;
  skip: number;
}

export type OpenAnswer = Result<OpenedConversation>;
export type HistoryAnswer = Result<ChatMessage[]>;
export type ReadAnswer = Result<{ message: string }>;

export interface InboxConversationContext extends ConversationInput {
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
  /** Catching up after a drop: the page being read again (0, 10, …). */
  catchUpSkip: number;
  /** What was held when the catch-up began: a page holding one of its customer's messages reaches back to it (messages arriving meanwhile do not count). */
  catchUpHeld: ChatMessage[];
}

/** What the conversation tells the inbox once it is open: its room, and whose it is. */
export interface OpenedRoom {
  room: string;
  userId: string | null;
  guestId: string | null;
}

export type InboxConversationEvent =
  | { type: 'conversation.retry' }
  /** The agent scrolled to the top: the next older page. */
  | { type: 'history.older' }
  /**
   * The view scrolled: its distance from the bottom in px, and whether the
   * agent moved it towards the top (the widget's event, ruled by
   * machines/chat-history/auto-scroll.ts).
   */
  | { type: 'history.scrolled'; distanceFromBottom: number; towardsTop: boolean }
  /** From the inbox: the socket is back after a drop, or the agent ended the conversation: the newest pages again, until they reach what is held. */
  | { type: 'history.catchUp' }
  /** From the inbox (the agents' socket). */
  | { type: 'socket.message'; message: ChatMessage }
  | { type: 'socket.typing'; room: string; typing: boolean; sender: ChatSender }
  | { type: 'socket.read'; room: string; sender: ChatSender; readAt: string }
  | { type: 'socket.inbox'; conversation: InboxConversation; postback?: { title: string; payload: string } }
  /** From the inbox: the server took a reply the agent sent here; it shows until the socket's copy replaces it. */
  | { type: 'reply.stored'; message: ChatMessage }
  // its own, raised from the events above into its regions
  | { type: 'read.mark' }
  | { type: 'member.typing'; typing: boolean };

/**
 * Actors the view provides (inbox-conversation.actors.ts): openConversation
 * (→ OpenAnswer) and markRead (→ ReadAnswer) given ConversationInput;
 * loadOlder and catchUp (PageInput → HistoryAnswer).
 * Actions the inbox provides (inboxConversationFor): opened({ room, userId,
 * guestId }), read({ id }), logFailure({ message }) for reads that failed in
 * the background.
 * Tags: 'conversation:loading', 'conversation:skeleton', 'conversation:failed',
 * 'conversation:open', 'history:older', 'view:following' (keep the history
 * at its bottom as messages arrive).
 */
export type InboxConversationTag =
  | 'conversation:loading'
  | 'conversation:skeleton'
  | 'conversation:failed'
  | 'conversation:open'
  | 'history:older'
  | 'view:following';
