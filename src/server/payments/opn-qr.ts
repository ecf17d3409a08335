/**
 * The Thai QR Payment text of an Opn PromptPay charge, which the deposit
 * modal draws in its frame and saves as a picture as it does every QR
 * (promptpay.ts draws it). A charge carries its QR as a picture at
 * `source.scannable_code.image.download_uri` (SVG) and, in newer API
 * versions, as text in `scannable_code.raw_data`: the text is taken when
 * given, else read from the picture with ZXing. Either way it must be a
 * valid PromptPay payload (its CRC checked) for exactly the charge's
 * amount in baht; anything else is no QR a member should pay.
 */
import { parse } from 'promptparse';
import { anyId, billPayment } from 'promptparse/validate';
import sharp from 'sharp';
import { readBarcodes } from '../slips/zxing.ts';
import type { OpnCharge, OpnClient } from './opn.ts';

/** Big enough for ZXing to read a QR drawn as SVG; a raster picture is read at its own size. */
const RENDER_WIDTH = 600;
const MAX_PIXELS = 4_000_000;

/** True when `payload` is a PromptPay QR (bill payment or any-id) of `amount` satang in THB. */
export function isPromptPayFor(payload: string, amount: bigint): boolean {
  const read = billPayment(payload) ?? anyId(payload);
  if (!read || read.amount === undefined) return false;
  return BigInt(Math.round(read.amount * 100)) === amount && parse(payload)?.getTagValue('53') === '764';
}

async function textsInImage(bytes: Buffer): Promise<string[]> {
  const { data, info } = await sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' })
    .resize({ width: RENDER_WIDTH, withoutEnlargement: false })
    .flatten({ background: '#ffffff' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const image = { data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height, colorSpace: 'srgb' } as ImageData;
  const found = await readBarcodes(image, { formats: ['QRCode'], tryHarder: true, maxNumberOfSymbols: 2 });
  return found.filter((symbol) => symbol.isValid).map((symbol) => symbol.text);
}

/** The charge's PromptPay text, or null when neither its text nor its picture holds a valid one for its amount. */
export async function chargePayload(opn: OpnClient, charge: OpnCharge): Promise<string | null> {
  const amount = BigInt(charge.amount);
  const code = charge.source?.scannable_code;
  if (code?.raw_data) return isPromptPayFor(code.raw_data, amount) ? code.raw_data : null;
  if (!code?.image?.download_uri) return null;
  const texts = await textsInImage(await opn.downloadQrImage(code.image.download_uri));
  return texts.find((text) => isPromptPayFor(text, amount)) ?? null;
}
