/**
 * Checks an uploaded slip image by its content and re-encodes it, so that
 * no byte of the upload is kept as sent (metadata, trailing data, polyglot
 * payloads are dropped). JPEG, PNG and WebP only, whatever the file's name
 * or declared type says (file-type reads the magic bytes); sharp decodes,
 * turns by the EXIF orientation, scales to fit SLIP_MAX_SIDE and writes WebP.
 */
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
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

export async function decodeSlipImage(upload: Buffer): Promise<SlipImage> {
  const type = await fileTypeFromBuffer(upload);
  if (!type || !ACCEPTED_TYPES.has(type.mime)) throw new NotASlipImage(`content is ${type?.mime ?? 'unknown'}`);
  try {
    const picture = sharp(upload, { limitInputPixels: SLIP_MAX_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: SLIP_MAX_SIDE, height: SLIP_MAX_SIDE, fit: 'inside', withoutEnlargement: true });
    const [stored, raw] = await Promise.all([
      picture.clone().webp({ quality: 90 }).toBuffer(),
      picture.clone().ensureAlpha().raw().toBuffer({ resolveWithObject: true }),
    ]);
    return { stored, pixels: { data: raw.data, width: raw.info.width, height: raw.info.height } };
  } catch (error) {
    throw new NotASlipImage(`cannot decode: ${(error as Error).message}`);
  }
}
