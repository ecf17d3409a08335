/**
 * The deposit modal's helpers: the link's encryption and the countdown's text.
 * (The QR markup's sanitising needs a real browser's SVG parsing: happy-dom
 * puts the svg in the wrong namespace, so DOMPurify drops it there.)
 */
import { describe, expect, it } from 'vitest';
import AES from 'crypto-js/aes';
import Utf8 from 'crypto-js/enc-utf8';
import { TRUELINK_SHARED_SECRET } from '../../src/contract/deposit.ts';
import { encryptLink } from '../../src/api/encrypt-link.ts';
import { countdownText } from '../../machines/qr-countdown/qr-countdown.selectors.ts';

describe('encryptLink', () => {
  const link = 'https://gift.truemoney.com/campaign/?v=0123456789abcdef';

  it('is what crypto-js decrypts with the shared secret (OpenSSL format, fresh salt each time)', () => {
    const first = encryptLink(link);
    const second = encryptLink(link);
    expect(first).not.toContain('truemoney');
    expect(atob(first).startsWith('Salted__')).toBe(true);
    expect(second).not.toBe(first);
    expect(AES.decrypt(first, TRUELINK_SHARED_SECRET).toString(Utf8)).toBe(link);
    expect(AES.decrypt(second, TRUELINK_SHARED_SECRET).toString(Utf8)).toBe(link);
  });
});

describe('countdownText', () => {
  it.each([
    [900, '15:00'],
    [61, '01:01'],
    [9, '00:09'],
    [0, '00:00'],
    [-3, '00:00'],
    [3725, '62:05'],
  ])('%i seconds read %s (spec 9: mm:ss)', (seconds, text) => {
    expect(countdownText(seconds)).toBe(text);
  });
});
