/**
 * The customer's side of the live chat (spec 7 /api/chat/*): the room
 * prefix, guest ids and their tokens, sending, one's own history, the read
 * mark and uploads. Each route validates (the body's ids are the caller's,
 * the counts per sender and address), calls one function of chat/ and
 * shapes the answer. Access 'chat': a member's bearer token or a guest's
 * token (plugins/authentication.ts).
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { GUEST_TOKEN_HEADER } from '../../contract/chat.ts';
import { endpoints } from '../../contract/endpoints.ts';
import { countChatAttempt } from '../chat/attempts.ts';
import { chatContext } from '../chat/context.ts';
import { requireOwnIds } from '../chat/conversations.ts';
import { createGuest, renewGuest } from '../chat/guests.ts';
import { customerHistory } from '../chat/history.ts';
import { receiveChatUpload, type UploadKind } from '../chat/media.ts';
import { markReadBy } from '../chat/read-marks.ts';
import { sendCustomerMessage, sentAnswer } from '../chat/send.ts';
import { storeCustomerUpload } from '../chat/uploads.ts';
import { CHAT_GUESTS_PER_ADDRESS } from '../policy.ts';
import { route } from '../route.ts';

export async function chatRoutes(app: FastifyInstance): Promise<void> {
  const { clock, config, limits } = app;

  route(app, endpoints.chatConfig, async () => ({ PREFIX: config.chatPrefix }));

  /** A live token is renewed for the same guest; without one (or with a dead one) a new guest starts. */
  route(app, endpoints.chatGuest, async ({ request }) => {
    const now = clock();
    const token = request.headers[GUEST_TOKEN_HEADER];
    const renewed = typeof token === 'string' && token !== '' ? await renewGuest(config, app.db, token, now) : null;
    if (renewed) return renewed;
    await limits.countFromAddress('chat:guests', CHAT_GUESTS_PER_ADDRESS, request.ip, now);
    return createGuest(config, app.db, now);
  });

  route(app, endpoints.chatSendMessage, async ({ body, caller, request }) => {
    const now = clock();
    await countChatAttempt(limits, 'messages', caller, request.ip, now);
    return sentAnswer(await sendCustomerMessage(chatContext(app), caller, body, now));
  });

  route(app, endpoints.chatHistory, async ({ body, caller, request }) => {
    requireOwnIds(caller, body);
    await countChatAttempt(limits, 'history', caller, request.ip, clock());
    return customerHistory(chatContext(app), caller, body, clock());
  });

  route(app, endpoints.chatReadCustomer, async ({ body, caller, request }) => {
    requireOwnIds(caller, body);
    const now = clock();
    await countChatAttempt(limits, 'reads', caller, request.ip, now);
    await markReadBy(chatContext(app), { side: 'customer', caller }, now);
    return { message: 'SUCCESS' };
  });

  // Multipart parsing for the uploads only; every other route keeps speaking JSON.
  await app.register(async (upload) => {
    await upload.register(multipart);
    const uploadRoute = (endpoint: typeof endpoints.chatUploadImage | typeof endpoints.chatUploadVideo, kind: UploadKind) =>
      route(upload, endpoint, async ({ caller, request }) => {
        const now = clock();
        await countChatAttempt(limits, 'uploads', caller, request.ip, now);
        const media = await receiveChatUpload(request, kind, caller.kind === 'guest');
        return storeCustomerUpload(chatContext(app), caller, request.ip, media, now);
      });
    uploadRoute(endpoints.chatUploadImage, 'image');
    uploadRoute(endpoints.chatUploadVideo, 'video');
  });
}
