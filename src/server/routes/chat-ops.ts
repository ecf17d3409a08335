/**
 * The agents' side of the live chat (issue 14 part 2, /api/ops/chat/*;
 * operator roles support and admin; canned reply edits admin only): the
 * inbox, the customer beside a conversation, its history, replies of any
 * message type (stored, then delivered to the room and the other agents),
 * the read mark, ending a session, uploads to a conversation and the canned
 * replies.
 */
import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints.ts';
import { cannedReplies, changeCanned, createCanned, removeCanned } from '../chat/canned.ts';
import { roomOfConversation } from '../chat/conversations.ts';
import { memberPanel } from '../chat/customer-panel.ts';
import { deliverInboxChange, deliverMessage, deliverRead } from '../chat/delivery.ts';
import { inboxList, inboxSummary } from '../chat/inbox.ts';
import { receiveChatUpload, type UploadKind } from '../chat/media.ts';
import { storeAgentUpload } from '../chat/uploads.ts';
import { messageShaper, shapeOne, storeAgentMessage } from '../chat/messages.ts';
import type { Queryable } from '../db/client.ts';
import { ApiError } from '../errors.ts';
import { findConversation, markRead, messagePage, startSession, type ConversationRow } from '../repositories/chat.ts';
import { route } from '../route.ts';
import { recordId } from '../validation.ts';

export async function chatOpsRoutes(app: FastifyInstance): Promise<void> {
  const { clock, config } = app;
  const storage = app.uploads;
  const prefix = config.chatPrefix;

  async function conversationOf(db: Queryable, id: string): Promise<ConversationRow> {
    const conversation = await findConversation(db, recordId(id));
    if (!conversation) throw new ApiError(404, 'NO_DATA');
    return conversation;
  }

  async function summaryOf(db: Queryable, conversationId: number) {
    const summary = await inboxSummary(db, prefix, conversationId);
    if (!summary) throw new ApiError(404, 'NO_DATA');
    return summary;
  }

  route(app, endpoints.opsChatInbox, async ({ db, query }) => inboxList(db, prefix, query.q, query.skip));

  route(app, endpoints.opsChatCustomer, async ({ db, params }) => {
    const conversation = await conversationOf(db, params.id);
    return {
      conversation: await summaryOf(db, conversation.id),
      member: conversation.userId === null ? null : await memberPanel(db, conversation.userId),
    };
  });

  route(app, endpoints.opsChatHistory, async ({ db, params, body }) => {
    const conversation = await conversationOf(db, params.id);
    const shape = messageShaper(config.fileLinkSecret, clock());
    const conversationId = String(conversation.id);
    return (await messagePage(db, conversation.id, body.skip, body.limit)).map((message) => ({ ...shape(message, conversation), conversationId }));
  });

  route(app, endpoints.opsChatReply, async ({ params, body, caller }) => {
    const now = clock();
    const stored = await storeAgentMessage(app.db, recordId(params.id), caller.operatorId, body.message, now);
    // A resend is delivered again, as a customer's is (routes/chat.ts): sockets merge by _id.
    const message = await shapeOne(app.db, config.fileLinkSecret, stored, now);
    deliverMessage(app.chatHub, roomOfConversation(prefix, stored.conversation), message, await summaryOf(app.db, stored.conversation.id));
    return { _id: String(stored.message.id), createdAt: stored.message.createdAt.toISOString() };
  });

  route(app, endpoints.opsChatRead, async ({ db, params }) => {
    const conversation = await conversationOf(db, params.id);
    const now = clock();
    await markRead(db, conversation.id, 'agent', now);
    deliverRead(app.chatHub, roomOfConversation(prefix, conversation), 'agent', now, await summaryOf(db, conversation.id));
    return { message: 'SUCCESS' };
  });

  /** A new session: the widget draws an end marker where session_id changes (the next message carries the new one). */
  route(app, endpoints.opsChatEnd, async ({ db, params }) => {
    const conversation = await conversationOf(db, params.id);
    if (!(await startSession(db, conversation.id, randomUUID()))) throw new ApiError(409, 'CHAT_CLOSED');
    deliverInboxChange(app.chatHub, await summaryOf(db, conversation.id));
    return { message: 'SUCCESS' };
  });

  await app.register(async (upload) => {
    await upload.register(multipart);
    const uploadRoute = (endpoint: typeof endpoints.opsChatUploadImage | typeof endpoints.opsChatUploadVideo, kind: UploadKind) =>
      route(upload, endpoint, async ({ params, request }) => {
        const conversationId = recordId(params.id);
        const media = await receiveChatUpload(request, kind);
        return storeAgentUpload({ db: app.db, storage, linkSecret: config.fileLinkSecret }, conversationId, media, clock());
      });
    uploadRoute(endpoints.opsChatUploadImage, 'image');
    uploadRoute(endpoints.opsChatUploadVideo, 'video');
  });

  // ---------------------------------------------------------------- canned replies

  route(app, endpoints.opsChatCanned, async ({ db }) => ({ replies: await cannedReplies(db) }));

  route(app, endpoints.opsChatCannedCreate, async ({ body, caller }) => createCanned(app.db, caller.operatorId, body, clock()));

  route(app, endpoints.opsChatCannedChange, async ({ params, body, caller }) => changeCanned(app.db, caller.operatorId, recordId(params.id), body, clock()));

  route(app, endpoints.opsChatCannedDelete, async ({ params, caller }) => {
    await removeCanned(app.db, caller.operatorId, recordId(params.id), clock());
    return { message: 'SUCCESS' };
  });
}
