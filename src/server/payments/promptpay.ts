/**
 * Thai QR Payment (PromptPay, EMVCo merchant-presented) payloads and their
 * QR images. promptparse writes the tags (00 format, 01 dynamic, 29 the
 * PromptPay receiver, 53 THB, 54 amount, 58 TH) and the CRC-16 in tag 63;
 * qrcode draws the payload as SVG markup.
 */
import { anyId } from 'promptparse/generate';
import QRCode from 'qrcode';
import { QR_ERROR_CORRECTION } from '../../contract/deposit.ts';

/** PromptPay ids by length: a mobile number, a national or tax id, an e-wallet id. */
function proxyTypeOf(promptPayId: string): 'MSISDN' | 'NATID' | 'EWALLETID' | null {
  if (/^0\d{9}$/.test(promptPayId)) return 'MSISDN';
  if (/^\d{13}$/.test(promptPayId)) return 'NATID';
  if (/^\d{15}$/.test(promptPayId)) return 'EWALLETID';
  return null;
}

/** True when a QR can pay to this id. */
export function isPromptPayId(promptPayId: string): boolean {
  return proxyTypeOf(promptPayId) !== null;
}

/** The EMVCo text of a one-time QR paying `amount` baht (major units) to the PromptPay id. */
export function promptPayPayload(promptPayId: string, amount: number): string {
  const type = proxyTypeOf(promptPayId);
  if (type === null) throw new RangeError(`not a PromptPay id: ${promptPayId}`);
  return anyId({ type, target: promptPayId, amount });
}

/**
 * Drawn QR codes by payload. An open deposit modal reads its QR every 5 s,
 * and a payload depends only on the receiver and the amount, so a few
 * hundred cover the usual amounts; the oldest is dropped beyond that.
 */
const drawn = new Map<string, Promise<string>>();
const DRAWN_MAX = 500;

/** The payload drawn as an SVG QR code (the contract's error correction, a quiet zone of 2 modules). */
export function qrSvg(payload: string): Promise<string> {
  let svg = drawn.get(payload);
  if (svg === undefined) {
    if (drawn.size >= DRAWN_MAX) drawn.delete(drawn.keys().next().value!);
    svg = QRCode.toString(payload, { type: 'svg', errorCorrectionLevel: QR_ERROR_CORRECTION, margin: 2 });
    drawn.set(payload, svg);
    svg.catch(() => drawn.delete(payload));
  }
  return svg;
}
