/**
 * The chat's client-side rules (spec 5 chat text and attachment rules): what
 * the widget refuses before anything is sent, with the same codes the server
 * answers (CHAT_TEXT_INVALID, CHAT_FILE_NOT_SUPPORTED, CHAT_FILE_TOO_LARGE).
 * The server still checks every upload by its content; this only spares the
 * member an upload that would be refused, and says why at once.
 */
import {
  CHAT_IMAGE_EXTENSIONS,
  CHAT_IMAGE_MAX_BYTES,
  CHAT_TEXT_MAX,
  CHAT_VIDEO_EXTENSIONS,
  CHAT_VIDEO_MAX_BYTES,
} from '../chat.ts';

/** What a customer can attach: an image or a video (a 'file' message only comes from an agent). */
export type ChatAttachmentType = 'image' | 'video';

export type ChatFileRefusal =
  | { code: 'CHAT_FILE_NOT_SUPPORTED' }
  /** spec 5: 'The file is too large. Please select file no larger than N MB.': N is `limitMb`. */
  | { code: 'CHAT_FILE_TOO_LARGE'; limitMb: number };

const MB = 1024 * 1024;

/** The file name's extension, lower case; '' when it has none ("photo", ".hidden", "photo."). */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : '';
}

/** The message type a file is sent as, from its extension (spec 5: a file needs one); null when it is not one the chat takes. */
export function chatAttachmentType(name: string): ChatAttachmentType | null {
  const extension = fileExtension(name);
  if ((CHAT_IMAGE_EXTENSIONS as readonly string[]).includes(extension)) return 'image';
  if ((CHAT_VIDEO_EXTENSIONS as readonly string[]).includes(extension)) return 'video';
  return null;
}

/** The largest file of a type, in bytes: an image 10 MB, a video 20 MB (spec 9). */
export function chatAttachmentLimit(type: ChatAttachmentType): number {
  return type === 'image' ? CHAT_IMAGE_MAX_BYTES : CHAT_VIDEO_MAX_BYTES;
}

/** Why a file cannot be attached (spec 5), or null when it can. */
export function chatFileRefusal(file: { name: string; size: number }): ChatFileRefusal | null {
  const type = chatAttachmentType(file.name);
  if (type === null) return { code: 'CHAT_FILE_NOT_SUPPORTED' };
  const limit = chatAttachmentLimit(type);
  return file.size > limit ? { code: 'CHAT_FILE_TOO_LARGE', limitMb: limit / MB } : null;
}

/** spec 5: text is trimmed, not empty, at most 2,000 characters; CHAT_TEXT_INVALID otherwise. */
export function chatTextRefusal(text: string): 'CHAT_TEXT_INVALID' | null {
  const trimmed = text.trim();
  return trimmed.length === 0 || trimmed.length > CHAT_TEXT_MAX ? 'CHAT_TEXT_INVALID' : null;
}
