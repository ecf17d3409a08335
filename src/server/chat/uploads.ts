/**
 * Where a checked upload (media.ts) goes: the conversation it may be sent
 * to. A customer's is their own, created on first use (a guest's only
 * while the guest is open); an agent's is the one they answer. A closed
 * conversation takes no file. The answer is the file's key and a link to it
 * for the uploader; a media message may then name the key (messages.ts).
 *
 * What a file may take on disk is bounded three ways (docs/decisions/0144-connections-and-chat-storage.md),
 * the first two checked under a lock so that uploads at once cannot all
 * pass the same check:
 *
 * - files no message names yet, CHAT_UNSENT_MEDIA_MAX_BYTES a conversation
 *   whoever uploaded them (the conversation's lock): without it anyone
 *   could fill the disk with uploads they never send in the hour before
 *   the cleanup removes them (cleanup.ts);
 * - a customer's stored bytes over a rolling day: per guest, per member,
 *   and per client address over all its guests (policy.ts
 *   DEFAULT_CHAT_MEDIA_QUOTAS; advisory locks of the uploader, then the
 *   address, after the conversation's), 429
 *   CHAT_MEDIA_QUOTA with a Retry-After of when the oldest counted file
 *   leaves the day;
 * - every chat file kept, 507 CHAT_STORAGE_FULL. Not locked: uploads at
 *   once may pass it together by a few files, which the margin below the
 *   disk's free space covers.
 */
import { randomUUID } from 'node:crypto';
import type { ChatUploadResponse } from '../../contract/chat.ts';
import { inTransaction, type Queryable } from '../db/client.ts';
import { ApiError } from '../errors.ts';
import { clientOf, RateLimited } from '../limits/limits.ts';
import type { ChatCaller } from '../auth/callers.ts';
import { CHAT_CLEANUP_INTERVAL_MS, CHAT_MEDIA_GUEST_SHARE, CHAT_MEDIA_QUOTA_WINDOW_MS, CHAT_UNSENT_MEDIA_MAX_BYTES, CHAT_UNSENT_MEDIA_TTL_MS } from '../policy.ts';
import { ensureConversation, lockConversation, lockQuota, mediaStoredInAll, mediaStoredSince, touchOpenGuest, unsentMediaTotal } from '../repositories/chat.ts';
import type * as v from 'valibot';
import type { ChatContext } from './context.ts';
import { ownerOf } from './conversations.ts';
import { chatMediaLink, storeChatMedia, type CheckedMedia, type MediaOwner } from './media.ts';

type Uploaded = v.InferOutput<typeof ChatUploadResponse>;

type Place = Pick<ChatContext, 'db' | 'storage' | 'fileLinkSecret' | 'mediaQuotas'>;

/** Refuses the file when `bytes` more would pass a day's `quota` for `by` (429 CHAT_MEDIA_QUOTA). */
async function checkDayQuota(tx: Queryable, by: { uploader: string } | { guestAddress: string }, quota: number, bytes: number, now: Date): Promise<void> {
  const since = new Date(now.getTime() - CHAT_MEDIA_QUOTA_WINDOW_MS);
  const stored = await mediaStoredSince(tx, by, since);
  if (stored.bytes + bytes <= quota) return;
  // At the earliest when the oldest counted file leaves the day (later, if it frees too little).
  throw new RateLimited(new Date((stored.oldest ?? now).getTime() + CHAT_MEDIA_QUOTA_WINDOW_MS), now, 'CHAT_MEDIA_QUOTA');
}

/**
 * Stores the file for conversation `id`, or refuses it: 404 NO_DATA, 409
 * CHAT_CLOSED, 507 CHAT_STORAGE_FULL, 429 CHAT_MEDIA_QUOTA past a day's
 * quota, or 429 REQUEST_LIMIT past the unsent quota, with a Retry-After of
 * when the cleanup removes the oldest unsent file at the latest (sending
 * the files frees the quota sooner).
 */
async function storeIn({ db, storage, fileLinkSecret, mediaQuotas }: Place, id: number, media: CheckedMedia, owner: MediaOwner, now: Date): Promise<Uploaded> {
  const bytes = media.stored.length;
  const key = await inTransaction(db, async (tx) => {
    const conversation = await lockConversation(tx, id);
    if (!conversation) throw new ApiError(404, 'NO_DATA');
    if (conversation.closedAt) throw new ApiError(409, 'CHAT_CLOSED');
    const stored = await mediaStoredInAll(tx);
    if (stored.bytes + bytes > mediaQuotas.total) throw new ApiError(507, 'CHAT_STORAGE_FULL');
    // Guests, who cost nothing to make, never take the room members' and agents' files need.
    if (owner.uploader?.startsWith('guest:') && stored.byGuests + bytes > mediaQuotas.total * CHAT_MEDIA_GUEST_SHARE) throw new ApiError(507, 'CHAT_STORAGE_FULL');
    if (owner.uploader !== null) {
      const quota = owner.uploader.startsWith('guest:') ? mediaQuotas.perGuestDay : mediaQuotas.perMemberDay;
      await lockQuota(tx, owner.uploader);
      await checkDayQuota(tx, { uploader: owner.uploader }, quota, bytes, now);
    }
    if (owner.guestAddress !== null && mediaQuotas.perGuestAddressDay !== null) {
      await lockQuota(tx, `address:${owner.guestAddress}`);
      await checkDayQuota(tx, { guestAddress: owner.guestAddress }, mediaQuotas.perGuestAddressDay, bytes, now);
    }
    const unsent = await unsentMediaTotal(tx, id);
    if (unsent.bytes + bytes > CHAT_UNSENT_MEDIA_MAX_BYTES) {
      const removedBy = (unsent.oldest ?? now).getTime() + CHAT_UNSENT_MEDIA_TTL_MS + CHAT_CLEANUP_INTERVAL_MS;
      throw new RateLimited(new Date(removedBy), now);
    }
    return storeChatMedia(tx, storage, id, media, owner, now);
  });
  return { path: key, url: chatMediaLink(fileLinkSecret, key, now), fileType: media.fileType };
}

/** A member's or guest's file, for their own conversation; `ip` is the request's client address. */
export async function storeCustomerUpload(place: Place, caller: ChatCaller, ip: string, media: CheckedMedia, now: Date): Promise<Uploaded> {
  if (caller.kind === 'guest' && !(await touchOpenGuest(place.db, caller.guestId, now))) throw new ApiError(401, 'CHAT_GUEST_INVALID');
  const conversation = await ensureConversation(place.db, ownerOf(caller), randomUUID(), now);
  const owner: MediaOwner =
    caller.kind === 'guest' ? { uploader: `guest:${caller.guestId}`, guestAddress: clientOf(ip) } : { uploader: `member:${caller.userId}`, guestAddress: null };
  return storeIn(place, conversation.id, media, owner, now);
}

/** An agent's file, for the conversation they answer (counted in the total only). */
export async function storeAgentUpload(place: Place, conversationId: number, media: CheckedMedia, now: Date): Promise<Uploaded> {
  return storeIn(place, conversationId, media, { uploader: null, guestAddress: null }, now);
}
