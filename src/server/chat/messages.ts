/**
 * Storing chat messages and shaping them as the contract's ChatMessage.
 * A message is stored before anyone is told (delivery.ts), once per the
 * sender's deliver id: a resend (the widget's offline queue, a retry after
 * a lost answer) finds the first row and is answered with it; it is
 * delivered again under the same _id, which sockets merge. A media
 * message may only name a file uploaded to its own conversation; in answers
 * and events its path becomes a signed link. A customer's postback must be
 * of a button an agent offered in the same conversation: the inbox shows it
 * as that button pressed, so it must not say what no agent asked.
 */
import { randomUUID } from 'node:crypto';
import { CUSTOMER_MESSAGE_TYPES, type ChatConversation, type ChatMessage, type ChatMessageBody } from '../../contract/chat.ts';
import { inTransaction, type Queryable, type Transaction } from '../db/client.ts';
import { ApiError } from '../errors.ts';
import type { ChatCaller } from '../plugins/authentication.ts';
import {
  findConversationMedia,
  findMessageByClientId,
  insertMessageOnce,
  markRead,
  messageNames,
  offeredPostback,
  touchConversation,
  touchConversationOf,
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

/** Inserts the message once per deliver id, into a conversation already touched for it. */
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
  if (inserted) return { conversation, message: inserted, created: true };
  const first = await findMessageByClientId(tx, conversation.id, clientId);
  if (!first) throw new Error('a chat message vanished after a conflicting insert');
  return { conversation, message: first, created: false };
}

/**
 * A customer's message (POST /api/chat/send-message): written as the
 * caller only (sender 'customer', their own ids), of a type customers send
 * (a postback only of a button offered to them).
 * The conversation is created with the first message. A guest's token was
 * checked against its open row when the request was authenticated; the
 * cleanup cannot close that guest under this message, because it closes
 * only guests idle longer than any token lives (policy.ts; a test holds
 * the two constants to it), and a closed conversation refuses here.
 */
export async function storeCustomerMessage(db: Queryable, caller: ChatCaller, sent: ChatConversation, now: Date): Promise<Stored> {
  if (sent.sender !== 'customer') throw new ApiError(403, 'UNAUTHORIZED');
  requireOwnIds(caller, sent);
  if (!(CUSTOMER_MESSAGE_TYPES as readonly string[]).includes(sent.message.message_type)) throw new ApiError(400, 'KEY_INVALID');
  return inTransaction(db, async (tx) => {
    const conversation = await touchConversationOf(tx, ownerOf(caller), randomUUID(), now);
    if (conversation.closedAt) throw new ApiError(409, 'CHAT_CLOSED');
    const body = await storedBody(tx, conversation.id, sent.message);
    if (body.message_type === 'postback' && !(await offeredPostback(tx, conversation.id, body.payload))) throw new ApiError(400, 'KEY_INVALID');
    return insertOnce(tx, conversation, { sender: 'customer', operatorId: null, body, deviceToken: sent.deviceToken ?? null, createdAt: now });
  });
}

/** An agent's reply (any message type) to a conversation; replying reads what came before it. */
export async function storeAgentMessage(db: Queryable, conversationId: number, operatorId: number, message: ChatMessageBody, now: Date): Promise<Stored> {
  return inTransaction(db, async (tx) => {
    const conversation = await touchConversation(tx, conversationId, now);
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

/** One stored message as delivered. A guest's own message names no one, so nothing is looked up for it. */
export async function shapeOne(db: Queryable, linkSecret: string, stored: Stored, now: Date): Promise<ChatMessage> {
  const { message, conversation } = stored;
  const view: MessageView =
    message.sender === 'customer' && conversation.userId === null
      ? { ...message, memberPhone: null, memberName: null, operatorName: null }
      : await messageNames(db, message);
  return messageShaper(linkSecret, now)(view, conversation);
}
