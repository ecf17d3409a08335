/**
 * spec 7: the mobile-wallet link is encrypted in the browser with crypto-js
 * AES and the fixed shared secret before it is sent. The secret ships in
 * this file, so this only keeps the link out of casual logs; TLS protects it
 * (docs/decisions/0023-mobile-wallet-link-in-the-spa.md). Only crypto-js's AES module is imported (it brings
 * the core with its UTF-8 encoder), and this module loads with the first send.
 */
import AES from 'crypto-js/aes';
import { TRUELINK_SHARED_SECRET } from '../contract/deposit.ts';

export function encryptLink(link: string): string {
  return AES.encrypt(link, TRUELINK_SHARED_SECRET).toString();
}
