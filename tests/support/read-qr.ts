/**
 * Reads the QR codes in a picture file (PNG, JPEG) with ZXing (zxing-wasm),
 * as a banking app reads a picture from the photo library. The WASM binary
 * comes from node_modules (the package would fetch it from a CDN).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';

const require = createRequire(import.meta.url);
prepareZXingModule({
  overrides: { wasmBinary: new Uint8Array(readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'))).buffer },
});

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
