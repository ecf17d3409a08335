/**
 * Who a chat caller is to the conversations: a member owns the conversation
 * of their user id, a guest the one of its guest id, each in the room
 * `{PREFIX}-{id}` (spec 7). The ids a customer puts in a body (spec 3
 * userId, guestId) must be their own: writing or reading as someone else
 * is 403 UNAUTHORIZED before anything is read or stored. Agents name a
 * conversation by its id.
 */
import { chatRoom } from '../../contract/chat.ts';
import { ApiError } from '../errors.ts';
import type { ChatCaller } from '../auth/callers.ts';
import type { Queryable } from '../db/client.ts';
import { findConversation, type ConversationOwner, type ConversationRow } from '../repositories/chat.ts';

export function ownerOf(caller: ChatCaller): ConversationOwner {
  return caller.kind === 'member' ? { userId: caller.userId } : { guestId: caller.guestId };
}

/** The conversation an agent names by its id: 404 NO_DATA when there is none. */
export async function conversationById(db: Queryable, id: number): Promise<ConversationRow> {
  const conversation = await findConversation(db, id);
  if (!conversation) throw new ApiError(404, 'NO_DATA');
  return conversation;
}

/** The room of a conversation; the socket server joins callers by the same rule (socket-rooms.ts). */
export function roomOfConversation(prefix: string, conversation: Pick<ConversationRow, 'userId' | 'guestId'>): string {
  return chatRoom(prefix, conversation.userId !== null ? String(conversation.userId) : (conversation.guestId ?? ''));
}

/** Refuses a body that names another member or guest than the caller (absent, null or empty ids are the caller's). */
export function requireOwnIds(caller: ChatCaller, ids: { userId?: string | null | undefined; guestId?: string | null | undefined }): void {
  const { userId, guestId } = ids;
  const ownUser = caller.kind === 'member' ? String(caller.userId) : null;
  const ownGuest = caller.kind === 'guest' ? caller.guestId : null;
  const named = (id: string | null | undefined): id is string => id !== undefined && id !== null && id !== '';
  if (named(userId) && userId !== ownUser) throw new ApiError(403, 'UNAUTHORIZED');
  if (named(guestId) && guestId !== ownGuest) throw new ApiError(403, 'UNAUTHORIZED');
}
