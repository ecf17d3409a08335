/**
 * The history's messages as one list, oldest first, each message once (spec 7:
 * history pages come newest first and are reversed; every `messaging` event is
 * appended). One message may reach the widget up to three times: in a page,
 * as the room's event, and, for the customer's own, as the answer to its send
 * (and a page read while catching up after a drop overlaps what is held). It
 * is the same message when its `_id` or its deliver id is the same; the
 * server's copy wins over the widget's own (which knows no session).
 */
import { CHAT_PAGE_SIZE, type ChatMessage, type ChatSender } from '../../src/contract/chat.ts';

/** The same message: the same `_id`, or the same deliver id (the sender's own id for it). */
export function sameMessage(a: ChatMessage, b: ChatMessage): boolean {
  return a._id === b._id || a.message.deliver.id === b.message.deliver.id;
}

/** The widget's own copy of a message it sent (chat-media's), not yet replaced by the server's. */
export function isLocalCopy(message: ChatMessage): boolean {
  return message.session_id === '';
}

const time = (message: ChatMessage) => Date.parse(message.createdAt) || 0;

export interface Merged {
  messages: ChatMessage[];
  /** The ones not held before, in the order given. */
  added: ChatMessage[];
}

/**
 * `incoming` merged into `held` (both oldest first or in any order): a message
 * held already is replaced only by the server's copy of a local one; the
 * result is ordered by creation time (stable, so equal times keep their order).
 */
export function mergeMessages(held: readonly ChatMessage[], incoming: readonly ChatMessage[]): Merged {
  const messages = [...held];
  const added: ChatMessage[] = [];
  for (const message of incoming) {
    const index = messages.findIndex((other) => sameMessage(other, message));
    if (index < 0) {
      messages.push(message);
      added.push(message);
    } else if (isLocalCopy(messages[index]!) && !isLocalCopy(message)) {
      messages[index] = message;
    }
  }
  const ordered = messages.map((message, index) => ({ message, index }));
  ordered.sort((a, b) => time(a.message) - time(b.message) || a.index - b.index);
  return { messages: ordered.map(({ message }) => message), added };
}

/** A page as the API answers it (newest first), oldest first. */
export function oldestFirst(page: readonly ChatMessage[]): ChatMessage[] {
  return [...page].reverse();
}

/** A message the customer reads: an agent's or the system's (their own need no read mark). */
export function fromOthers(message: ChatMessage): boolean {
  return message.sender !== 'customer';
}

/**
 * After a drop the newest pages are read again (skip 0, 10, …) until one is
 * short (the conversation's start) or holds a message from the others that
 * is held already: those came in order before the drop, so what is older was
 * held too. The reader's own messages do not count: one sent during the drop
 * (an agent's reply, stored though the socket was down) can sit above
 * messages that were missed. The widget (reader 'customer') and the agent
 * inbox (reader 'agent') both catch up by this rule.
 */
export function caughtUp(held: readonly ChatMessage[], page: readonly ChatMessage[], reader: ChatSender): boolean {
  return (
    page.length < CHAT_PAGE_SIZE ||
    page.some((message) => message.sender !== reader && held.some((known) => sameMessage(known, message)))
  );
}
