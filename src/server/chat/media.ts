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
 */
import { randomBytes } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import type { FastifyRequest } from 'fastify';
import sharp from 'sharp';
import {
  CHAT_IMAGE_EXTENSIONS,
  CHAT_IMAGE_MAX_BYTES,
  CHAT_UPLOAD_FIELD,
  CHAT_VIDEO_EXTENSIONS,
  CHAT_VIDEO_MAX_BYTES,
  type FileType,
} from '../../contract/chat.ts';
import type { Queryable } from '../db/client.ts';
import { ApiError } from '../errors.ts';
import { CHAT_IMAGE_MAX_PIXELS, CHAT_IMAGE_MAX_SIDE, CHAT_MEDIA_LINK_LIFETIME_MS } from '../policy.ts';
import { insertMedia } from '../repositories/chat.ts';
import { signedUrl } from '../storage/signed-urls.ts';
import type { FileStorage } from '../storage/storage.ts';

export type UploadKind = 'image' | 'video';

/** The folder (storage area) of chat files: the files route serves it by signed link. */
export const CHAT_AREA = 'chat';

/**
 * A link to a stored chat file that works for CHAT_MEDIA_LINK_LIFETIME_MS:
 * signed with the uploads' link secret (SLIP_URL_SECRET), served by
 * routes/files.ts. Only the conversation's participants are given one.
 */
export function chatMediaLink(linkSecret: string, key: string, now: Date): string {
  return signedUrl(linkSecret, key, new Date(now.getTime() + CHAT_MEDIA_LINK_LIFETIME_MS));
}

/** What a stored chat file is served as, by its extension (the key's extension is ours, from the content). */
export const CHAT_CONTENT_TYPES: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
};

const RULES = {
  image: { extensions: CHAT_IMAGE_EXTENSIONS as readonly string[], maxBytes: CHAT_IMAGE_MAX_BYTES },
  video: { extensions: CHAT_VIDEO_EXTENSIONS as readonly string[], maxBytes: CHAT_VIDEO_MAX_BYTES },
} as const;

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
 * CHAT_FILE_TOO_LARGE past the kind's limit (reading stops there),
 * CHAT_FILE_NOT_SUPPORTED when the body cannot be read.
 */
export async function readChatUpload(request: FastifyRequest, kind: UploadKind): Promise<ChatUpload> {
  if (!request.isMultipart()) throw new ApiError(400, 'CHAT_NO_FILE');
  try {
    const part = await request.file({ limits: { fileSize: RULES[kind].maxBytes, files: 1, fields: 10, fieldSize: 1024, parts: 12 } });
    if (!part || part.fieldname !== CHAT_UPLOAD_FIELD) throw new ApiError(400, 'CHAT_NO_FILE');
    // Throws once the part passes fileSize: nothing past the limit is kept.
    return { bytes: await part.toBuffer(), filename: part.filename };
  } catch (error) {
    if (error instanceof ApiError) throw error;
    request.log.info({ err: error }, 'chat upload refused');
    if (error instanceof Error && (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new ApiError(413, 'CHAT_FILE_TOO_LARGE');
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

function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot > 0 ? filename.slice(dot + 1).toLowerCase() : '';
}

async function reencodeImage(bytes: Buffer, format: string): Promise<Buffer> {
  try {
    if (format === 'gif') {
      // Every frame, resized together; the animation and its delays stay.
      return await sharp(bytes, { animated: true, limitInputPixels: CHAT_IMAGE_MAX_PIXELS, failOn: 'error' })
        .resize({ width: CHAT_IMAGE_MAX_SIDE, height: CHAT_IMAGE_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
        .gif()
        .toBuffer();
    }
    const picture = sharp(bytes, { limitInputPixels: CHAT_IMAGE_MAX_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: CHAT_IMAGE_MAX_SIDE, height: CHAT_IMAGE_MAX_SIDE, fit: 'inside', withoutEnlargement: true });
    return await (format === 'png' ? picture.png() : picture.jpeg({ quality: 85 })).toBuffer();
  } catch (error) {
    return notSupported(`cannot decode: ${(error as Error).message}`);
  }
}

/** Checks an upload by its name's extension and its content, which must be what the extension says; what to store. NotChatMedia otherwise. */
export async function checkChatMedia(kind: UploadKind, { bytes, filename }: ChatUpload): Promise<CheckedMedia> {
  const named = extensionOf(filename);
  const content = RULES[kind].extensions.includes(named) ? CONTENT_OF[named] : undefined;
  if (!content) return notSupported(`name ${JSON.stringify(filename)}`);
  const mime = (await fileTypeFromBuffer(bytes))?.mime ?? 'unknown';
  if (!content.mimes.includes(mime)) notSupported(`${named} whose content is ${mime}`);
  if (kind === 'image') return { fileType: 'image', stored: await reencodeImage(bytes, content.stored), extension: content.stored };
  return { fileType: 'video', stored: bytes, extension: content.stored };
}

/** Stores a checked file for a conversation: the file first, then its row (a row never names a missing file). */
export async function storeChatMedia(db: Queryable, storage: FileStorage, conversationId: number, media: CheckedMedia, now: Date): Promise<string> {
  const key = `${CHAT_AREA}/${randomBytes(18).toString('base64url')}.${media.extension}`;
  await storage.put(key, media.stored);
  try {
    await insertMedia(db, { key, conversationId, fileType: media.fileType, bytes: media.stored.length, createdAt: now });
  } catch (error) {
    await storage.remove(key);
    throw error;
  }
  return key;
}

/** The request's file, read and checked: what to store, or the refusal's ApiError (the reason goes to the log). */
export async function receiveChatUpload(request: FastifyRequest, kind: UploadKind): Promise<CheckedMedia> {
  const file = await readChatUpload(request, kind);
  try {
    return await checkChatMedia(kind, file);
  } catch (error) {
    if (!(error instanceof NotChatMedia)) throw error;
    request.log.info({ reason: error.message }, 'chat upload refused');
    throw new ApiError(400, 'CHAT_FILE_NOT_SUPPORTED');
  }
}
