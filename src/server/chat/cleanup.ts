/**
 * Guest conversations do not live for ever (issue 14: a guest conversation
 * idle for 30 days is closed and its media removed). Each run closes the
 * guests with no visit and no message for CHAT_GUEST_IDLE_MS (their tokens
 * are refused from then on) and their conversations, then removes what the
 * closed conversations still hold: each media file before its row, then
 * the messages. A run that stops half-way leaves closed conversations the
 * next run finishes; two processes running it at once remove the same
 * files twice, which is harmless. Members' conversations are kept.
 */
import type { Db } from '../db/client.ts';
import { CHAT_GUEST_IDLE_MS } from '../policy.ts';
import {
  closeConversationsOfClosedGuests,
  closeIdleGuests,
  deleteMedia,
  deleteMessagesOfClosedConversations,
  mediaOfClosedConversations,
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
