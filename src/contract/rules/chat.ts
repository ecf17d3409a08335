/**
 * The chat's input rules (spec 5 chat rules; spec 3 button and generic
 * card), in one place for the three that apply them: the contract's schemas
 * (src/contract/chat.ts, hence the server), the widget and the agent inbox
 * (its composer and its builders of buttons and cards).
 * Each rule is a pure function answering the catalogue code the server
 * answers, or null when the input passes; the schemas are built from them,
 * so the two sides cannot drift apart.
 *
 * Files: the server still checks every upload by its content
 * (src/server/chat/media.ts); the rule here only spares an upload the server
 * would refuse, and says why at once, with the server's code: a file of no
 * supported kind, or with nothing in it, CHAT_FILE_NOT_SUPPORTED; a file past
 * its kind's limit CHAT_FILE_TOO_LARGE. (CHAT_NO_FILE is the server's answer
 * to a request with no file at all, which a picked file never is.)
 *
 * Links: whoever writes an agent's message (an agent's tool, or whoever
 * stole an agent's session) chooses its addresses. A `javascript:` or
 * `data:` address is refused before it is stored, and the views show only
 * what passes the display rules below.
 */

// ---------------------------------------------------------------- limits (spec 5, spec 9)

/** Text messages: trimmed, 1..2000 characters. */
export const CHAT_TEXT_MAX = 2000;
/** A button's, a card's and a canned reply's title: trimmed, 1..80 characters. */
export const CHAT_TITLE_MAX = 80;
export const CHAT_SUBTITLE_MAX = 300;
/** A button's payload and a card's image address. */
export const CHAT_PAYLOAD_MAX = 1000;
/** Buttons under one message (spec 3: up to 3, shown under its text). */
export const CHAT_BUTTONS_MAX = 3;
/** Quick replies offered by one message (spec 3: up to 10 chips the customer taps once). */
export const CHAT_QUICK_REPLIES_MAX = 10;
export const CHAT_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const CHAT_VIDEO_MAX_BYTES = 20 * 1024 * 1024;
/**
 * A guest's video (no account, no phone: anyone can be one) is smaller:
 * a short clip of a screen; past it the server answers 413
 * CHAT_GUEST_VIDEO_TOO_LARGE, which says a member may send more.
 */
export const CHAT_GUEST_VIDEO_MAX_BYTES = 5 * 1024 * 1024;
/** The same limit in MB, as the messages name it. */
export const CHAT_GUEST_VIDEO_MAX_MB = CHAT_GUEST_VIDEO_MAX_BYTES / (1024 * 1024);
export const CHAT_IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif'] as const;
export const CHAT_VIDEO_EXTENSIONS = ['mov', 'mp4'] as const;
/** What the file pickers offer (an `accept` attribute); the rule below checks the name and size again. */
export const CHAT_FILE_ACCEPT = [...CHAT_IMAGE_EXTENSIONS, ...CHAT_VIDEO_EXTENSIONS].map((extension) => `.${extension}`).join(',');

// ---------------------------------------------------------------- text

/** spec 5: text is trimmed, not empty, at most 2,000 characters; CHAT_TEXT_INVALID otherwise. */
export function chatTextRefusal(text: string): 'CHAT_TEXT_INVALID' | null {
  const trimmed = text.trim();
  return trimmed.length === 0 || trimmed.length > CHAT_TEXT_MAX ? 'CHAT_TEXT_INVALID' : null;
}

/** A title (a button's, a card's, a canned reply's) is trimmed, not empty, at most 80 characters; KEY_INVALID otherwise, as any bad field. */
export function chatTitleRefusal(title: string): 'KEY_INVALID' | null {
  const trimmed = title.trim();
  return trimmed.length === 0 || trimmed.length > CHAT_TITLE_MAX ? 'KEY_INVALID' : null;
}

/** A canned reply: its title, then its text, in the order the server checks them (so the first refusal is the server's). */
export function cannedReplyRefusal(reply: { title: string; text: string }): 'KEY_INVALID' | 'CHAT_TEXT_INVALID' | null {
  return chatTitleRefusal(reply.title) ?? chatTextRefusal(reply.text);
}

// ---------------------------------------------------------------- files

/** What a chat file is sent as: an image or a video (a 'file' message only comes from an agent's tool). */
export type ChatAttachmentType = 'image' | 'video';

export type ChatFileRefusal =
  | { code: 'CHAT_FILE_NOT_SUPPORTED' }
  /** spec 5: 'The file is too large. Please select file no larger than N MB.': N is `limitMb`. */
  | { code: 'CHAT_FILE_TOO_LARGE'; limitMb: number }
  /** A guest's video past CHAT_GUEST_VIDEO_MAX_BYTES (the server answers 413 with this code): a member may send more. */
  | { code: 'CHAT_GUEST_VIDEO_TOO_LARGE'; limitMb: number };

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

/**
 * The largest file of a type a sender may send, in bytes, and the refusal
 * past it: a guest's video has the guest's limit (CHAT_GUEST_VIDEO_MAX_BYTES,
 * CHAT_GUEST_VIDEO_TOO_LARGE), anything else the type's (CHAT_FILE_TOO_LARGE).
 * The server stops reading an upload there (src/server/chat/media.ts) and
 * answers 413 with the refusal's code, whatever the file's size beyond.
 */
export function chatFileLimit(type: ChatAttachmentType, { guest = false }: { guest?: boolean } = {}): { bytes: number; refusal: Exclude<ChatFileRefusal, { code: 'CHAT_FILE_NOT_SUPPORTED' }> } {
  if (guest && type === 'video') return { bytes: CHAT_GUEST_VIDEO_MAX_BYTES, refusal: { code: 'CHAT_GUEST_VIDEO_TOO_LARGE', limitMb: CHAT_GUEST_VIDEO_MAX_MB } };
  const bytes = chatAttachmentLimit(type);
  return { bytes, refusal: { code: 'CHAT_FILE_TOO_LARGE', limitMb: bytes / MB } };
}

/**
 * Why a file cannot be sent (spec 5), or null when it can. An empty file
 * is no picture or film: the server, which reads the content, refuses it
 * as not supported, and so does this. Past its limit (chatFileLimit, a
 * guest's video its own), the limit's refusal.
 */
export function chatFileRefusal(file: { name: string; size: number }, { guest = false }: { guest?: boolean } = {}): ChatFileRefusal | null {
  const type = chatAttachmentType(file.name);
  if (type === null || file.size === 0) return { code: 'CHAT_FILE_NOT_SUPPORTED' };
  const limit = chatFileLimit(type, { guest });
  return file.size > limit.bytes ? limit.refusal : null;
}

// ---------------------------------------------------------------- links

/** The address parsed (as the browser would: tabs and line breaks dropped, case folded), against `base` when given; null when it is none. */
function parsed(address: string, base?: string): URL | null {
  try {
    return new URL(address, base);
  } catch {
    return null;
  }
}

const isHttp = (url: URL) => url.protocol === 'https:' || url.protocol === 'http:';

/**
 * What a web button opens (spec 3: an http(s) address, in a new tab):
 * an absolute http(s) address, normalised; null for anything else
 * (`javascript:`, `data:`, a path, `//host/x`). The contract refuses a web
 * button whose payload has none.
 */
export function webButtonUrl(payload: string): string | null {
  const url = parsed(payload.trim());
  return url && isHttp(url) ? url.href : null;
}

/** A `tel:` address for a call button: a phone number (digits, an optional leading +, * and #); null otherwise. */
export function callButtonHref(payload: string): string | null {
  const number = payload.replace(/[\s().-]/g, '');
  return /^\+?[0-9*#]{3,20}$/.test(number) ? `tel:${number}` : null;
}

/** Any origin will do to tell a path of this site from an address elsewhere. */
const SOME_ORIGIN = 'https://this-site.invalid';

/**
 * A card's image address (spec 3 generic card) may be empty, an absolute
 * http(s) address, or a path on this site: one leading "/" ("//host/x" and
 * "/\host/x" are another site's). KEY_INVALID otherwise. Where an image
 * of another site may show is the view's call (mediaUrl), not storage's.
 */
export function cardImageRefusal(address: string): 'KEY_INVALID' | null {
  if (address === '' || webButtonUrl(address) !== null) return null;
  const url = address.startsWith('/') && !address.startsWith('//') ? parsed(address, SOME_ORIGIN) : null;
  return url?.origin === SOME_ORIGIN ? null : 'KEY_INVALID';
}

/**
 * What an img, video or file link may load (media, a card's image): an
 * address of `origin`, as a path (the page's Content-Security-Policy loads
 * images and videos from this origin only), or a blob: of `origin` (the
 * widget's preview of a file being uploaded); null otherwise. A path that
 * would start with "//" is refused: the browser reads it as another host.
 */
export function mediaUrl(address: string, origin: string): string | null {
  if (address.startsWith('blob:')) return parsed(address)?.origin === origin ? address : null;
  const url = parsed(address, origin);
  if (!url || url.origin !== origin || !isHttp(url) || url.pathname.startsWith('//')) return null;
  return url.pathname + url.search;
}

// ---------------------------------------------------------------- what an agent builds

/** Cards in one carousel an agent builds (spec 3 generic card, kept simple: the contract stores up to 10). */
export const CHAT_BUILT_CARDS_MAX = 3;

/** A field of a built button or card that is refused, with the code the server answers a bad field with. */
export interface BuiltRefusal<Field extends string> {
  field: Field;
  code: 'KEY_INVALID';
}

/**
 * A button an agent builds (spec 3 button): its title, then what it does.
 * A web button opens an http(s) address, a call button dials a phone
 * number, a postback sends a value back; a text button sends its title.
 * Stricter than what is stored where the widget could not act on it (a
 * call button's number, a postback's empty value), so the agent learns it
 * while writing. Null when it passes.
 */
export function chatButtonRefusal(button: { type: string; title: string; payload: string }): BuiltRefusal<'title' | 'payload'> | null {
  if (chatTitleRefusal(button.title) !== null) return { field: 'title', code: 'KEY_INVALID' };
  const payload = button.payload;
  const acts =
    button.type === 'web'
      ? webButtonUrl(payload) !== null
      : button.type === 'call'
        ? callButtonHref(payload) !== null
        : button.type === 'postback'
          ? payload.trim() !== '' && payload.length <= CHAT_PAYLOAD_MAX
          : true;
  return acts ? null : { field: 'payload', code: 'KEY_INVALID' };
}

/**
 * A card an agent builds (spec 3 generic card): a title, a subtitle within
 * its length, an image that shows in the widget (which loads images from
 * this site only: `origin`, the inbox's, the same site the widget runs on)
 * or none, and a button that passes chatButtonRefusal or none. Null when it
 * passes.
 */
export function chatCardRefusal(
  card: { title: string; subtitle: string; imageUrl: string; button: { type: string; title: string; payload: string } | null },
  origin: string,
): BuiltRefusal<'title' | 'subtitle' | 'image' | 'button'> | null {
  if (chatTitleRefusal(card.title) !== null) return { field: 'title', code: 'KEY_INVALID' };
  if (card.subtitle.trim().length > CHAT_SUBTITLE_MAX) return { field: 'subtitle', code: 'KEY_INVALID' };
  if (card.imageUrl.trim() !== '' && mediaUrl(card.imageUrl.trim(), origin) === null) return { field: 'image', code: 'KEY_INVALID' };
  if (card.button && chatButtonRefusal(card.button) !== null) return { field: 'button', code: 'KEY_INVALID' };
  return null;
}
