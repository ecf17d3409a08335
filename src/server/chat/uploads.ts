/**
 * Where a checked upload (media.ts) goes: the conversation it may be sent
 * to. A customer's is their own, created on first use (a guest's only
 * while the guest is open); an agent's is the one they answer. A closed
 * conversation takes no file. The answer is the file's key and a link to it
 * for the uploader; a media message may then name the key (messages.ts).
 *
 * Files no message names yet are held to CHAT_UNSENT_MEDIA_MAX_BYTES a
 * conversation, whoever uploaded them: without it anyone could fill the
 * disk with uploads they never send in the hour before the cleanup
 * removes them (cleanup.ts). The check and the store hold the
 * conversation's lock, so uploads at once cannot all pass the same check.
 */
import { randomUUID } from 'node:crypto';
import type { ChatUploadResponse } from '../../contract/chat.ts';
import { inTransaction } from '../db/client.ts';
import { ApiError } from '../errors.ts';
import { RateLimited } from '../limits/limits.ts';
import type { ChatCaller } from '../auth/callers.ts';
import { CHAT_CLEANUP_INTERVAL_MS, CHAT_UNSENT_MEDIA_MAX_BYTES, CHAT_UNSENT_MEDIA_TTL_MS } from '../policy.ts';
import { ensureConversation, lockConversation, touchOpenGuest, unsentMediaTotal } from '../repositories/chat.ts';
import type * as v from 'valibot';
import type { ChatContext } from './context.ts';
import { ownerOf } from './conversations.ts';
import { chatMediaLink, storeChatMedia, type CheckedMedia } from './media.ts';

type Uploaded = v.InferOutput<typeof ChatUploadResponse>;

type Place = Pick<ChatContext, 'db' | 'storage' | 'fileLinkSecret'>;

/**
 * Stores the file for conversation `id`, or refuses it: 404 NO_DATA, 409
 * CHAT_CLOSED, or 429 REQUEST_LIMIT past the quota, with a Retry-After of
 * when the cleanup removes the oldest unsent file at the latest (sending
 * the files frees the quota sooner).
 */
async function storeIn({ db, storage, fileLinkSecret }: Place, id: number, media: CheckedMedia, now: Date): Promise<Uploaded> {
  const key = await inTransaction(db, async (tx) => {
    const conversation = await lockConversation(tx, id);
    if (!conversation) throw new ApiError(404, 'NO_DATA');
    if (conversation.closedAt) throw new ApiError(409, 'CHAT_CLOSED');
    const unsent = await unsentMediaTotal(tx, id);
    if (unsent.bytes + media.stored.length > CHAT_UNSENT_MEDIA_MAX_BYTES) {
      const removedBy = (unsent.oldest ?? now).getTime() + CHAT_UNSENT_MEDIA_TTL_MS + CHAT_CLEANUP_INTERVAL_MS;
      throw new RateLimited(new Date(removedBy), now);
    }
    return storeChatMedia(tx, storage, id, media, now);
  });
  return { path: key, url: chatMediaLink(fileLinkSecret, key, now), fileType: media.fileType };
}

/** A member's or guest's file, for their own conversation. */
export async function storeCustomerUpload(place: Place, caller: ChatCaller, media: CheckedMedia, now: Date): Promise<Uploaded> {
  if (caller.kind === 'guest' && !(await touchOpenGuest(place.db, caller.guestId, now))) throw new ApiError(401, 'CHAT_GUEST_INVALID');
  const conversation = await ensureConversation(place.db, ownerOf(caller), randomUUID(), now);
  return storeIn(place, conversation.id, media, now);
}

/** An agent's file, for the conversation they answer. */
export async function storeAgentUpload(place: Place, conversationId: number, media: CheckedMedia, now: Date): Promise<Uploaded> {
  return storeIn(place, conversationId, media, now);
}
