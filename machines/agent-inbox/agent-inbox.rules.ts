/**
 * The agent inbox's rules on data, apart from the statechart: how the list
 * is ordered and kept current from live events, how pages and live messages
 * merge into one history, and which files may be sent (spec 5 chat rules).
 * Pure functions; the machine and its tests use them.
 */
import {
  CHAT_IMAGE_EXTENSIONS,
  CHAT_IMAGE_MAX_BYTES,
  CHAT_TEXT_MAX,
  CHAT_VIDEO_EXTENSIONS,
  CHAT_VIDEO_MAX_BYTES,
  type ChatMessage,
  type InboxConversation,
} from '../../src/contract/chat.ts';

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

/** Oldest first, each message once (by id; the later copy wins: a live echo replaces the local copy of a reply). */
export function mergeMessages(...lists: ReadonlyArray<readonly ChatMessage[]>): ChatMessage[] {
  const byId = new Map<string, ChatMessage>();
  for (const list of lists) for (const message of list) byId.set(message._id, message);
  return [...byId.values()].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || (a._id < b._id ? -1 : a._id > b._id ? 1 : 0));
}

/** A page as the server answers it (newest first), oldest first. */
export function oldestFirst(page: readonly ChatMessage[]): ChatMessage[] {
  return mergeMessages(page);
}

/** What a file picked to send is, or why it cannot be sent (spec 5: png, jpg, jpeg, gif up to 10 MB; mov, mp4 up to 20 MB). */
export function mediaKindOf(file: Pick<File, 'name' | 'size'>): { ok: true; fileType: 'image' | 'video' } | { ok: false; message: string } {
  const extension = /\.([A-Za-z0-9]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? '';
  const isImage = (CHAT_IMAGE_EXTENSIONS as readonly string[]).includes(extension);
  const isVideo = (CHAT_VIDEO_EXTENSIONS as readonly string[]).includes(extension);
  if (!isImage && !isVideo) return { ok: false, message: 'CHAT_FILE_NOT_SUPPORTED' };
  if (file.size === 0) return { ok: false, message: 'CHAT_NO_FILE' };
  if (file.size > (isImage ? CHAT_IMAGE_MAX_BYTES : CHAT_VIDEO_MAX_BYTES)) return { ok: false, message: 'CHAT_FILE_TOO_LARGE' };
  return { ok: true, fileType: isImage ? 'image' : 'video' };
}

/** spec 5: a message's text is trimmed and 1 to 2,000 characters long. */
export function textFits(text: string): boolean {
  const trimmed = text.trim();
  return trimmed.length > 0 && trimmed.length <= CHAT_TEXT_MAX;
}
