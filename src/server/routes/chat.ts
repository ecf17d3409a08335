/**
 * The customer's side of the live chat (spec 7 /api/chat/*): the room
 * prefix, guest ids and their tokens, sending (stored, then delivered to
 * the room and the agents), one's own history, the read mark and uploads.
 * Access 'chat': a member's bearer token or a guest's token
 * (plugins/authentication.ts); a body naming someone else is refused.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { GUEST_TOKEN_HEADER, type ChatMessage } from '../../contract/chat.ts';
import { endpoints } from '../../contract/endpoints.ts';
import { ownerOf, requireOwnIds, roomOfConversation } from '../chat/conversations.ts';
import { deliverMessage, deliverRead } from '../chat/delivery.ts';
import { createGuest, renewGuest } from '../chat/guests.ts';
import { inboxSummary } from '../chat/inbox.ts';
import { receiveChatUpload, type UploadKind } from '../chat/media.ts';
import { messageShaper, shapeOne, storeCustomerMessage, type Stored } from '../chat/messages.ts';
import { storeCustomerUpload } from '../chat/uploads.ts';
import type { ChatCaller } from '../auth/callers.ts';
import {
  CHAT_GUESTS_PER_ADDRESS,
  CHAT_HISTORY_PER_ADDRESS,
  CHAT_HISTORY_PER_SENDER,
  CHAT_MESSAGES_PER_ADDRESS,
  CHAT_MESSAGES_PER_SENDER,
  CHAT_UPLOADS_PER_ADDRESS,
  CHAT_UPLOADS_PER_SENDER,
} from '../policy.ts';
import { findConversationOf, markRead, messagePage } from '../repositories/chat.ts';
import { route } from '../route.ts';

type WindowLimit = { max: number; windowMs: number };

export async function chatRoutes(app: FastifyInstance): Promise<void> {
  const { clock, config, limits } = app;
  const storage = app.uploads;
  const prefix = config.chatPrefix;

  const senderKey = (caller: ChatCaller) => (caller.kind === 'member' ? `member:${caller.userId}` : `guest:${caller.guestId}`);

  /** Per sender, then per client address (off with LIMITS_PER_IP=off, as the other per-address limits are). */
  async function countAttempt(action: string, caller: ChatCaller, ip: string, perSender: WindowLimit, perAddress: WindowLimit, now: Date) {
    await limits.count(`chat:${action}:${senderKey(caller)}`, perSender, now);
    await limits.countFromAddress(`chat:${action}`, perAddress, ip, now);
  }

  /**
   * A stored message is told to the room and, while an agent is connected,
   * to the agents with its inbox line. A resend is told again: its first
   * delivery may have been lost with the answer, and sockets merge
   * messages by _id, so nothing shows twice.
   */
  async function deliver(stored: Stored, now: Date): Promise<void> {
    const hub = app.chatHub;
    const message = await shapeOne(app.db, config.fileLinkSecret, stored, now);
    const summary = hub.agentsOnline() ? await inboxSummary(app.db, prefix, stored.conversation.id) : undefined;
    deliverMessage(hub, roomOfConversation(prefix, stored.conversation), message, summary);
  }

  route(app, endpoints.chatConfig, async () => ({ PREFIX: prefix }));

  /** A live token is renewed for the same guest; without one (or with a dead one) a new guest starts. */
  route(app, endpoints.chatGuest, async ({ request }) => {
    const now = clock();
    const token = request.headers[GUEST_TOKEN_HEADER];
    if (typeof token === 'string' && token !== '') {
      const renewed = await renewGuest(config, app.db, token, now);
      if (renewed) return renewed;
    }
    await limits.countFromAddress('chat:guests', CHAT_GUESTS_PER_ADDRESS, request.ip, now);
    return createGuest(config, app.db, now);
  });

  route(app, endpoints.chatSendMessage, async ({ body, caller, request }) => {
    const now = clock();
    await countAttempt('messages', caller, request.ip, CHAT_MESSAGES_PER_SENDER, CHAT_MESSAGES_PER_ADDRESS, now);
    const stored = await storeCustomerMessage(app.db, caller, body, now);
    await deliver(stored, now);
    return { _id: String(stored.message.id), createdAt: stored.message.createdAt.toISOString() };
  });

  route(app, endpoints.chatHistory, async ({ body, caller, db, request }) => {
    requireOwnIds(caller, body);
    await countAttempt('history', caller, request.ip, CHAT_HISTORY_PER_SENDER, CHAT_HISTORY_PER_ADDRESS, clock());
    const conversation = await findConversationOf(db, ownerOf(caller));
    if (!conversation) return [] as ChatMessage[];
    const shape = messageShaper(config.fileLinkSecret, clock());
    return (await messagePage(db, conversation.id, body.skip, body.limit)).map((message) => shape(message, conversation));
  });

  route(app, endpoints.chatReadCustomer, async ({ body, caller, db, request }) => {
    requireOwnIds(caller, body);
    const now = clock();
    await countAttempt('reads', caller, request.ip, CHAT_MESSAGES_PER_SENDER, CHAT_MESSAGES_PER_ADDRESS, now);
    const conversation = await findConversationOf(db, ownerOf(caller));
    // Only a mark that moved is told to the agents (a repeated read fans out to no one), and only while one is connected.
    if (conversation && (await markRead(db, conversation.id, 'customer', now)) && app.chatHub.agentsOnline()) {
      const summary = await inboxSummary(db, prefix, conversation.id);
      if (summary) deliverRead(app.chatHub, roomOfConversation(prefix, conversation), 'customer', now, summary);
    }
    return { message: 'SUCCESS' };
  });

  // Multipart parsing for the uploads only; every other route keeps speaking JSON.
  await app.register(async (upload) => {
    await upload.register(multipart);
    const uploadRoute = (endpoint: typeof endpoints.chatUploadImage | typeof endpoints.chatUploadVideo, kind: UploadKind) =>
      route(upload, endpoint, async ({ caller, request }) => {
        const now = clock();
        await countAttempt('uploads', caller, request.ip, CHAT_UPLOADS_PER_SENDER, CHAT_UPLOADS_PER_ADDRESS, now);
        const media = await receiveChatUpload(request, kind);
        return storeCustomerUpload({ db: app.db, storage, linkSecret: config.fileLinkSecret }, caller, media, now);
      });
    uploadRoute(endpoints.chatUploadImage, 'image');
    uploadRoute(endpoints.chatUploadVideo, 'video');
  });
}
