/**
 * Sending a chat message, a customer's (POST /api/chat/send-message) or an
 * agent's reply (/api/ops/chat/conversations/:id/messages), by one rule:
 * stored first (messages.ts: once per deliver id; customers' texts through
 * the group commit, docs/decisions/0108-group-commit.md), then shaped as
 * the contract's ChatMessage and delivered to the conversation's room and,
 * while an agent is connected, to the agents with the conversation's inbox
 * line (docs/decisions/0112-one-rule-for-what-the-chat-tells.md). A resend is
 * delivered again: its first delivery may have been lost with the answer,
 * and sockets merge messages by _id, so nothing shows twice.
 */
import type * as v from 'valibot';
import type { ChatConversation, ChatMessageBody, SendMessageResponse } from '../../contract/chat.ts';
import type { ChatCaller } from '../auth/callers.ts';
import type { ChatContext } from './context.ts';
import { roomOfConversation } from './conversations.ts';
import { deliverMessage } from './delivery.ts';
import { lineForAgents } from './inbox.ts';
import { shapeOne, storeAgentMessage, storeCustomerMessage, type Stored } from './messages.ts';

type Sending = Pick<ChatContext, 'db' | 'hub' | 'prefix' | 'fileLinkSecret'>;

async function deliverStored(chat: Sending, stored: Stored, now: Date): Promise<void> {
  const message = await shapeOne(chat.db, chat.fileLinkSecret, stored, now);
  const line = await lineForAgents(chat, stored.conversation.id);
  deliverMessage(chat.hub, roomOfConversation(chat.prefix, stored.conversation), message, line);
}

/** A member's or guest's message to their own conversation (the rules: messages.ts storeCustomerMessage). */
export async function sendCustomerMessage(chat: Sending, caller: ChatCaller, sent: ChatConversation, now: Date): Promise<Stored> {
  const stored = await storeCustomerMessage(chat.db, caller, sent, now);
  await deliverStored(chat, stored, now);
  return stored;
}

/** An agent's message of any type to conversation `conversationId`; replying reads what came before it. */
export async function sendAgentReply(chat: Sending, conversationId: number, operatorId: number, message: ChatMessageBody, now: Date): Promise<Stored> {
  const stored = await storeAgentMessage(chat.db, conversationId, operatorId, message, now);
  await deliverStored(chat, stored, now);
  return stored;
}

/** What both answer: the stored message's id and time (the first row's, for a resend). */
export function sentAnswer({ message }: Stored): v.InferOutput<typeof SendMessageResponse> {
  return { _id: String(message.id), createdAt: message.createdAt.toISOString() };
}
