/**
 * Checks an uploaded slip image by its content and re-encodes it, so that
 * no byte of the upload is kept as sent (metadata, trailing data, polyglot
 * payloads are dropped). JPEG, PNG and WebP only, whatever the file's name
 * or declared type says (file-type reads the magic bytes); sharp decodes,
 * turns by the EXIF orientation, scales to fit SLIP_MAX_SIDE and writes WebP.
 * The limits every uploaded image takes apply (../images/decode.ts: a JPEG
 * of too many scans refused unread, a time limit, one decode at a time in
 * the slips' own queue: chat images, which guests may upload, never hold a
 * slip up).
 */
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { decodeRefusal, imageWork, openUpload } from '../images/decode.ts';
import { SLIP_MAX_PIXELS, SLIP_MAX_SIDE } from '../policy.ts';
import type { Pixels } from './slip-qr.ts';

const ACCEPTED_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);

/** What is stored: WebP, whatever came in. */
export const STORED_IMAGE = { extension: 'webp', contentType: 'image/webp' } as const;

/** The upload is not an image we take (SLIP_INVALID_FILE). */
export class NotASlipImage extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'NotASlipImage';
  }
}

export interface SlipImage {
  /** The re-encoded image to store. */
  stored: Buffer;
  /** The same picture's pixels, for the QR reader. */
  pixels: Pixels;
}

/**
 * The upload decoded once, turned and scaled, into its pixels; the WebP to
 * store and the RGBA pixels for the QR reader are both made from those.
 */
async function decode(upload: Buffer): Promise<SlipImage> {
  const { data, info } = await openUpload(upload, { maxPixels: SLIP_MAX_PIXELS })
    .rotate()
    .resize({ width: SLIP_MAX_SIDE, height: SLIP_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  // sharp's raw output is 8-bit sRGB: 3 channels, or 4 when the picture has alpha.
  const decoded = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  const [stored, rgba] = await Promise.all([decoded().webp({ quality: 90 }).toBuffer(), info.channels === 4 ? data : decoded().ensureAlpha().raw().toBuffer()]);
  return { stored, pixels: { data: rgba, width: info.width, height: info.height } };
}

/** The upload checked, decoded in its turn (../images/decode.ts) and re-encoded; NotASlipImage when it is not an image we take. */
export async function decodeSlipImage(upload: Buffer): Promise<SlipImage> {
  const type = await fileTypeFromBuffer(upload);
  if (!type || !ACCEPTED_TYPES.has(type.mime)) throw new NotASlipImage(`content is ${type?.mime ?? 'unknown'}`);
  const refusal = decodeRefusal(upload);
  if (refusal) throw new NotASlipImage(refusal);
  try {
    return await imageWork.slips(() => decode(upload));
  } catch (error) {
    throw new NotASlipImage(`cannot decode: ${(error as Error).message}`);
  }
}
