/**
 * The agents' side of the live chat (/api/ops/chat/*; operator roles
 * support and admin; canned reply edits admin only): the inbox, the
 * customer beside a conversation, its history, replies of any message type,
 * the read mark, ending a session, uploads to a conversation and the canned
 * replies. Each route validates, calls one function of chat/ (the same
 * rules as the customer's side: sending, read marks) and shapes the answer.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints.ts';
import { cannedReplies, changeCanned, createCanned, removeCanned } from '../chat/canned.ts';
import { chatContext } from '../chat/context.ts';
import { conversationPanel } from '../chat/customer-panel.ts';
import { endConversation } from '../chat/ending.ts';
import { agentHistory } from '../chat/history.ts';
import { inboxList } from '../chat/inbox.ts';
import { receiveChatUpload, type UploadKind } from '../chat/media.ts';
import { markReadBy } from '../chat/read-marks.ts';
import { sendAgentReply, sentAnswer } from '../chat/send.ts';
import { storeAgentUpload } from '../chat/uploads.ts';
import { route } from '../route.ts';
import { recordId } from '../validation.ts';

export async function chatOpsRoutes(app: FastifyInstance): Promise<void> {
  const { clock, config } = app;

  route(app, endpoints.opsChatInbox, async ({ db, query }) => inboxList(db, config.chatPrefix, query.q, query.skip));

  route(app, endpoints.opsChatCustomer, async ({ db, params }) => conversationPanel(db, config.chatPrefix, recordId(params.id)));

  route(app, endpoints.opsChatHistory, async ({ params, body }) => agentHistory(chatContext(app), recordId(params.id), body, clock()));

  route(app, endpoints.opsChatReply, async ({ params, body, caller }) =>
    sentAnswer(await sendAgentReply(chatContext(app), recordId(params.id), caller.operatorId, body.message, clock())),
  );

  route(app, endpoints.opsChatRead, async ({ params }) => {
    await markReadBy(chatContext(app), { side: 'agent', conversationId: recordId(params.id) }, clock());
    return { message: 'SUCCESS' };
  });

  route(app, endpoints.opsChatEnd, async ({ params }) => {
    await endConversation(chatContext(app), recordId(params.id));
    return { message: 'SUCCESS' };
  });

  await app.register(async (upload) => {
    await upload.register(multipart);
    const uploadRoute = (endpoint: typeof endpoints.opsChatUploadImage | typeof endpoints.opsChatUploadVideo, kind: UploadKind) =>
      route(upload, endpoint, async ({ params, request }) => {
        const conversationId = recordId(params.id);
        const media = await receiveChatUpload(request, kind);
        return storeAgentUpload(chatContext(app), conversationId, media, clock());
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
