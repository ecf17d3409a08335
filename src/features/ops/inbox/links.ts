/**
 * Which addresses in a chat message become links or pictures in the inbox.
 * A customer's media and an agent's buttons and cards carry addresses that
 * someone else wrote: a `javascript:` or `data:` address must never reach an
 * href or a src. The same rules as the widget's (src/features/chat/chat-links.ts),
 * which operator pages may not import (its folder is the `chat` catalogue's).
 */

/** An http(s) address for a web button, normalised; null for anything else. */
export function webButtonUrl(payload: string): string | null {
  try {
    const url = new URL(payload.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** A `tel:` address for a call button: a phone number (digits, an optional leading +, * and #); null otherwise. */
export function callButtonHref(payload: string): string | null {
  const number = payload.replace(/[\s().-]/g, '');
  return /^\+?[0-9*#]{3,20}$/.test(number) ? `tel:${number}` : null;
}

/**
 * A same-origin address (a signed media link, a card image on this site),
 * as a path; null otherwise. The page's Content-Security-Policy loads images
 * and videos from this origin only, so another site's picture would not show anyway.
 */
export function mediaUrl(address: string, origin = window.location.origin): string | null {
  try {
    const url = new URL(address, origin);
    return url.origin === origin && (url.protocol === 'https:' || url.protocol === 'http:') ? url.pathname + url.search : null;
  } catch {
    return null;
  }
}
