/**
 * The agents' inbox: conversations by their latest message, each with the
 * customer's name and phone (members), a preview of the last message and
 * how many customer messages no agent has read; and the line the agents
 * are told beside an event.
 */
import type { ChatMessageBody, FileType, InboxConversation } from '../../contract/chat.ts';
import type { Queryable } from '../db/client.ts';
import { CHAT_INBOX_PAGE_SIZE } from '../policy.ts';
import { inboxPage, inboxRow, type InboxRow } from '../repositories/chat.ts';
import type { ChatContext } from './context.ts';
import { roomOfConversation } from './conversations.ts';

/** What the inbox shows of a last message: its text, a caption, a button's or card's title; '' when it has none. */
export function previewOf(body: unknown): string {
  if (body === null || typeof body !== 'object') return '';
  const message = body as ChatMessageBody;
  switch (message.message_type) {
    case 'text':
    case 'buttons':
    case 'quick_replies':
      return message.payload.text;
    case 'media':
      return message.payload.message;
    case 'postback':
      return message.payload.title;
    case 'generic':
      return message.payloads[0]?.title ?? '';
    case 'unknown':
      return '';
  }
}

/** The kind of media a last message is (the inbox names it: the file itself has no name kept); null for any other message. */
function mediaOf(body: unknown): FileType | null {
  if (body === null || typeof body !== 'object') return null;
  const message = body as ChatMessageBody;
  return message.message_type === 'media' ? message.payload.fileType : null;
}

export function inboxConversation(prefix: string, row: InboxRow): InboxConversation {
  return {
    id: String(row.id),
    room: roomOfConversation(prefix, row),
    kind: row.userId !== null ? 'member' : 'guest',
    userId: row.userId === null ? null : String(row.userId),
    guestId: row.guestId,
    // A guest has no name: the inbox shows its own label beside the guest id.
    name: row.memberName ?? '',
    phone: row.memberPhone,
    lastMessageAt: row.lastMessageAt?.toISOString() ?? null,
    lastMessage: previewOf(row.lastBody),
    lastMedia: mediaOf(row.lastBody),
    unread: row.unread,
    closed: row.closedAt !== null,
  };
}

export async function inboxList(db: Queryable, prefix: string, q: string, skip: number): Promise<{ conversations: InboxConversation[]; total: number }> {
  const { rows, total } = await inboxPage(db, q, skip, CHAT_INBOX_PAGE_SIZE);
  return { conversations: rows.map((row) => inboxConversation(prefix, row)), total };
}

/** One conversation as the inbox lists it; undefined when there is none. */
export async function inboxSummary(db: Queryable, prefix: string, conversationId: number): Promise<InboxConversation | undefined> {
  const row = await inboxRow(db, conversationId);
  return row && inboxConversation(prefix, row);
}

/**
 * The line the agents are told beside an event of the conversation, or
 * undefined while no agent is connected: then no one would hear it, and the
 * query is not made (docs/decisions/0112-one-rule-for-what-the-chat-tells.md).
 */
export async function lineForAgents(chat: Pick<ChatContext, 'db' | 'hub' | 'prefix'>, conversationId: number): Promise<InboxConversation | undefined> {
  return chat.hub.agentsOnline() ? inboxSummary(chat.db, chat.prefix, conversationId) : undefined;
}
