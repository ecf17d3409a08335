/**
 * Test slips: a slip-like picture (header band, text-free blocks) carrying a
 * real slip-verification "mini QR" (promptparse's generator, the same
 * format Thai banks print), as PNG, JPEG or WebP bytes. Used by the server
 * suite and the browser suite.
 */
import { slipVerify, trueMoneySlipVerify } from 'promptparse/generate';
import QRCode from 'qrcode';
import sharp, { type OverlayOptions } from 'sharp';

export type SlipFormat = 'png' | 'jpeg' | 'webp';

let serial = 0;

/** A fresh bank transaction reference (the shape KBank prints: digits then letters and digits, 20 characters). */
export function newSlipReference(): string {
  serial += 1;
  return `0153${String(Date.now()).slice(-8)}APP${String(serial).padStart(5, '0')}`;
}

/** A bank slip's QR text: tag 00 {000001, sending bank, reference}, tag 51 TH, CRC in tag 91. */
export function bankSlipPayload(reference: string, sendingBank = '004'): string {
  return slipVerify({ sendingBank, transRef: reference });
}

/** A TrueMoney slip's QR text, which carries the day (DDMMYYYY). */
export function trueMoneySlipPayload(transactionId: string, date: string): string {
  return trueMoneySlipVerify({ eventType: 'P2P', transactionId, date });
}

export interface SlipImageOptions {
  /** The QR's text; null draws a slip without any QR. */
  payload: string | null;
  format?: SlipFormat;
  width?: number;
  height?: number;
}

function block(width: number, height: number, background: string) {
  return { input: { create: { width, height, channels: 3 as const, background } } };
}

/** A phone-screenshot-sized slip with the QR in its lower right, as the banks place it. */
export async function slipImage({ payload, format = 'png', width = 720, height = 1280 }: SlipImageOptions): Promise<Buffer> {
  const layers: OverlayOptions[] = [
    { ...block(width, Math.round(height * 0.14), '#138f4a'), top: 0, left: 0 },
    { ...block(Math.round(width * 0.6), 28, '#c9d1d9'), top: Math.round(height * 0.2), left: 40 },
    { ...block(Math.round(width * 0.45), 28, '#c9d1d9'), top: Math.round(height * 0.26), left: 40 },
    { ...block(Math.round(width * 0.5), 56, '#1f2937'), top: Math.round(height * 0.4), left: 40 },
  ];
  if (payload !== null) {
    const qr = await QRCode.toBuffer(payload, { type: 'png', margin: 2, scale: 6, errorCorrectionLevel: 'M' });
    const size = (await sharp(qr).metadata()).width;
    layers.push({ input: qr, top: height - size - 60, left: width - size - 40 });
  }
  const picture = sharp({ create: { width, height, channels: 3, background: '#f6f8fa' } }).composite(layers);
  if (format === 'jpeg') return picture.jpeg({ quality: 85 }).toBuffer();
  if (format === 'webp') return picture.webp({ quality: 85 }).toBuffer();
  return picture.png().toBuffer();
}

/** A multipart/form-data body with one file part, as a browser's FormData sends it. */
export function multipartBody(file: Buffer, { field = 'file', filename = 'slip.png', contentType = 'image/png' } = {}) {
  const boundary = `----slip${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}
