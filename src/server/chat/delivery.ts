/**
 * What the chat tells connected sockets after a write is stored (never
 * before): the conversation's room gets the message or the read mark, the
 * agents get the same with the conversation's id and the inbox line that
 * changed, while one is connected (inbox.ts lineForAgents). Callers pass
 * the hub of their ChatContext (context.ts), the app's at the call.
 */
import type * as v from 'valibot';
import {
  SOCKET_ENDED,
  SOCKET_INBOX,
  SOCKET_MESSAGING,
  SOCKET_READ,
  type ChatMessage,
  type ChatSender,
  type InboxConversation,
  type InboxEvent,
  type ReadEvent,
  type SessionEndedEvent,
} from '../../contract/chat.ts';
import type { ChatHub } from './hub.ts';

type Inbox = v.InferOutput<typeof InboxEvent>;
type Read = v.InferOutput<typeof ReadEvent>;

/**
 * A new message: to its room, and to the agents with its conversation and
 * the inbox line (a postback is told as such); without the line (no agent
 * is connected) the room only.
 */
export function deliverMessage(hub: ChatHub, room: string, message: ChatMessage, conversation: InboxConversation | undefined): void {
  hub.toRoom(room, SOCKET_MESSAGING, message);
  if (!conversation) return;
  hub.toAgents(SOCKET_MESSAGING, { ...message, conversationId: conversation.id } satisfies ChatMessage);
  const body = message.message;
  const event: Inbox = body.message_type === 'postback' ? { conversation, postback: { title: body.payload.title, payload: body.payload.payload } } : { conversation };
  hub.toAgents(SOCKET_INBOX, event);
}

/**
 * One side read the conversation up to `readAt`. The customer's read goes
 * to the agents; an agent's goes to the room (the customer's ticks) and to
 * the other agents (their unread counts). Without the inbox line (no agent
 * is connected) the agents are told nothing.
 */
export function deliverRead(
  hub: ChatHub,
  room: string,
  sender: Extract<ChatSender, 'customer' | 'agent'>,
  readAt: Date,
  conversation: InboxConversation | undefined,
): void {
  const event: Read = { room, sender, readAt: readAt.toISOString() };
  if (sender === 'agent') hub.toRoom(room, SOCKET_READ, event);
  if (!conversation) return;
  hub.toAgents(SOCKET_READ, event);
  hub.toAgents(SOCKET_INBOX, { conversation } satisfies Inbox);
}

/** An agent ended the conversation's session: its room hears it at once, with the session the next message carries. */
export function deliverSessionEnded(hub: ChatHub, room: string, sessionId: string): void {
  hub.toRoom(room, SOCKET_ENDED, { room, session_id: sessionId } satisfies v.InferOutput<typeof SessionEndedEvent>);
}

/** The inbox line changed without a message (an agent ended the conversation's session); nothing without the line. */
export function deliverInboxChange(hub: ChatHub, conversation: InboxConversation | undefined): void {
  if (conversation) hub.toAgents(SOCKET_INBOX, { conversation } satisfies Inbox);
}
