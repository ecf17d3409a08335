/**
 * Decoding uploaded images (slips, chat images) with sharp, bounded the
 * same way wherever it happens: a file whose cost shows in its bytes is
 * refused before sharp sees it, every decode has a pixel limit and a time
 * limit, and decodes take turns in a queue of the process, so a costly
 * file holds up image uploads, not the requests that move money.
 */
import pLimit from 'p-limit';
import sharp, { type Sharp } from 'sharp';
import { IMAGE_DECODE_TIMEOUT_SECONDS, IMAGE_DECODES_AT_ONCE, JPEG_MAX_SCANS } from '../policy.ts';
import { countJpegScans } from './jpeg-scans.ts';

/**
 * The process's queues of image decodes, one for slips and one for chat
 * images: run every sharp pipeline of an upload through its own (tests
 * hold one to see an upload wait). Anyone can upload chat images, guests
 * included, so they have a queue of their own and cannot make a member's
 * slip wait (docs/decisions/0144-connections-and-chat-storage.md). Checks
 * that need no decoding come first and do not wait here.
 */
export const imageWork = { slips: pLimit(IMAGE_DECODES_AT_ONCE), chat: pLimit(IMAGE_DECODES_AT_ONCE) } as const;

export type ImageQueue = keyof typeof imageWork;

/**
 * Why these bytes must not be decoded, read from the bytes alone, or null
 * when they may be: a JPEG of more than JPEG_MAX_SCANS scans (libjpeg
 * walks the whole image once per scan, however little a scan holds).
 */
export function decodeRefusal(bytes: Uint8Array): string | null {
  const scans = countJpegScans(bytes);
  return scans > JPEG_MAX_SCANS ? `JPEG of ${scans} scans` : null;
}

export interface DecodeLimits {
  /** Larger images are refused: a small file can unpack into gigabytes. */
  maxPixels: number;
  /** Every frame of an animation, not the first alone. */
  animated?: boolean;
}

/**
 * sharp on an uploaded file, with the limits every such decode takes: the
 * pixels, no broken or cut-off pixel data (sharp's failOn 'error'; mere
 * warnings pass), and IMAGE_DECODE_TIMEOUT_SECONDS, past which sharp's
 * promise rejects.
 */
export function openUpload(bytes: Buffer, { maxPixels, animated = false }: DecodeLimits): Sharp {
  return sharp(bytes, { limitInputPixels: maxPixels, failOn: 'error', animated }).timeout({ seconds: IMAGE_DECODE_TIMEOUT_SECONDS });
}
