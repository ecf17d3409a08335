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
import { inTransaction, perDatabase, type Db, type Queryable, type Transaction } from '../db/client.ts';
import { groupCommit, settle, type Settled } from '../db/group-commit.ts';
import { ApiError } from '../errors.ts';
import type { ChatCaller } from '../auth/callers.ts';
import {
  findConversationMedia,
  findMessagesByClientIds,
  insertMessagesOnce,
  markRead,
  messageNames,
  offeredPostback,
  ownerKey,
  touchConversation,
  touchConversationsOf,
  type ConversationOwner,
  type ConversationRow,
  type MessageRow,
  type MessageView,
  type NewMessage,
} from '../repositories/chat.ts';
import { ownerOf, requireOwnIds } from './conversations.ts';
import { chatMediaLink } from './media.ts';

export interface Stored {
  conversation: ConversationRow;
  message: MessageRow;
  /** False for a resend: the first row is answered (and delivered again: send.ts). */
  created: boolean;
}

/** A message as stored: its delivery has succeeded. */
const delivered = <M extends ChatMessageBody>(message: M): M => ({ ...message, deliver: { ...message.deliver, status: 'succeed' } });

/** The body as stored: a media path checked against the conversation's uploads, the file type theirs, delivered. */
async function storedBody(tx: Transaction, conversationId: number, message: ChatMessageBody): Promise<ChatMessageBody> {
  if (message.message_type !== 'media') return delivered(message);
  const media = await findConversationMedia(tx, conversationId, message.payload.filePath);
  if (!media) throw new ApiError(400, 'KEY_INVALID');
  return delivered({ ...message, payload: { ...message.payload, url: false, fileType: media.fileType } });
}

type MessageToStore = Omit<NewMessage, 'sessionId' | 'messageType' | 'clientId'> & { body: ChatMessageBody };

/**
 * Inserts messages, each once per deliver id, into conversations already
 * touched for them, in order: a deliver id its conversation already holds
 * (or that came earlier in `messages`) is answered with the first row.
 */
async function insertAllOnce(tx: Transaction, messages: readonly { conversation: ConversationRow; row: MessageToStore }[]): Promise<Stored[]> {
  const pairOf = (conversationId: number, clientId: string) => `${conversationId} ${clientId}`;
  const inserted = await insertMessagesOnce(
    tx,
    messages.map(({ conversation, row }) => ({ ...row, sessionId: conversation.sessionId, messageType: row.body.message_type, clientId: row.body.deliver.id })),
  );
  const created = new Set(inserted.map((message) => message.id));
  const rows = new Map(inserted.map((message) => [pairOf(message.conversationId, message.clientId), message]));
  const resent = messages.filter(({ conversation, row }) => !rows.has(pairOf(conversation.id, row.body.deliver.id)));
  const firsts = await findMessagesByClientIds(
    tx,
    resent.map(({ conversation, row }) => ({ conversationId: conversation.id, clientId: row.body.deliver.id })),
  );
  for (const message of firsts) rows.set(pairOf(message.conversationId, message.clientId), message);
  return messages.map(({ conversation, row }) => {
    const message = rows.get(pairOf(conversation.id, row.body.deliver.id));
    if (!message) throw new Error('a chat message vanished after a conflicting insert');
    // Of a batch's messages with one deliver id, the first is the one created.
    return { conversation, message, created: created.delete(message.id) };
  });
}

interface CustomerWrite {
  owner: ConversationOwner;
  message: ChatMessageBody;
  deviceToken: string | null;
  now: Date;
}

/** A message refused with a catalogue code (decided without a failed statement), not a failure of its flush. */
const isRefusal = (error: unknown) => error instanceof ApiError;

/**
 * Customers' messages in one transaction: each owner's conversation is
 * touched (or created), each body checked in it (media its own upload, a
 * postback a button offered), and the messages accepted are inserted
 * together. A closed conversation or a body its conversation does not
 * allow refuses that message only.
 */
async function storeCustomerWrites(tx: Transaction, writes: readonly CustomerWrite[]): Promise<Settled<Stored>[]> {
  const conversations = await touchConversationsOf(
    tx,
    writes.map(({ owner, now }) => ({ owner, at: now })),
    randomUUID,
  );
  const decided: Settled<{ conversation: ConversationRow; row: MessageToStore }>[] = [];
  for (const { owner, message, deviceToken, now } of writes) {
    decided.push(
      await settle(async () => {
        const conversation = conversations.get(ownerKey(owner));
        if (!conversation) throw new ApiError(409, 'CHAT_CLOSED');
        const body = await storedBody(tx, conversation.id, message);
        if (body.message_type === 'postback' && !(await offeredPostback(tx, conversation.id, body.payload))) throw new ApiError(400, 'KEY_INVALID');
        return { conversation, row: { conversationId: conversation.id, sender: 'customer', operatorId: null, body, deviceToken, createdAt: now } };
      }, isRefusal),
    );
  }
  const stored = await insertAllOnce(tx, decided.flatMap((result) => (result.ok ? [result.value] : [])));
  return decided.map((result) => (result.ok ? { ok: true, value: stored.shift()! } : result));
}

/**
 * Texts need no check in their conversation beyond its being open, which
 * touching it decides without writing: the texts that arrive together are
 * stored in one transaction (group-commit.ts), a closed conversation's
 * refused alone.
 */
const textWrites = perDatabase((db) => groupCommit((writes: readonly CustomerWrite[]) => inTransaction(db, (tx) => storeCustomerWrites(tx, writes))));

/**
 * A customer's message (POST /api/chat/send-message): written as the
 * caller only (sender 'customer', their own ids), of a type customers send
 * (a postback only of a button offered to them).
 * The conversation is created with the first message. A guest's token was
 * checked against its open row when the request was authenticated; the
 * cleanup cannot close that guest under this message, because it closes
 * only guests idle longer than any token lives (policy.ts; a test holds
 * the two constants to it), and a closed conversation refuses here.
 * Media and postbacks are checked in their conversation under its lock, in
 * a transaction of their own, so a refusal rolls their touch back too.
 */
export async function storeCustomerMessage(db: Db, caller: ChatCaller, sent: ChatConversation, now: Date): Promise<Stored> {
  if (sent.sender !== 'customer') throw new ApiError(403, 'UNAUTHORIZED');
  requireOwnIds(caller, sent);
  if (!(CUSTOMER_MESSAGE_TYPES as readonly string[]).includes(sent.message.message_type)) throw new ApiError(400, 'KEY_INVALID');
  const write: CustomerWrite = { owner: ownerOf(caller), message: sent.message, deviceToken: sent.deviceToken ?? null, now };
  if (write.message.message_type === 'text') return textWrites(db)(write);
  return inTransaction(db, async (tx) => {
    const [result] = await storeCustomerWrites(tx, [write]);
    if (!result!.ok) throw result!.error;
    return result!.value;
  });
}

/** An agent's reply (any message type) to a conversation; replying reads what came before it. */
export async function storeAgentMessage(db: Queryable, conversationId: number, operatorId: number, message: ChatMessageBody, now: Date): Promise<Stored> {
  return inTransaction(db, async (tx) => {
    const conversation = await touchConversation(tx, conversationId, now);
    if (!conversation) throw new ApiError(404, 'NO_DATA');
    if (conversation.closedAt) throw new ApiError(409, 'CHAT_CLOSED');
    const body = await storedBody(tx, conversation.id, message);
    const [stored] = await insertAllOnce(tx, [{ conversation, row: { conversationId: conversation.id, sender: 'agent', operatorId, body, deviceToken: null, createdAt: now } }]);
    if (stored!.created) await markRead(tx, conversation.id, 'agent', now);
    return stored!;
  });
}

/** Shapes stored messages for answers and events; media paths become links that work for CHAT_MEDIA_LINK_LIFETIME_MS. */
export function messageShaper(fileLinkSecret: string, now: Date) {
  const link = (key: string) => chatMediaLink(fileLinkSecret, key, now);
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
export async function shapeOne(db: Queryable, fileLinkSecret: string, stored: Stored, now: Date): Promise<ChatMessage> {
  const { message, conversation } = stored;
  const view: MessageView =
    message.sender === 'customer' && conversation.userId === null
      ? { ...message, memberPhone: null, memberName: null, operatorName: null }
      : await messageNames(db, message);
  return messageShaper(fileLinkSecret, now)(view, conversation);
}
