/**
 * Mobile-wallet deposits (spec 5, 7): a TrueMoney gift link the member
 * sends, AES-encrypted by the SPA with the shared secret of the contract
 * (obfuscation; TLS protects it). The server decrypts it, reads the voucher
 * code from the link and hands it to a voucher provider that redeems it
 * into our wallet.
 *
 * The built-in provider is a simulator that behaves like the real one: a
 * voucher has an amount and the sender's phone, inspecting it tells both,
 * and a voucher it did not issue is refused. Its voucher codes are
 * `{phone}x{amount in satang}x{nonce}x{mac}`, the mac an HMAC-SHA256 of the
 * rest under a key derived from PAYMENT_WEBHOOK_SECRET, so only whoever
 * holds the secret (tests, `npm run simulate:voucher`) can make one.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import CryptoJS from 'crypto-js';
import type { ApiMessage } from '../../contract/errors.ts';

/** spec 7: the gift link's host and path; the voucher code is its `v` parameter. */
export const GIFT_LINK_ORIGIN = 'https://gift.truemoney.com';
export const GIFT_LINK_PATH = '/campaign/';
const VOUCHER_CODE = /^[0-9A-Za-z]{10,64}$/;

/** The link the client encrypted, or null when it does not decrypt to text. */
export function decryptLink(encrypted: string, secret: string): string | null {
  try {
    const text = CryptoJS.AES.decrypt(encrypted, secret).toString(CryptoJS.enc.Utf8);
    return text === '' ? null : text.trim();
  } catch {
    // crypto-js throws "Malformed UTF-8 data" when the key or the text is wrong.
    return null;
  }
}

/**
 * The voucher code of a gift link `https://gift.truemoney.com/campaign/?v={code}`
 * (also without the trailing slash); null for any other shape.
 */
export function voucherOf(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  if (url.origin !== GIFT_LINK_ORIGIN || (url.pathname !== GIFT_LINK_PATH && url.pathname !== GIFT_LINK_PATH.slice(0, -1))) return null;
  const codes = url.searchParams.getAll('v');
  return codes.length === 1 && VOUCHER_CODE.test(codes[0] ?? '') ? (codes[0] as string) : null;
}

export function giftLink(voucher: string): string {
  return `${GIFT_LINK_ORIGIN}${GIFT_LINK_PATH}?v=${voucher}`;
}

/** A voucher the provider refuses, with the catalogue code the member sees. */
export class VoucherRefused extends Error {
  constructor(
    readonly code: ApiMessage,
    message: string,
  ) {
    super(message);
    this.name = 'VoucherRefused';
  }
}

export interface Voucher {
  /** Minor units (satang). */
  amount: bigint;
  /** The phone the voucher was sent from. */
  senderPhone: string;
}

/** What the server needs of a mobile-wallet provider; a real one calls the provider's API. */
export interface VoucherProvider {
  /** Tells what a voucher holds without redeeming it; throws VoucherRefused for an unknown or used voucher. */
  inspect(voucher: string): Promise<Voucher>;
  /** Redeems the voucher into our receiving wallet; throws VoucherRefused. */
  redeem(voucher: string): Promise<Voucher>;
}

const simulatorKey = (secret: string) => createHmac('sha256', secret).update('truemoney-simulator').digest();

function mac(key: Buffer, body: string): string {
  return createHmac('sha256', key).update(body).digest('hex').slice(0, 24);
}

/** A voucher code the simulator accepts: `amount` satang sent from `phone`. */
export function simulatedVoucher(secret: string, phone: string, amount: bigint): string {
  if (!/^\d{8,13}$/.test(phone)) throw new RangeError(`not a phone number: ${phone}`);
  if (amount <= 0n) throw new RangeError('a voucher holds a positive amount');
  const body = `${phone}x${amount}x${randomBytes(4).toString('hex')}`;
  return `${body}x${mac(simulatorKey(secret), body)}`;
}

/**
 * The simulated provider. It keeps no state: whether a voucher was used is
 * our database's word (true_links), which is what a provider's
 * "already redeemed" answer would tell as well.
 */
export function simulatedTrueMoney(secret: string): VoucherProvider {
  const key = simulatorKey(secret);
  async function inspect(voucher: string): Promise<Voucher> {
    const match = /^(\d{8,13})x(\d{1,12})x([0-9a-f]{8})x([0-9a-f]{24})$/.exec(voucher);
    if (!match) throw new VoucherRefused('TRUELINK_INVALID', 'not a voucher of this provider');
    const [, phone, amount, nonce, given] = match as unknown as [string, string, string, string, string];
    const expected = mac(key, `${phone}x${amount}x${nonce}`);
    if (!timingSafeEqual(Buffer.from(expected), Buffer.from(given))) throw new VoucherRefused('TRUELINK_INVALID', 'voucher signature does not match');
    if (BigInt(amount) <= 0n) throw new VoucherRefused('TRUELINK_INVALID', 'empty voucher');
    return { amount: BigInt(amount), senderPhone: phone };
  }
  return { inspect, redeem: inspect };
}
