/**
 * The agent inbox's rules on data, apart from the statecharts: how the list
 * is ordered and kept current from live events, how pages and live messages
 * merge into one history, which rooms are joined again. Pure
 * functions; the inbox's machines and their tests use them. What may be sent (text,
 * files, titles, links) is the chat's rules' (src/contract/rules/chat.ts),
 * the same the widget and the server apply.
 */
import type { ChatMessage, InboxConversation } from '../../src/contract/chat.ts';

/** Newest last message first; conversations without a message last; ties keep their order. */
export function byLastMessage(conversations: readonly InboxConversation[]): InboxConversation[] {
  const at = (conversation: InboxConversation) => (conversation.lastMessageAt ? Date.parse(conversation.lastMessageAt) : -Infinity);
  return conversations
    .map((conversation, index) => ({ conversation, index }))
    .sort((a, b) => at(b.conversation) - at(a.conversation) || a.index - b.index)
    .map(({ conversation }) => conversation);
}

/**
 * A conversation the server says changed (socket 'inbox'), in the list.
 * While a search shows, only rows already in it change: whether a new one
 * matches is the server's call, made on the next load.
 */
export function upsertConversation(
  conversations: readonly InboxConversation[],
  total: number,
  changed: InboxConversation,
  searching: boolean,
): { conversations: InboxConversation[]; total: number } {
  const known = conversations.some((conversation) => conversation.id === changed.id);
  if (known) {
    return { conversations: byLastMessage(conversations.map((conversation) => (conversation.id === changed.id ? changed : conversation))), total };
  }
  if (searching) return { conversations: [...conversations], total };
  return { conversations: byLastMessage([changed, ...conversations]), total: total + 1 };
}

/** A further page of the list after the rows shown; a row that moved up meanwhile is not shown twice. */
export function appendConversations(shown: readonly InboxConversation[], page: readonly InboxConversation[]): InboxConversation[] {
  const ids = new Set(shown.map((conversation) => conversation.id));
  return [...shown, ...page.filter((conversation) => !ids.has(conversation.id))];
}

/**
 * The lists as one history, oldest first (ties by _id), each message once
 * by its _id, the copy in the later list winning (the caller puts last the
 * copy that should stay): the socket's echo of a reply replaces the stored
 * reply shown until then, and a page read again after a drop brings the
 * server's current copies. Unlike the widget's merge
 * (machines/chat-history/messages.ts), nothing is matched by deliver id:
 * every copy the inbox holds is the server's, with its _id.
 */
export function mergeByIdLaterWins(...lists: ReadonlyArray<readonly ChatMessage[]>): ChatMessage[] {
  const byId = new Map<string, ChatMessage>();
  for (const list of lists) for (const message of list) byId.set(message._id, message);
  return [...byId.values()].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || (a._id < b._id ? -1 : a._id > b._id ? 1 : 0));
}

/**
 * How many conversation rooms are joined again on every connect: a socket's
 * events beyond a burst of 20 are dropped (realtime.md), and an agent needs
 * the room only of the conversation open (to say it types).
 */
export const REJOINED_ROOMS = 5;

/** The rooms to join again, with `room` the latest (oldest first, the latest few only). */
export function rememberRoom(rooms: readonly string[], room: string): string[] {
  return [...rooms.filter((known) => known !== room), room].slice(-REJOINED_ROOMS);
}
