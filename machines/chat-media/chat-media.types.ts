/**
 * One message the customer sends in the chat widget (spec 3 media delivery
 * statuses, spec 4 chat media message: uploading_file → sending → succeed or
 * failed; a failed item can be resent or removed; spec 7: send-message goes
 * 500 ms after the member pressed send). The chat history spawns one per
 * message (machines/chat-history) and passes the connection's state on: an
 * item written offline waits and goes once the chat is connected again.
 * The agent inbox's outbox (machines/inbox-outbox) runs one per reply the
 * agent sends, given the conversation (`conversationId`).
 */
import type * as v from 'valibot';
import type { ChatConversation, ChatMessage, ChatMessageBody, ChatUploadResponse, SendMessageResponse } from '../../src/contract/chat.ts';
import type { ChatAttachmentType, ChatFileRefusal } from '../../src/contract/rules/chat.ts';
import type { Result } from '../shared/result.ts';

/** What is sent: text (typed, or a quick reply's or text button's title), a postback button, a file, or (an agent's) a built message. */
export type OutgoingItem =
  | { kind: 'text'; text: string }
  | { kind: 'postback'; title: string; payload: string }
  /** An image or a video, with an optional caption (the media payload's message). */
  | { kind: 'file'; file: File; caption?: string }
  /** An agent's buttons, quick replies or cards, sent as built (its deliver becomes the item's). */
  | { kind: 'message'; message: ChatMessageBody };

/** Who writes the item: a guest of the widget, a member, or an agent replying from the inbox. */
export type ChatWriter = 'guest' | 'member' | 'agent';

export interface ChatMediaInput {
  /** The message's own id (spec 3 deliver.id: 8-64 of A-Z a-z 0-9 _ -): the same on every resend, so it is stored once. */
  deliverId: string;
  item: OutgoingItem;
  /** The chat is connected (the connection machine is ready): otherwise the item waits. */
  online: boolean;
  /**
   * Who writes it, as the widget (a guest or a member) or the inbox (an
   * agent) says: a guest's video has the guest's limit (spec 5).
   */
  writer: ChatWriter;
  /** Whose conversation: a member's id, or a guest's; the other is null. */
  userId: string | null;
  guestId: string | null;
  /**
   * An agent's reply into this conversation (the agent inbox): it goes
   * through the agents' endpoints at once (the 500 ms delay is the
   * widget's), and a refusal never ends it (retry or discard). Absent when
   * the customer writes.
   */
  conversationId?: string;
}

export type UploadAnswer = Result<v.InferOutput<typeof ChatUploadResponse>>;
export type SendAnswer = Result<v.InferOutput<typeof SendMessageResponse>>;

export interface UploadInput {
  file: File;
  /** An agent's upload: into this conversation. */
  conversationId?: string;
  /** Which endpoint takes it: /api/chat/upload-image or /upload-video. */
  fileType: ChatAttachmentType;
  /** The transport calls this as the bytes go (0..100); it becomes an upload.progress event. */
  reportProgress: (percent: number) => void;
}

/** POST /api/chat/send-message's body; an agent's reply: the message and its conversation. */
export type SendInput = v.InferInput<typeof ChatConversation> | AgentReplyInput;
export interface AgentReplyInput {
  conversationId: string;
  message: ChatMessageBody;
}

export interface ChatMediaContext extends ChatMediaInput {
  /** How much of the file has been sent, 0 to 100. */
  progress: number;
  /** What the upload answered; kept, so a failed send is sent again without uploading again. */
  upload: v.InferOutput<typeof ChatUploadResponse> | null;
  /** Why the last attempt failed: the server's code or NETWORK_ERROR; null otherwise. */
  failure: string | null;
  /** The message as delivered, once the server took it. */
  message: ChatMessage | null;
  /** Why the client rule refused the item (spec 5), with the size limit in MB for a file too large. */
  refusal: { message: ChatFileRefusal['code'] | 'CHAT_TEXT_INVALID' | 'KEY_INVALID'; limitMb?: number } | null;
}

export type ChatMediaEvent =
  /** The customer resends a failed item: the upload again if it failed there, else only the send (same deliver id). */
  | { type: 'item.retry' }
  /** The customer drops a failed item. */
  | { type: 'item.remove' }
  /** The chat connected (again): a waiting item goes. */
  | { type: 'connection.online' }
  /** The chat lost its connection: an item not yet on its way waits. */
  | { type: 'connection.offline' }
  /** From the upload in flight. */
  | { type: 'upload.progress'; percent: number };

/** How an item ended (the history reads it from the finished child). */
export type ChatMediaOutput =
  | { outcome: 'sent'; message: ChatMessage }
  | { outcome: 'removed' }
  /** The client rule refused it before anything was sent (spec 5). */
  | ({ outcome: 'refused' } & NonNullable<ChatMediaContext['refusal']>)
  /** The server no longer takes the conversation (CHAT_GUEST_INVALID, CHAT_CLOSED): the chat must start again. */
  | { outcome: 'ended'; message: string };

/** Emitted for the view. */
export type ChatMediaEmitted = { type: 'item.removed'; deliverId: string };

/**
 * Actors the view provides (chat-media.actors.ts; the agent inbox's:
 * machines/inbox-outbox/inbox-outbox.actors.ts): upload (UploadInput →
 * UploadAnswer) and send (SendInput → SendAnswer). Actions a parent may
 * provide: announceFailed (the item failed; the inbox's outbox goes on with
 * the next).
 * Tags: the delivery status (spec 3: 'uploading_file', 'sending', 'failed',
 * 'succeed'; chat-media.selectors.ts reads it) and 'queued' (waiting for the
 * connection).
 */
export type ChatMediaTag = 'uploading_file' | 'sending' | 'failed' | 'succeed' | 'queued';
