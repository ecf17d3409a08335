/**
 * Which of the operator's notices a device dismissed
 * (docs/decisions/0140-the-notice-on-the-home.md, 0152-the-home-page-comes-drawn.md):
 * the key a dismissal remembers, the rule whether a notice shows, and the
 * cookie in which the SPA mirrors its keys for the server, which draws the
 * home's page by the same rule (src/server/plugins/home-shell.ts).
 */

/**
 * What a dismissal of the notice remembers: a short hash of the text as the
 * member read it, so that the same text stays dismissed and any change of it
 * shows again, without keeping the text itself on the device
 * (docs/decisions/0140-the-notice-on-the-home.md). cyrb53: 53 bits, enough
 * that two texts an operator writes do not share one.
 */
export function noticeKey(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/**
 * Whether a notice's text shows: it has text, and this device has not
 * dismissed it (the keys of `dismissed`). The home's machine
 * (machines/notice) asks this of each answer; the server of the text it
 * draws into the home's page, from the keys in the device's cookie.
 */
export function noticeShows(text: string | null, dismissed: readonly string[]): text is string {
  return text !== null && text.trim() !== '' && !dismissed.includes(noticeKey(text));
}

/** The cookie holding the keys, dot-joined. */
export const DISMISSED_NOTICES_COOKIE = 'dismissed-notice';

/** A key as noticeKey writes it: base 36, nothing a cookie would need escaped. */
const KEY_SHAPE = /^[0-9a-z]{1,16}$/;
const SEPARATOR = '.';

/** The cookie's value for these keys (anything not shaped as a key is left out). */
export function dismissedCookieValue(keys: readonly string[]): string {
  return keys.filter((key) => KEY_SHAPE.test(key)).join(SEPARATOR);
}

/** The keys in a cookie's value, as dismissedCookieValue wrote them (anything else is no key). */
export function keysOfDismissedCookie(value: string | null): string[] {
  return (value ?? '').split(SEPARATOR).filter((key) => KEY_SHAPE.test(key));
}
