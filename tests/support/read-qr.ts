/**
 * Reads the QR codes in a picture file (PNG, JPEG) with ZXing, as a banking
 * app reads a picture from the photo library.
 */
import { readBarcodes } from '../../src/server/slips/zxing.ts';

export interface ReadQr {
  text: string;
  /** The code's side in the picture, in pixels (between its outer corners). */
  side: number;
}

export async function readQrCodes(picture: Uint8Array, type = 'image/png'): Promise<ReadQr[]> {
  const results = await readBarcodes(new Blob([new Uint8Array(picture)], { type }), { formats: ['QRCode'], tryHarder: false });
  return results
    .filter((result) => result.isValid)
    .map(({ text, position }) => ({ text, side: Math.round(Math.hypot(position.topRight.x - position.topLeft.x, position.topRight.y - position.topLeft.y)) }));
}
