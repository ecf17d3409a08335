/**
 * The chat's cleanup (issue 14: a guest conversation idle for 30 days is
 * closed and its media removed): idleness counts from the guest's last
 * visit and last message; a closed guest's files, media rows and messages
 * go, its conversation is marked closed and its token refused. Members'
 * conversations stay. Driven by the test clock, as the hourly timer is by
 * the real one.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { endpoints } from '../../src/contract/endpoints.ts';
import { closeIdleGuestConversations } from '../../src/server/chat/cleanup.ts';
import { chatConversations, chatGuests, chatMedia, chatMessages } from '../../src/server/db/schema.ts';
import { CHAT_GUEST_IDLE_MS, CHAT_GUEST_TOKEN_LIFETIME_MS } from '../../src/server/policy.ts';
import { LocalFileStorage } from '../../src/server/storage/local.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { chatCall, chatMember, mediaMessage, newGuest, pictures, send, textMessage, uploadFile } from './helpers/chat.ts';

const MINUTE = 60_000;

async function cleanupApp() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'wallet-chat-cleanup-'));
  onTestFinished(() => rm(dataDir, { recursive: true, force: true }));
  const t = await buildTestApp({ dataDir });
  const uploads = path.join(dataDir, 'uploads');
  return { ...t, storage: new LocalFileStorage(uploads), files: () => readdir(path.join(uploads, 'chat')).catch(() => [] as string[]) };
}

async function sendImage(t: TestApp, auth: { token: string } | { guestToken: string }) {
  const { png } = await pictures();
  const upload = await uploadFile(t, endpoints.chatUploadImage, auth, png, { filename: 'photo.png' });
  expect(upload.statusCode, upload.body).toBe(200);
  await send(t, auth, mediaMessage(upload.json().path, 'image'));
}

describe('closing idle guest conversations', () => {
  it('closes only guests idle longer than any token lives, so a guest whose token counts is never closed under its message', () => {
    // messages.ts storeCustomerMessage relies on it instead of locking the guest's row.
    expect(CHAT_GUEST_TOKEN_LIFETIME_MS).toBeLessThanOrEqual(CHAT_GUEST_IDLE_MS);
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
