/**
 * The agent inbox's conversations: newest message first, searched by phone
 * or name, paged, kept current by the agents' socket, with the rows of a
 * postback the agent has not opened highlighted.
 */
import type * as v from 'valibot';
import type { InboxConversation, InboxResponse } from '../../src/contract/chat.ts';
import type { Result } from '../shared/result.ts';

export type InboxPage = v.InferOutput<typeof InboxResponse>;
export type InboxAnswer = Result<InboxPage>;

/** What loadInbox is asked (GET /api/ops/chat/conversations). */
export interface InboxQueryInput {
  q: string;
  skip: number;
}

export interface InboxListContext {
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
  /** The conversation open beside the list: its postbacks are seen as they come. */
  selectedId: string | null;
}

export type InboxListEvent =
  | { type: 'search.change'; query: string }
  | { type: 'list.more' }
  | { type: 'list.retry' }
  /** From the inbox: the socket is back after a drop; what changed meanwhile was not heard. */
  | { type: 'list.refresh' }
  /** From the inbox (the agents' socket): a conversation changed, and the postback a customer pressed, if that was it. */
  | { type: 'socket.inbox'; conversation: InboxConversation; postback?: { title: string; payload: string } }
  /** From the inbox: the agent opened a conversation, or went back to the list. */
  | { type: 'conversation.select'; id: string }
  | { type: 'conversation.close' }
  /** From the inbox: the open conversation was marked read; its row says nothing is unread (the socket's 'inbox' says so too, when it is up). */
  | { type: 'conversation.read'; id: string };

/**
 * Actors the view provides (inbox-list.actors.ts): loadInbox
 * (InboxQueryInput → InboxAnswer).
 * Tags: 'list:loading', 'list:skeleton', 'list:more', 'list:failed'.
 */
export type InboxListTag = 'list:loading' | 'list:skeleton' | 'list:more' | 'list:failed';
