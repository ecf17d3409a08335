/**
 * What the agent sends from the inbox, one at a time in the order sent: a
 * reply (text, a built message, a file uploaded first) is one
 * machines/chat-media child, as the widget's messages are; ending a
 * conversation is one request. A failed item waits for a retry (it goes
 * after what is queued then) or a discard, and the rest go on.
 */
import type { ChatMessage } from '../../src/contract/chat.ts';
import type { OutgoingItem } from '../chat-media/chat-media.types.ts';
import type { Result } from '../shared/result.ts';

/** What the composer queues. */
export type OutboxRequest =
  /** A reply under its deliver id (`id`); `userId`/`guestId` are the customer's, for the message as the history shows it. */
  | { kind: 'message'; id: string; conversationId: string; item: OutgoingItem; userId: string | null; guestId: string | null }
  /** Ending the conversation; `id` names the request. */
  | { kind: 'end'; id: string; conversationId: string };

export type OutboxEntry = OutboxRequest & {
  status: 'queued' | 'failed';
  /** A reply's chat-media child exists (it was its turn once): a retry resumes it where it failed. */
  started: boolean;
  /** Why the last attempt failed (a catalogue code, or NETWORK_ERROR). */
  error: string | null;
};

export interface InboxOutboxContext {
  /** In the order they go: the first queued one is the one on its way. */
  entries: OutboxEntry[];
}

export type EndAnswer = Result<{ message: string }>;

export type InboxOutboxEvent =
  /** From the inbox (the composer): send this. One end per conversation at a time. */
  | { type: 'outbox.queue'; request: OutboxRequest }
  | { type: 'outbox.retry'; id: string }
  | { type: 'outbox.discard'; id: string }
  /** From a reply's chat-media child (its announceFailed): it failed; the next goes. */
  | { type: 'item.failed'; id: string; message: string };

/**
 * Actors the view provides (inbox-outbox.actors.ts): outboxItem (the
 * chat-media machine with the agents' upload and reply, outboxItemFor) and
 * endConversation ({ id } → EndAnswer).
 * Actions the inbox provides: sent({ conversationId, message }) (a reply
 * the server stored: the open conversation shows it), ended({ conversationId }).
 * Tags: 'outbox:busy' (an item is on its way).
 */
export type InboxOutboxTag = 'outbox:busy';

export interface SentReply {
  conversationId: string;
  message: ChatMessage;
}
