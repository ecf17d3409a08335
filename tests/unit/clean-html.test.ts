/**
 * The operators' HTML as the server keeps and writes it
 * (src/server/promotions/html.ts): whatever was written, the cleaned text
 * is what a browser builds from it inside a div, so no end tag in it can
 * close an element of the page around it, and cleaning again changes
 * nothing. Random markup from the allowed tags and a few others, seeded so
 * that a failure can be replayed.
 */
import { defaultTreeAdapter, html, parse, parseFragment, serialize } from 'parse5';
import { describe, expect, it } from 'vitest';
import { cleanHtml } from '../../src/server/promotions/html.ts';
import { seededRandom } from '../reliability/support/load.ts';

const TAGS = ['p', 'div', 'li', 'ul', 'ol', 'span', 'b', 'a', 'table', 'tr', 'td', 'tbody', 'tfoot', 'h3', 'br', 'img', 'main', 'section', 'form', 'button', 'script'];
const seed = Number(process.env.HTML_SEED ?? Date.now() % 1_000_000);

function randomMarkup(random: () => number): string {
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  let text = '';
  for (let i = Math.floor(random() * 24); i > 0; i--) {
    const roll = random();
    text += roll < 0.45 ? `<${pick(TAGS)}>` : roll < 0.85 ? `</${pick(TAGS)}>` : pick(['x', ' ', '&', '<', '>', 'ไทย']);
  }
  return text;
}

/** What a browser makes of `text` as a div's content, written out again. */
function asInADiv(text: string): string {
  return serialize(parseFragment(defaultTreeAdapter.createElement('div', html.NS.HTML, []), text, {}));
}

/** A page with the cleaned text where the home's shell draws the notice, as a browser parses it whole. */
function inThePage(cleaned: string) {
  const page = parse(`<!doctype html><html><head></head><body><div id="root"><main><section class="notice"><div class="notice__body"><div class="notice__text">${cleaned}</div></div></section></main><nav></nav></div><script src="/app.js"></script></body></html>`);
  const body = serialize(page).replace(/^.*<body>|<\/body>.*$/g, '');
  return body;
}

describe(`operators' HTML, cleaned (seed ${seed})`, () => {
  it('reads back as itself in a div, so a page holding it keeps its own elements; cleaning again changes nothing', () => {
    const random = seededRandom(seed);
    for (let i = 0; i < 3000; i++) {
      const written = randomMarkup(random);
      const cleaned = cleanHtml(written);
      expect([written, asInADiv(cleaned)]).toEqual([written, cleaned]);
      expect([written, cleanHtml(cleaned)]).toEqual([written, cleaned]);
      expect([written, inThePage(cleaned)]).toEqual([
        written,
        `<div id="root"><main><section class="notice"><div class="notice__body"><div class="notice__text">${cleaned}</div></div></section></main><nav></nav></div><script src="/app.js"></script>`,
      ]);
    }
  });

  it('keeps a list item\'s stray end tags inside it: the page\'s elements stay open around it', () => {
    const stray = '<li><div><div><div><li>hi</li></div></div></div></li><p><a href="https://evil.example/verify">verify here</a></p>';
    const cleaned = cleanHtml(stray);
    expect(cleaned).toBe('<li><div><div><div></div></div></div></li><li>hi</li><p><a href="https://evil.example/verify" rel="noopener noreferrer">verify here</a></p>');
    expect(inThePage(cleaned)).toContain(`<div class="notice__text">${cleaned}</div></div></section></main><nav></nav></div>`);
  });
});
