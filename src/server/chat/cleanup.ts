/**
 * The chat's hourly cleanup (runChatCleanup), in two parts.
 *
 * Guest conversations do not live for ever (docs/decisions/0104-live-chat.md:
 * a guest conversation idle for 30 days is closed and its media removed). Each run closes the
 * guests with no visit and no message for CHAT_GUEST_IDLE_MS (their tokens
 * are refused from then on) and their conversations, then removes what the
 * closed conversations still hold: each media file before its row, then
 * the messages. A run that stops half-way leaves closed conversations the
 * next run finishes; two processes running it at once remove the same
 * files twice, which is harmless. Members' conversations are kept.
 *
 * Uploads no message names do not live either: anyone may upload files and
 * never send them, so files no message has named for
 * CHAT_UNSENT_MEDIA_TTL_MS are removed, customers' and agents', members'
 * and guests', each file before its row. Each conversation is done under
 * its lock (repositories/chat.ts lockConversation): a message naming a file
 * is either committed first, and the file stays, or written after, and is
 * refused because the file is gone.
 */
import type { Db } from '../db/client.ts';
import { CHAT_GUEST_IDLE_MS, CHAT_UNSENT_MEDIA_TTL_MS } from '../policy.ts';
import {
  closeConversationsOfClosedGuests,
  closeIdleGuests,
  conversationsWithUnsentMedia,
  deleteMedia,
  deleteMessagesOfClosedConversations,
  lockConversation,
  mediaOfClosedConversations,
  unsentMediaOf,
} from '../repositories/chat.ts';
import type { FileStorage } from '../storage/storage.ts';

const MEDIA_BATCH = 200;

export interface CleanupResult {
  closedGuests: string[];
  removedFiles: number;
  removedMessages: number;
}

export async function closeIdleGuestConversations(db: Db, storage: FileStorage, now: Date): Promise<CleanupResult> {
  const closedGuests = await db.transaction(async (tx) => {
    const closed = await closeIdleGuests(tx, new Date(now.getTime() - CHAT_GUEST_IDLE_MS), now);
    await closeConversationsOfClosedGuests(tx, now);
    return closed;
  });
  let removedFiles = 0;
  for (;;) {
    const keys = await mediaOfClosedConversations(db, MEDIA_BATCH);
    if (keys.length === 0) break;
    for (const key of keys) await storage.remove(key);
    await deleteMedia(db, keys);
    removedFiles += keys.length;
  }
  const removedMessages = await deleteMessagesOfClosedConversations(db);
  return { closedGuests, removedFiles, removedMessages };
}

/**
 * Removes uploads no message has named for CHAT_UNSENT_MEDIA_TTL_MS; how
 * many. A conversation whose file was sent while it waited for the lock
 * has nothing left to remove and is not found again.
 */
export async function removeUnsentMedia(db: Db, storage: FileStorage, now: Date): Promise<number> {
  const before = new Date(now.getTime() - CHAT_UNSENT_MEDIA_TTL_MS);
  let removed = 0;
  for (;;) {
    const conversations = await conversationsWithUnsentMedia(db, before, MEDIA_BATCH);
    if (conversations.length === 0) break;
    for (const id of conversations) {
      removed += await db.transaction(async (tx) => {
        await lockConversation(tx, id);
        const keys = await unsentMediaOf(tx, id, before, MEDIA_BATCH);
        for (const key of keys) await storage.remove(key);
        await deleteMedia(tx, keys);
        return keys.length;
      });
    }
  }
  return removed;
}

/** What the hourly clean-up-chat job runs (jobs.ts). */
export async function runChatCleanup(db: Db, storage: FileStorage, now: Date): Promise<CleanupResult & { removedUnsent: number }> {
  const closed = await closeIdleGuestConversations(db, storage, now);
  return { ...closed, removedUnsent: await removeUnsentMedia(db, storage, now) };
}
