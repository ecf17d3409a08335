/**
 * Read marks, the customer's (PUT /api/chat/read-customer/) and an agent's
 * (PUT /api/ops/chat/conversations/:id/read), by one rule
 * (docs/decisions/0112-one-rule-for-what-the-chat-tells.md): a mark
 * moves only past a new message, and only a mark that moved is told, so a
 * repeated read fans out to no one. An agent's mark goes to the room (the
 * customer's ticks); either goes, while an agent is connected, to the
 * agents with the conversation's inbox line (their unread counts).
 */
import type { ChatCaller } from '../auth/callers.ts';
import { findConversationOf, markRead, type ConversationRow } from '../repositories/chat.ts';
import type { ChatContext } from './context.ts';
import { conversationById, ownerOf, roomOfConversation } from './conversations.ts';
import { deliverRead } from './delivery.ts';
import { lineForAgents } from './inbox.ts';

/** Who reads: a customer their own conversation (none yet: nothing to mark), an agent one by its id (404 NO_DATA when there is none). */
export type Reader = { side: 'customer'; caller: ChatCaller } | { side: 'agent'; conversationId: number };

type Marking = Pick<ChatContext, 'db' | 'hub' | 'prefix'>;

async function conversationOf(chat: Marking, reader: Reader): Promise<ConversationRow | undefined> {
  return reader.side === 'customer' ? findConversationOf(chat.db, ownerOf(reader.caller)) : conversationById(chat.db, reader.conversationId);
}

export async function markReadBy(chat: Marking, reader: Reader, now: Date): Promise<void> {
  const conversation = await conversationOf(chat, reader);
  if (!conversation || !(await markRead(chat.db, conversation.id, reader.side, now))) return;
  deliverRead(chat.hub, roomOfConversation(chat.prefix, conversation), reader.side, now, await lineForAgents(chat, conversation.id));
}
