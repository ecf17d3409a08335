/**
 * Chat uploads (spec 5 chat attachments; spec 7 /api/chat/upload-image,
 * /upload-video): the file must carry an extension of its kind AND its
 * bytes must be such a file (file-type reads the magic bytes), whatever the
 * name or declared type says. Images are decoded and re-encoded with sharp
 * as slips are (no byte of the upload is kept: metadata, trailing data and
 * polyglot payloads go; a GIF stays an animated GIF); videos are kept as
 * sent once their container is checked (re-encoding video costs seconds of
 * CPU per upload). Stored under `chat/{random}.{ext}`, with a chat_media
 * row naming the conversation allowed to send it.
 *
 * Re-encoding is the costly part of an upload, so it is bounded: a GIF's
 * frames and pixels are read from its header and refused past
 * CHAT_GIF_MAX_FRAMES / CHAT_GIF_MAX_PIXELS before any decoding, and the
 * limits every uploaded image takes apply (../images/decode.ts: a JPEG of
 * too many scans refused unread, a time limit, one decode at a time in the
 * chat's queue, apart from the slips').
 */
import { randomBytes } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import type { FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { CHAT_UPLOAD_FIELD, type FileType } from '../../contract/chat.ts';
import { chatAttachmentType, chatFileLimit, fileExtension } from '../../contract/rules/chat.ts';
import type { Queryable } from '../db/client.ts';
import { ApiError } from '../errors.ts';
import { decodeRefusal, imageWork, openUpload } from '../images/decode.ts';
import { CHAT_GIF_MAX_FRAMES, CHAT_GIF_MAX_PIXELS, CHAT_IMAGE_MAX_PIXELS, CHAT_IMAGE_MAX_SIDE, CHAT_MEDIA_LINK_LIFETIME_MS } from '../policy.ts';
import { insertMedia } from '../repositories/chat.ts';
import { unplayableVideo } from './media-video.ts';
import { signedUrl } from '../storage/signed-urls.ts';
import type { FileStorage } from '../storage/storage.ts';

export type UploadKind = 'image' | 'video';

/** The folder (storage area) of chat files: the files route serves it by signed link. */
export const CHAT_AREA = 'chat';

/**
 * A link to a stored chat file that works for CHAT_MEDIA_LINK_LIFETIME_MS:
 * signed with the secret of every stored file's link (FILE_LINK_SECRET,
 * slips' too), served by routes/files.ts. Only the conversation's
 * participants are given one.
 */
export function chatMediaLink(fileLinkSecret: string, key: string, now: Date): string {
  return signedUrl(fileLinkSecret, key, new Date(now.getTime() + CHAT_MEDIA_LINK_LIFETIME_MS));
}

/** What a stored chat file is served as, by its extension (the key's extension is ours, from the content). */
export const CHAT_CONTENT_TYPES: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
};

/**
 * What the content must be for each extension (file-type's reading of the
 * magic bytes), and the extension it is stored under. file-type names an
 * MP4 by its brand: isom/mp42 are video/mp4, M4V is video/x-m4v; both are
 * MP4 containers.
 */
const CONTENT_OF: Record<string, { mimes: readonly string[]; stored: string }> = {
  png: { mimes: ['image/png'], stored: 'png' },
  jpg: { mimes: ['image/jpeg'], stored: 'jpg' },
  jpeg: { mimes: ['image/jpeg'], stored: 'jpg' },
  gif: { mimes: ['image/gif'], stored: 'gif' },
  mp4: { mimes: ['video/mp4', 'video/x-m4v'], stored: 'mp4' },
  mov: { mimes: ['video/quicktime'], stored: 'mov' },
};

export interface ChatUpload {
  bytes: Buffer;
  filename: string;
}

/**
 * The one file of a multipart body: CHAT_NO_FILE without one,
 * CHAT_FILE_TOO_LARGE past the kind's limit (reading stops there; a
 * guest's video: CHAT_GUEST_VIDEO_TOO_LARGE past its own),
 * CHAT_FILE_NOT_SUPPORTED when the body cannot be read.
 */
export async function readChatUpload(request: FastifyRequest, kind: UploadKind, guest = false): Promise<ChatUpload> {
  if (!request.isMultipart()) throw new ApiError(400, 'CHAT_NO_FILE');
  // The contract's limit (a guest's video is smaller), and the refusal the answer names past it.
  const limit = chatFileLimit(kind, { guest });
  try {
    const part = await request.file({ limits: { fileSize: limit.bytes, files: 1, fields: 10, fieldSize: 1024, parts: 12 } });
    if (!part || part.fieldname !== CHAT_UPLOAD_FIELD) throw new ApiError(400, 'CHAT_NO_FILE');
    // Throws once the part passes fileSize: nothing past the limit is kept.
    return { bytes: await part.toBuffer(), filename: part.filename };
  } catch (error) {
    if (error instanceof ApiError) throw error;
    request.log.info({ err: error }, 'chat upload refused');
    if (error instanceof Error && (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new ApiError(413, limit.refusal.code);
    throw new ApiError(400, 'CHAT_FILE_NOT_SUPPORTED');
  }
}

export interface CheckedMedia {
  fileType: FileType;
  /** What is stored: the re-encoded image, or the video as sent. */
  stored: Buffer;
  extension: string;
}

/** The upload is not a file of the kind asked for (CHAT_FILE_NOT_SUPPORTED); the message says why, for the log. */
export class NotChatMedia extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'NotChatMedia';
  }
}

function notSupported(reason: string): never {
  throw new NotChatMedia(reason);
}

/**
 * Refuses a GIF whose re-encoding would cost too much, from its header
 * alone: every frame is decoded at the GIF's full width × height and
 * quantised again, so the cost grows with frames × those pixels (sharp's
 * pixel limit is the looser CHAT_IMAGE_MAX_PIXELS).
 */
async function checkGifCost(bytes: Buffer): Promise<void> {
  let frames: number;
  let framePixels: number;
  try {
    const { pages = 1, width = 0, height = 0, pageHeight = height } = await sharp(bytes, { animated: true }).metadata();
    frames = pages;
    framePixels = width * pageHeight;
  } catch (error) {
    return notSupported(`cannot read: ${(error as Error).message}`);
  }
  if (frames > CHAT_GIF_MAX_FRAMES) notSupported(`GIF of ${frames} frames`);
  if (frames * framePixels > CHAT_GIF_MAX_PIXELS) notSupported(`GIF of ${frames} frames of ${framePixels} pixels`);
}

async function reencodeImage(bytes: Buffer, format: string): Promise<Buffer> {
  try {
    if (format === 'gif') {
      // Every frame, resized together; the animation and its delays stay.
      return await openUpload(bytes, { maxPixels: CHAT_IMAGE_MAX_PIXELS, animated: true })
        .resize({ width: CHAT_IMAGE_MAX_SIDE, height: CHAT_IMAGE_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
        .gif()
        .toBuffer();
    }
    const picture = openUpload(bytes, { maxPixels: CHAT_IMAGE_MAX_PIXELS })
      .rotate()
      .resize({ width: CHAT_IMAGE_MAX_SIDE, height: CHAT_IMAGE_MAX_SIDE, fit: 'inside', withoutEnlargement: true });
    return await (format === 'png' ? picture.png() : picture.jpeg({ quality: 85 })).toBuffer();
  } catch (error) {
    return notSupported(`cannot decode: ${(error as Error).message}`);
  }
}

/** A top-level box's type: four printable ASCII characters ('ftyp', 'moov', 'free'...), not stray bytes. */
const BOX_TYPE = /^[\x20-\x7e]{4}$/;

/**
 * Refuses a video whose container is not whole. MP4 and QuickTime files
 * are a chain of boxes (ISO/IEC 14496-12, 4.2), each starting with its
 * size, header included, in 32 bits (1: a 64-bit size follows the type;
 * 0: the box runs to the end of the file), then its four-letter type.
 * file-type reads only the first box; here the top-level chain must cover
 * the file exactly (nothing cut off, nothing appended), start with 'ftyp',
 * and hold the movie's description ('moov') and its media ('mdat'): a
 * header alone is no video.
 */
function checkVideoBoxes(bytes: Buffer): void {
  const types = new Set<string>();
  for (let offset = 0; offset < bytes.length; ) {
    const left = bytes.length - offset;
    if (left < 8) notSupported(`${left} stray bytes at ${offset}`);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    if (!BOX_TYPE.test(type)) notSupported(`no box at ${offset}`);
    if (offset === 0 && type !== 'ftyp') notSupported(`first box ${type}`);
    const declared = bytes.readUInt32BE(offset);
    let header = 8;
    let size = declared === 0 ? left : declared;
    if (declared === 1) {
      const large = left < 16 ? null : bytes.readBigUInt64BE(offset + 8);
      if (large === null || large > BigInt(left)) notSupported(`box ${type} at ${offset} of ${large ?? '?'} bytes, ${left} left`);
      header = 16;
      size = Number(large);
    }
    if (size < header || size > left) notSupported(`box ${type} at ${offset} of ${size} bytes, ${left} left`);
    types.add(type);
    offset += size;
  }
  if (!types.has('moov') || !types.has('mdat')) notSupported(`boxes ${[...types].join(',')}`);
}

/** Checks an upload by its name's extension and its content, which must be what the extension says; what to store. NotChatMedia otherwise. */
export async function checkChatMedia(kind: UploadKind, { bytes, filename }: ChatUpload): Promise<CheckedMedia> {
  // The widget's own rule (contract/rules/chat.ts) names the kind of a file by its extension; the content must agree.
  const named = fileExtension(filename);
  const content = chatAttachmentType(filename) === kind ? CONTENT_OF[named] : undefined;
  if (!content) return notSupported(`name ${JSON.stringify(filename)}`);
  const mime = (await fileTypeFromBuffer(bytes))?.mime ?? 'unknown';
  if (!content.mimes.includes(mime)) notSupported(`${named} whose content is ${mime}`);
  if (kind === 'image') {
    const refusal = decodeRefusal(bytes);
    if (refusal) notSupported(refusal);
    if (content.stored === 'gif') await checkGifCost(bytes);
    return { fileType: 'image', stored: await imageWork.chat(() => reencodeImage(bytes, content.stored)), extension: content.stored };
  }
  checkVideoBoxes(bytes);
  const unplayable = unplayableVideo(bytes);
  if (unplayable) notSupported(unplayable);
  return { fileType: 'video', stored: bytes, extension: content.stored };
}

/** Whose quotas a stored file counts in (uploads.ts): `member:{id}` or `guest:{id}`, and a guest's client address; nulls for an agent's. */
export interface MediaOwner {
  uploader: string | null;
  guestAddress: string | null;
}

/** Stores a checked file for a conversation: the file first, then its row (a row never names a missing file). */
export async function storeChatMedia(db: Queryable, storage: FileStorage, conversationId: number, media: CheckedMedia, owner: MediaOwner, now: Date): Promise<string> {
  const key = `${CHAT_AREA}/${randomBytes(18).toString('base64url')}.${media.extension}`;
  await storage.put(key, media.stored);
  try {
    await insertMedia(db, { key, conversationId, fileType: media.fileType, bytes: media.stored.length, createdAt: now, ...owner });
  } catch (error) {
    await storage.remove(key);
    throw error;
  }
  return key;
}

/** The request's file, read and checked: what to store, or the refusal's ApiError (the reason goes to the log). */
export async function receiveChatUpload(request: FastifyRequest, kind: UploadKind, guest = false): Promise<CheckedMedia> {
  const file = await readChatUpload(request, kind, guest);
  try {
    return await checkChatMedia(kind, file);
  } catch (error) {
    if (!(error instanceof NotChatMedia)) throw error;
    request.log.info({ reason: error.message }, 'chat upload refused');
    throw new ApiError(400, 'CHAT_FILE_NOT_SUPPORTED');
  }
}
