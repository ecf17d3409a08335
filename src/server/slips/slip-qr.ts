/**
 * Reads the verification QR printed on a Thai payment slip (the "mini QR").
 * Bank slips: tag 00 holds {00: API id 000001, 01: sending bank, 02:
 * transaction reference}, tag 51 = TH, a CRC in tag 91; TrueMoney slips: tag
 * 00 holds {00: 01, 01: 01, 02: event type, 03: transaction id, 04: date
 * DDMMYYYY}. Neither carries an amount or a receiver; only TrueMoney's
 * carries a date. promptparse parses both and checks the CRC.
 *
 * QR codes are found by ZXing (zxing-wasm, ./zxing.ts) in decoded RGBA pixels.
 */
import { parse } from 'promptparse';
import { slipVerify, trueMoneySlipVerify } from 'promptparse/validate';
import { readBarcodes } from './zxing.ts';

export interface Pixels {
  /** RGBA, 4 bytes a pixel, row by row. */
  data: Buffer;
  width: number;
  height: number;
}

export interface SlipQr {
  /** The bank's (or TrueMoney's) transaction reference. */
  reference: string;
  /** The sending bank's 3-digit code, or TRUEMONEY. */
  sendingBank: string;
  /** The day of the transaction as 'YYYY-MM-DD' (Thai time), when the QR says; bank slips do not. */
  date: string | null;
  /** The QR's whole text: what a slip verifier asks the bank about. */
  payload: string;
}

const REFERENCE = /^[A-Za-z0-9]{6,50}$/;
const BANK_CODE = /^\d{3}$/;
const DDMMYYYY = /^(\d{2})(\d{2})(\d{4})$/;

/** The slip fields of one QR's text, or null when it is not a valid slip QR. */
export function parseSlipQr(text: string): SlipQr | null {
  const bank = slipVerify(text);
  if (bank) {
    if (parse(text)?.getTagValue('51') !== 'TH') return null;
    if (!REFERENCE.test(bank.transRef) || !BANK_CODE.test(bank.sendingBank)) return null;
    return { reference: bank.transRef, sendingBank: bank.sendingBank, date: null, payload: text };
  }
  const trueMoney = trueMoneySlipVerify(text);
  const day = trueMoney?.date?.match(DDMMYYYY);
  if (!trueMoney?.transactionId || !REFERENCE.test(trueMoney.transactionId) || !day) return null;
  const date = `${day[3]}-${day[2]}-${day[1]}`;
  // A day that does not exist (31 February) rolls over in Date; the round trip catches it.
  const parsed = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date) return null;
  return { reference: trueMoney.transactionId, sendingBank: 'TRUEMONEY', date, payload: text };
}

/** The first valid slip QR among the QR codes in the image, or null. */
export async function readSlipQr(pixels: Pixels): Promise<SlipQr | null> {
  const image = {
    data: new Uint8ClampedArray(pixels.data.buffer, pixels.data.byteOffset, pixels.data.length),
    width: pixels.width,
    height: pixels.height,
    colorSpace: 'srgb',
  } as ImageData;
  const found = await readBarcodes(image, { formats: ['QRCode'], tryHarder: true, maxNumberOfSymbols: 4 });
  for (const symbol of found) {
    const slip = symbol.isValid ? parseSlipQr(symbol.text) : null;
    if (slip) return slip;
  }
  return null;
}
