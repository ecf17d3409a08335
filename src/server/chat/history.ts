/**
 * A conversation's history, a page at a time, newest first: the customer
 * reads their own (none yet: an empty page), an agent any conversation by
 * its id. Both get messages shaped as the sockets deliver them (media paths
 * become signed links); an agent's carry the conversation's id, as the
 * agents' copies of events do.
 */
import type { ChatMessage } from '../../contract/chat.ts';
import type { ChatCaller } from '../auth/callers.ts';
import { findConversationOf, messagePage, type ConversationRow } from '../repositories/chat.ts';
import type { ChatContext } from './context.ts';
import { conversationById, ownerOf } from './conversations.ts';
import { messageShaper } from './messages.ts';

type Reading = Pick<ChatContext, 'db' | 'fileLinkSecret'>;

export interface Page {
  skip: number;
  limit: number;
}

async function pageOf(chat: Reading, conversation: ConversationRow, { skip, limit }: Page, now: Date): Promise<ChatMessage[]> {
  const shape = messageShaper(chat.fileLinkSecret, now);
  return (await messagePage(chat.db, conversation.id, skip, limit)).map((message) => shape(message, conversation));
}

/** The caller's own conversation (the ids in the body were checked as theirs: conversations.ts requireOwnIds). */
export async function customerHistory(chat: Reading, caller: ChatCaller, page: Page, now: Date): Promise<ChatMessage[]> {
  const conversation = await findConversationOf(chat.db, ownerOf(caller));
  return conversation ? pageOf(chat, conversation, page, now) : [];
}

/** Conversation `conversationId` as the agents read it; 404 NO_DATA when there is none. */
export async function agentHistory(chat: Reading, conversationId: number, page: Page, now: Date): Promise<ChatMessage[]> {
  const conversation = await conversationById(chat.db, conversationId);
  const id = String(conversation.id);
  return (await pageOf(chat, conversation, page, now)).map((message) => ({ ...message, conversationId: id }));
}
