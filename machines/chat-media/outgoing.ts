/**
 * An outgoing item as the server is sent it (spec 3 chat conversation, the
 * body of POST /api/chat/send-message; an agent's reply's) and as the
 * history shows it once the server took it, until the room's own copy of it
 * arrives (the history then keeps the server's copy).
 */
import * as v from 'valibot';
import { ChatMessageBody, type ChatMessage, type SendMessageResponse } from '../../src/contract/chat.ts';
import type { ChatMediaContext, SendInput } from './chat-media.types.ts';

/** The file of a file item (the machine asks only for one). */
export function attachedFile(context: Pick<ChatMediaContext, 'item'>): File {
  if (context.item.kind !== 'file') throw new Error('chat-media: not a file item');
  return context.item.file;
}

/**
 * The message body: text trimmed (spec 5), a postback's title and payload, or
 * the media payload with the stored path (`url` false: a path, not a link).
 */
function body(context: Pick<ChatMediaContext, 'item' | 'upload' | 'deliverId'>, media: 'path' | 'link'): ChatMessageBody {
  const deliver = { id: context.deliverId, status: media === 'path' ? ('sending' as const) : ('succeed' as const) };
  const { item, upload } = context;
  switch (item.kind) {
    case 'text':
      return { message_type: 'text', payload: { text: item.text.trim() }, deliver };
    case 'postback':
      return { message_type: 'postback', payload: { title: item.title.trim(), payload: item.payload }, deliver };
    case 'file': {
      if (upload === null) throw new Error('chat-media: sending a file before its upload');
      const filePath = media === 'path' ? upload.path : upload.url;
      return { message_type: 'media', payload: { message: item.caption?.trim() ?? '', url: media === 'link', fileType: upload.fileType, filePath }, deliver };
    }
    case 'message':
      return { ...item.message, deliver } as ChatMessageBody;
  }
}

/**
 * Why the contract refuses a built message, as the server would answer it:
 * the first refusal's code where the schema names one (CHAT_TEXT_INVALID for
 * a text, KEY_INVALID for a title or an address), KEY_INVALID otherwise; null
 * when it passes. The inbox's builders check their fields first, so this is
 * the last gate, not the agent's usual answer.
 */
export function builtMessageRefusal(message: ChatMessageBody): 'CHAT_TEXT_INVALID' | 'KEY_INVALID' | null {
  const result = v.safeParse(ChatMessageBody, message);
  if (result.success) return null;
  return result.issues[0].message === 'CHAT_TEXT_INVALID' ? 'CHAT_TEXT_INVALID' : 'KEY_INVALID';
}

/** Who writes: only the id that is set (the server refuses another's, and takes an absent one as the caller's). */
function writer(context: Pick<ChatMediaContext, 'userId' | 'guestId'>) {
  return context.userId !== null ? { userId: context.userId } : { guestId: context.guestId };
}

/** POST /api/chat/send-message's body: the customer's message under its deliver id; an agent's reply with its conversation. */
export function outgoingBody(context: ChatMediaContext): SendInput {
  if (context.conversationId !== undefined) return { conversationId: context.conversationId, message: body(context, 'path') };
  return { sender: 'customer', message: body(context, 'path'), ...writer(context) };
}

/**
 * The message as the history shows it once the server took it: its id and
 * time from the answer, a media message with the upload's signed link. The
 * session is not known here: the history gives it the one it shows last.
 */
export function deliveredMessage(context: ChatMediaContext, answer: v.InferOutput<typeof SendMessageResponse>): ChatMessage {
  return {
    _id: answer._id,
    sender: context.conversationId === undefined ? 'customer' : 'agent',
    ...(context.conversationId === undefined ? {} : { conversationId: context.conversationId }),
    message: body(context, 'link'),
    userId: context.userId,
    guestId: context.guestId,
    username: null,
    name: null,
    deviceToken: null,
    createdAt: answer.createdAt,
    session_id: '',
  };
}
