/**
 * An agent ends a conversation's session (POST
 * /api/ops/chat/conversations/:id/end): the conversation gets a new
 * session id, which the next message carries, and the widget draws its end
 * marker where session_id changes. The room is told at once (SOCKET_ENDED
 * with the new session), so an open widget draws the end before any next
 * message; the agents are told the line while one is connected
 * (docs/decisions/0112-one-rule-for-what-the-chat-tells.md).
 */
import { randomUUID } from 'node:crypto';
import { ApiError } from '../errors.ts';
import { startSession } from '../repositories/chat.ts';
import type { ChatContext } from './context.ts';
import { conversationById, roomOfConversation } from './conversations.ts';
import { deliverInboxChange, deliverSessionEnded } from './delivery.ts';
import { lineForAgents } from './inbox.ts';

/** 404 NO_DATA for no such conversation, 409 CHAT_CLOSED for a closed one. */
export async function endConversation(chat: Pick<ChatContext, 'db' | 'hub' | 'prefix'>, conversationId: number): Promise<void> {
  const conversation = await conversationById(chat.db, conversationId);
  const sessionId = randomUUID();
  if (!(await startSession(chat.db, conversation.id, sessionId))) throw new ApiError(409, 'CHAT_CLOSED');
  deliverSessionEnded(chat.hub, roomOfConversation(chat.prefix, conversation), sessionId);
  deliverInboxChange(chat.hub, await lineForAgents(chat, conversation.id));
}
