/**
 * Which addresses in an agent's message become links or pictures (spec 3
 * button and generic card). An agent's tool, or whoever stole an agent's
 * session, writes these payloads: a `javascript:` or `data:` address must
 * never reach an href, so only what is checked here does. A web button opens
 * an http(s) address; a call button dials digits; media and card images
 * load from this origin only (the CSP allows nothing else, docs/decisions
 * 0104-0106), or from a blob: the widget made for a file being uploaded.
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

/** A same-origin path (a signed media link) or a local blob: address, for img, video and file links; null otherwise. */
export function mediaUrl(address: string, origin = window.location.origin): string | null {
  if (address.startsWith('blob:')) {
    try {
      return new URL(address).origin === origin ? address : null;
    } catch {
      return null;
    }
  }
  try {
    const url = new URL(address, origin);
    return url.origin === origin && (url.protocol === 'https:' || url.protocol === 'http:') ? url.pathname + url.search : null;
  } catch {
    return null;
  }
}
