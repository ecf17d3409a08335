/**
 * An agent ends a conversation's session (POST
 * /api/ops/chat/conversations/:id/end): the conversation gets a new
 * session id, which the next message carries, and the widget draws its end
 * marker where session_id changes. The agents are told the line while one
 * is connected (docs/decisions/0112-one-rule-for-what-the-chat-tells.md);
 * the customer learns it from that next message.
 */
import { randomUUID } from 'node:crypto';
import { ApiError } from '../errors.ts';
import { startSession } from '../repositories/chat.ts';
import type { ChatContext } from './context.ts';
import { conversationById } from './conversations.ts';
import { deliverInboxChange } from './delivery.ts';
import { lineForAgents } from './inbox.ts';

/** 404 NO_DATA for no such conversation, 409 CHAT_CLOSED for a closed one. */
export async function endConversation(chat: Pick<ChatContext, 'db' | 'hub' | 'prefix'>, conversationId: number): Promise<void> {
  const conversation = await conversationById(chat.db, conversationId);
  if (!(await startSession(chat.db, conversation.id, randomUUID()))) throw new ApiError(409, 'CHAT_CLOSED');
  deliverInboxChange(chat.hub, await lineForAgents(chat, conversation.id));
}
