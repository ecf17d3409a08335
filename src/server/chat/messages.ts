/**
 * Storing chat messages and shaping them as the contract's ChatMessage.
 * A message is stored before anyone is told (delivery.ts), once per the
 * sender's deliver id: a resend (the widget's offline queue, a retry after
 * a lost answer) finds the first row and is answered with it, and is not
 * delivered again. A media message may only name a file uploaded to its own
 * conversation; in answers and events its path becomes a signed link.
 */
import { randomUUID } from 'node:crypto';
import { CUSTOMER_MESSAGE_TYPES, type ChatConversation, type ChatMessage, type ChatMessageBody } from '../../contract/chat.ts';
import { inTransaction, type Queryable, type Transaction } from '../db/client.ts';
import { ApiError } from '../errors.ts';
import type { ChatCaller } from '../plugins/authentication.ts';
import {
  ensureConversation,
  findConversation,
  findConversationMedia,
  findMessageByClientId,
  insertMessageOnce,
  markRead,
  messageNames,
  touchConversation,
  touchOpenGuest,
  type ConversationRow,
  type MessageRow,
  type MessageView,
} from '../repositories/chat.ts';
import { ownerOf, requireOwnIds } from './conversations.ts';
import { chatMediaLink } from './media.ts';

export interface Stored {
  conversation: ConversationRow;
  message: MessageRow;
  /** False for a resend: the first row is answered and nothing is delivered. */
  created: boolean;
}

/** The body as stored: a media path checked against the conversation's uploads, the file type theirs, delivered. */
async function storedBody(tx: Transaction, conversationId: number, message: ChatMessageBody): Promise<ChatMessageBody> {
  const delivered = { ...message, deliver: { ...message.deliver, status: 'succeed' as const } };
  if (delivered.message_type !== 'media') return delivered;
  const media = await findConversationMedia(tx, conversationId, delivered.payload.filePath);
  if (!media) throw new ApiError(400, 'KEY_INVALID');
  return { ...delivered, payload: { ...delivered.payload, url: false, fileType: media.fileType } };
}

async function insertOnce(tx: Transaction, conversation: ConversationRow, row: Omit<MessageRow, 'id' | 'conversationId' | 'sessionId' | 'messageType' | 'clientId'>): Promise<Stored> {
  const body = row.body as ChatMessageBody;
  const clientId = body.deliver.id;
  const inserted = await insertMessageOnce(tx, {
    ...row,
    conversationId: conversation.id,
    sessionId: conversation.sessionId,
    messageType: body.message_type,
    clientId,
  });
  if (!inserted) {
    const first = await findMessageByClientId(tx, conversation.id, clientId);
    if (!first) throw new Error('a chat message vanished after a conflicting insert');
    return { conversation, message: first, created: false };
  }
  await touchConversation(tx, conversation.id, row.createdAt);
  return { conversation, message: inserted, created: true };
}

/**
 * A customer's message (POST /api/chat/send-message): written as the
 * caller only (sender 'customer', their own ids), of a type customers send.
 * The conversation is created with the first message.
 */
export async function storeCustomerMessage(db: Queryable, caller: ChatCaller, sent: ChatConversation, now: Date): Promise<Stored> {
  if (sent.sender !== 'customer') throw new ApiError(403, 'UNAUTHORIZED');
  requireOwnIds(caller, sent);
  if (!(CUSTOMER_MESSAGE_TYPES as readonly string[]).includes(sent.message.message_type)) throw new ApiError(400, 'KEY_INVALID');
  return inTransaction(db, async (tx) => {
    // Locks the guest's row until commit: the idle cleanup cannot close it under this message.
    if (caller.kind === 'guest' && !(await touchOpenGuest(tx, caller.guestId, now))) throw new ApiError(401, 'CHAT_GUEST_INVALID');
    const conversation = await ensureConversation(tx, ownerOf(caller), randomUUID(), now);
    if (conversation.closedAt) throw new ApiError(409, 'CHAT_CLOSED');
    const body = await storedBody(tx, conversation.id, sent.message);
    return insertOnce(tx, conversation, { sender: 'customer', operatorId: null, body, deviceToken: sent.deviceToken ?? null, createdAt: now });
  });
}

/** An agent's reply (any message type) to a conversation; replying reads what came before it. */
export async function storeAgentMessage(db: Queryable, conversationId: number, operatorId: number, message: ChatMessageBody, now: Date): Promise<Stored> {
  return inTransaction(db, async (tx) => {
    const conversation = await findConversation(tx, conversationId);
    if (!conversation) throw new ApiError(404, 'NO_DATA');
    if (conversation.closedAt) throw new ApiError(409, 'CHAT_CLOSED');
    const body = await storedBody(tx, conversation.id, message);
    const stored = await insertOnce(tx, conversation, { sender: 'agent', operatorId, body, deviceToken: null, createdAt: now });
    if (stored.created) await markRead(tx, conversation.id, 'agent', now);
    return stored;
  });
}

/** Shapes stored messages for answers and events; media paths become links that work for CHAT_MEDIA_LINK_LIFETIME_MS. */
export function messageShaper(linkSecret: string, now: Date) {
  const link = (key: string) => chatMediaLink(linkSecret, key, now);
  return (view: MessageView, conversation: Pick<ConversationRow, 'userId' | 'guestId'>): ChatMessage => {
    const body = view.body as ChatMessageBody;
    const message: ChatMessageBody = body.message_type === 'media' ? { ...body, payload: { ...body.payload, filePath: link(body.payload.filePath), url: true } } : body;
    return {
      _id: String(view.id),
      sender: view.sender,
      message,
      userId: conversation.userId === null ? null : String(conversation.userId),
      guestId: conversation.guestId,
      username: view.memberPhone,
      name: view.sender === 'agent' ? view.operatorName : view.memberName,
      deviceToken: view.deviceToken,
      createdAt: view.createdAt.toISOString(),
      session_id: view.sessionId,
    };
  };
}

/** One stored message as delivered. */
export async function shapeOne(db: Queryable, linkSecret: string, stored: Stored, now: Date): Promise<ChatMessage> {
  return messageShaper(linkSecret, now)(await messageNames(db, stored.message), stored.conversation);
}
