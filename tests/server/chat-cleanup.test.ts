/**
 * The chat's cleanup (docs/decisions/0104-live-chat.md: a guest
 * conversation idle for 30 days is closed and its media removed): idleness counts from the guest's last
 * visit and last message; a closed guest's files, media rows and messages
 * go, its conversation is marked closed and its token refused. Members'
 * conversations stay. Uploads no message names go after an hour, and a
 * conversation holds only so many bytes of them. Driven by the test clock,
 * as the hourly timer is by the real one.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { endpoints, type Endpoint } from '../../src/contract/endpoints.ts';
import { CHAT_VIDEO_MAX_BYTES } from '../../src/contract/rules/chat.ts';
import { closeIdleGuestConversations, removeUnsentMedia, runChatCleanup } from '../../src/server/chat/cleanup.ts';
import { chatConversations, chatGuests, chatMedia, chatMessages } from '../../src/server/db/schema.ts';
import {
  CHAT_CLEANUP_INTERVAL_MS,
  CHAT_GUEST_IDLE_MS,
  CHAT_GUEST_TOKEN_LIFETIME_MS,
  CHAT_UNSENT_MEDIA_MAX_BYTES,
  CHAT_UNSENT_MEDIA_TTL_MS,
} from '../../src/server/policy.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import type { CallOptions } from './helpers/http.ts';
import { chatCall, chatMember, grownVideo, mediaMessage, newGuest, pictures, send, textMessage, uploadFile, type ChatAuth } from './helpers/chat.ts';
import { operatorToken } from './helpers/operators.ts';

const MINUTE = 60_000;

async function cleanupApp() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'wallet-chat-cleanup-'));
  onTestFinished(() => rm(dataDir, { recursive: true, force: true }));
  const t = await buildTestApp({ dataDir });
  const uploads = path.join(dataDir, 'uploads');
  return { ...t, storage: t.app.uploads, files: () => readdir(path.join(uploads, 'chat')).catch(() => [] as string[]) };
}

async function sendImage(t: TestApp, auth: { token: string } | { guestToken: string }) {
  const { png } = await pictures();
  const upload = await uploadFile(t, endpoints.chatUploadImage, auth, png, { filename: 'photo.png' });
  expect(upload.statusCode, upload.body).toBe(200);
  await send(t, auth, mediaMessage(upload.json().path, 'image'));
}

describe('closing idle guest conversations', () => {
  it('never closes a guest whose token still counts: a token in its last minute still sends after a cleanup', async () => {
    // messages.ts storeCustomerMessage relies on this instead of locking the guest's row.
    const t = await cleanupApp();
    const guest = await newGuest(t);
    t.clock.advance(CHAT_GUEST_TOKEN_LIFETIME_MS - MINUTE);

    expect((await closeIdleGuestConversations(t.db, t.storage, t.clock())).closedGuests).toEqual([]);
    await send(t, { guestToken: guest.guestToken }, textMessage('just in time'));
  });

  it('closes a guest idle for 30 days: files, media rows and messages removed, token refused; a member’s conversation stays', async () => {
    const t = await cleanupApp();
    const guest = await newGuest(t);
    const member = await chatMember(t);
    await send(t, { guestToken: guest.guestToken }, textMessage('hello from a guest'));
    await sendImage(t, { guestToken: guest.guestToken });
    await sendImage(t, { token: member.token });
    expect(await t.files()).toHaveLength(2);

    t.clock.advance(CHAT_GUEST_IDLE_MS - MINUTE);
    expect(await closeIdleGuestConversations(t.db, t.storage, t.clock())).toEqual({ closedGuests: [], removedFiles: 0, removedMessages: 0 });
    t.clock.advance(2 * MINUTE);
    const result = await closeIdleGuestConversations(t.db, t.storage, t.clock());

    expect(result).toEqual({ closedGuests: [guest.guestId], removedFiles: 1, removedMessages: 2 });
    expect(await t.files()).toHaveLength(1);
    expect(await t.db.select({ key: chatMedia.key }).from(chatMedia)).toHaveLength(1);
    // The member's image message and its file stay (their session has long expired; their conversation has not).
    expect(await t.db.select({ type: chatMessages.messageType }).from(chatMessages)).toEqual([{ type: 'media' }]);
    const conversations = await t.db.select({ guestId: chatConversations.guestId, closedAt: chatConversations.closedAt }).from(chatConversations);
    expect(conversations).toEqual(
      expect.arrayContaining([
        { guestId: guest.guestId, closedAt: t.clock() },
        { guestId: null, closedAt: null },
      ]),
    );
    const refused = await chatCall(t, endpoints.chatHistory, {}, { guestToken: guest.guestToken });
    expect([refused.statusCode, refused.json()]).toEqual([401, { message: 'CHAT_GUEST_INVALID' }]);
    // A second run finds nothing more to do.
    expect(await closeIdleGuestConversations(t.db, t.storage, t.clock())).toEqual({ closedGuests: [], removedFiles: 0, removedMessages: 0 });
  });

  it('counts idleness from the last message and from the last visit (a renewed token)', async () => {
    const t = await cleanupApp();
    const writer = await newGuest(t);
    const visitor = await newGuest(t);
    const silent = await newGuest(t);
    await send(t, { guestToken: visitor.guestToken }, textMessage('an old message'));
    t.clock.advance(20 * 24 * 60 * MINUTE);
    await send(t, { guestToken: writer.guestToken }, textMessage('a message 20 days in'));
    await newGuest(t, { headers: { 'x-chat-guest': visitor.guestToken } });
    t.clock.advance(CHAT_GUEST_IDLE_MS - 20 * 24 * 60 * MINUTE + MINUTE);

    const result = await closeIdleGuestConversations(t.db, t.storage, t.clock());

    // The silent guest never wrote: its row is closed; it had no conversation.
    expect(result.closedGuests).toEqual([silent.guestId]);
    const open = await t.db.select({ id: chatGuests.id, closedAt: chatGuests.closedAt }).from(chatGuests);
    expect(open.filter((guest) => guest.closedAt === null).map((guest) => guest.id).sort()).toEqual([writer.guestId, visitor.guestId].sort());
  });

  it('finishes removing what a closed conversation still holds on the next run', async () => {
    const t = await cleanupApp();
    const guest = await newGuest(t);
    await sendImage(t, { guestToken: guest.guestToken });
    t.clock.advance(CHAT_GUEST_IDLE_MS + MINUTE);
    const failing = { ...t.storage, put: t.storage.put.bind(t.storage), get: t.storage.get.bind(t.storage), open: t.storage.open.bind(t.storage), remove: () => Promise.reject(new Error('disk gone')) };

    await expect(closeIdleGuestConversations(t.db, failing, t.clock())).rejects.toThrow('disk gone');
    expect(await t.db.select().from(chatMedia)).toHaveLength(1);
    expect(await t.files()).toHaveLength(1);

    expect(await closeIdleGuestConversations(t.db, t.storage, t.clock())).toEqual({ closedGuests: [], removedFiles: 1, removedMessages: 1 });
    expect(await t.files()).toEqual([]);
  });
});

/** An upload's stored key (the file is `chat/{name}` in the uploads folder). */
async function uploaded(t: TestApp, auth: ChatAuth, file: Buffer, filename: string, endpoint: Endpoint, extra: CallOptions = {}): Promise<string> {
  const response = await uploadFile(t, endpoint, auth, file, { filename }, extra);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().path;
}

const keysOf = async (t: TestApp) => (await t.db.select({ key: chatMedia.key }).from(chatMedia)).map((row) => row.key).sort();
const namesOf = (keys: string[]) => keys.map((key) => path.basename(key)).sort();

describe('uploads never sent', () => {
  it('removes a file no message named for an hour, a member’s, a guest’s or an agent’s; a sent one and a younger one stay', async () => {
    const t = await cleanupApp();
    const { png } = await pictures();
    const member = await chatMember(t);
    const guest = await newGuest(t);
    const support = await operatorToken(t, 'support', '0800000300');
    await send(t, { guestToken: guest.guestToken }, textMessage('hello'));
    const [guestConversation] = await t.db.select({ id: chatConversations.id }).from(chatConversations);
    const sent = await uploaded(t, { token: member.token }, png, 'sent.png', endpoints.chatUploadImage);
    await send(t, { token: member.token }, mediaMessage(sent, 'image'));
    const unsent = [
      await uploaded(t, { token: member.token }, png, 'member.png', endpoints.chatUploadImage),
      await uploaded(t, { guestToken: guest.guestToken }, png, 'guest.png', endpoints.chatUploadImage),
      await uploaded(t, { token: support }, png, 'agent.png', endpoints.opsChatUploadImage, { params: { id: String(guestConversation!.id) } }),
    ];
    t.clock.advance(CHAT_UNSENT_MEDIA_TTL_MS - MINUTE);
    const young = await uploaded(t, { guestToken: guest.guestToken }, png, 'young.png', endpoints.chatUploadImage);
    expect(await removeUnsentMedia(t.db, t.storage, t.clock())).toBe(0);
    expect(await t.files()).toHaveLength(5);
    t.clock.advance(2 * MINUTE);

    // The hourly run (app.ts) does it beside closing idle guests.
    expect(await runChatCleanup(t.db, t.storage, t.clock())).toEqual({ closedGuests: [], removedFiles: 0, removedMessages: 0, removedUnsent: 3 });

    expect((await t.files()).sort()).toEqual(namesOf([sent, young]));
    expect(await keysOf(t)).toEqual([sent, young].sort());
    // A message naming a removed file is refused; the younger file can still be sent, and then stays.
    const late = await chatCall(t, endpoints.chatSendMessage, mediaMessage(unsent[0]!, 'image'), { token: member.token });
    expect([late.statusCode, late.json()]).toEqual([400, { message: 'KEY_INVALID' }]);
    await send(t, { guestToken: guest.guestToken }, mediaMessage(young, 'image'));
    t.clock.advance(CHAT_UNSENT_MEDIA_TTL_MS);
    expect(await removeUnsentMedia(t.db, t.storage, t.clock())).toBe(0);
    expect((await t.files()).sort()).toEqual(namesOf([sent, young]));
  });

  it(`refuses an upload past ${CHAT_UNSENT_MEDIA_MAX_BYTES / 2 ** 20} MB unsent in a conversation with 429 and Retry-After, storing nothing; sending frees room`, async () => {
    const t = await cleanupApp();
    const { png } = await pictures();
    const guest = await newGuest(t);
    const member = await chatMember(t);
    const support = await operatorToken(t, 'support', '0800000300');
    // A member's (a guest's videos are smaller, and its day's quota below this one: docs/decisions/0144-connections-and-chat-storage.md).
    const auth = { token: member.token };
    const size = CHAT_UNSENT_MEDIA_MAX_BYTES / 3;
    expect(size).toBeLessThanOrEqual(CHAT_VIDEO_MAX_BYTES);
    const videos = [];
    for (let i = 0; i < 3; i += 1) videos.push(await uploaded(t, auth, grownVideo(size), `clip-${i}.mp4`, endpoints.chatUploadVideo));
    const [conversation] = await t.db.select({ id: chatConversations.id }).from(chatConversations);

    const refused = await uploadFile(t, endpoints.chatUploadImage, auth, png, { filename: 'one-byte-too-many.png' });
    expect([refused.statusCode, refused.json()]).toEqual([429, { message: 'REQUEST_LIMIT' }]);
    // By then the cleanup has removed the oldest unsent file.
    expect(Number(refused.headers['retry-after'])).toBe((CHAT_UNSENT_MEDIA_TTL_MS + CHAT_CLEANUP_INTERVAL_MS) / 1000);
    // The conversation's quota holds for its agents' uploads too.
    const agent = await uploadFile(t, endpoints.opsChatUploadImage, { token: support }, png, { filename: 'promo.png' }, { params: { id: String(conversation!.id) } });
    expect([agent.statusCode, agent.json()]).toEqual([429, { message: 'REQUEST_LIMIT' }]);
    expect((await t.files()).sort()).toEqual(namesOf(videos));
    expect(await keysOf(t)).toEqual([...videos].sort());

    // Another conversation is not held back; sending a file frees its bytes.
    await uploaded(t, { guestToken: guest.guestToken }, png, 'mine.png', endpoints.chatUploadImage);
    await send(t, auth, mediaMessage(videos[0]!, 'video'));
    await uploaded(t, auth, png, 'now-it-fits.png', endpoints.chatUploadImage);
  });
});
