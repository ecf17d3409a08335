/**
 * HTML operators write for members (offers' banners and descriptions, the
 * agreements, the conditions and the notice), cleaned on write by an allowlist
 * (docs/decisions/0096-operator-api-for-offers.md): text markup, links and
 * images stay; scripts, event handlers, styles, classes and anything that
 * could pass for one of our own screens (forms, inputs, buttons, frames)
 * go. The SPA sanitises again before rendering (src/features/ui/SafeHtml.tsx).
 * Pure functions, no DOM: sanitize-html over htmlparser2, then parse5 (the
 * HTML standard's parser) for the markup a browser would build.
 */
import { defaultTreeAdapter, html, parseFragment, serialize } from 'parse5';
import sanitize from 'sanitize-html';

/** A link's address: absolute, of these schemes only (no `javascript:`, no `data:`, no relative path). */
const LINK = /^(?:https?:\/\/|mailto:|tel:)/i;

/**
 * An image's address: an absolute http(s) URL or a path of this site (`/…`;
 * not `//host`, which is another site, nor `/\host`, which browsers read so).
 */
export function isImageUrl(value: string): boolean {
  if (value.startsWith('/')) return !/^\/[/\\]/.test(value) && !/[\s\u0000-\u001f\\]/.test(value);
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

const OPTIONS: sanitize.IOptions = {
  allowedTags: [
    'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'ul', 'ol', 'li',
    'b', 'strong', 'i', 'em', 'u', 'br', 'span', 'div', 'a', 'img',
    'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td',
  ],
  // No style, class or id anywhere: they would let a text reuse the page's own look (a full-screen overlay).
  allowedAttributes: {
    a: ['href', 'rel', { name: 'target', multiple: false, values: ['_blank'] }],
    img: ['src', 'alt'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Dropped with their text, not only their tags: no script source, no leftover label of a fake button.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'template', 'select', 'button', 'iframe', 'object', 'embed', 'svg', 'math'],
  // The attributes in one order (the address first), so that cleaning twice gives the same text.
  transformTags: {
    a: (tagName, { href, rel: _rel, ...rest }) => {
      const link = href?.trim();
      return { tagName, attribs: { ...(link !== undefined && LINK.test(link) && { href: link }), ...rest, rel: 'noopener noreferrer' } };
    },
    img: (tagName, { src, ...rest }) => {
      const image = src?.trim();
      return { tagName, attribs: { ...(image !== undefined && isImageUrl(image) && { src: image }), ...rest } };
    },
  },
  // An image whose address was refused is dropped whole.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/**
 * A `<div>` to parse in: the notice, the conditions and the offers' texts
 * are each one div's content on the page, as the server draws the home's
 * notice (plugins/home-shell.ts) and as SafeHtml sets it.
 */
const CONTEXT = defaultTreeAdapter.createElement('div', html.NS.HTML, []);

/** How many times the cleaned markup is parsed and written out at most before it reads back as itself. */
const BROWSER_ROUNDS = 4;

/**
 * The HTML an operator wrote, with only what the allowlist keeps, written
 * out again as a browser parses it in a div: every element closed inside
 * the text. sanitize-html's own parser is not the browser's: an end tag the
 * browser finds unmatched (`<li><div><li>` closes the first li, leaving the
 * div's `</div>` over) would close the page's own elements around the text
 * when the server writes it into a page. Cleaning it again changes nothing.
 */
export function cleanHtml(text: string): string {
  // A parsed tree written out does not always parse back to itself (`<h3>` in an `<h3>` under a `<b>`): parse
  // again until it does, so that a browser builds exactly this markup, each end tag closing its own element.
  let cleaned = sanitize(text, OPTIONS);
  for (let round = 0; round < BROWSER_ROUNDS; round++) {
    const parsed = serialize(parseFragment(CONTEXT, cleaned, {}));
    if (parsed === cleaned) return cleaned;
    cleaned = parsed;
  }
  // Markup that never settles: its text alone, escaped.
  return sanitize(cleaned, TEXT_ONLY);
}

/** Text only: every tag goes, its text stays (what a reader of the cleaned HTML would read). */
const TEXT_ONLY: sanitize.IOptions = { allowedTags: [], allowedAttributes: {} };

/** Cleaned HTML that shows nothing: no picture and no text but spaces (`<p> </p>`, `<br>`, a script's leftovers). */
export function isBlankHtml(cleaned: string): boolean {
  return !/<img\b/i.test(cleaned) && sanitize(cleaned, TEXT_ONLY).trim() === '';
}
