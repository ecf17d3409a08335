/**
 * The shell of the home that GET /user/home's page comes with
 * (src/server/plugins/home-shell.ts, docs/decisions/0152-the-home-page-comes-drawn.md):
 * the notice drawn where the home draws it, cleaned, and only when the home
 * would show it on this device.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { noticeKey } from '../../src/contract/rules/notice-dismissals.ts';
import { withHomeShell } from '../../src/server/plugins/home-shell.ts';

/** The page as the SPA's source has it: the home's shell takes the place of its app shell's page. */
const PAGE = readFileSync('index.html', 'utf8');
const APP_SHELL_PAGE = /<main class="page" aria-busy="true">[\s\S]*?<\/main>/;

/** The shell's notice text, or null when it draws none (as it says); the page around it checked. */
function drawn({ page, drawsNotice }: { page: string; drawsNotice: boolean }): string | null {
  // The form's skeleton went; everything around the page's <main> is as index.html has it.
  const main = APP_SHELL_PAGE.exec(page)?.[0] ?? '';
  expect(main).toMatch(/^<main class="page" aria-busy="true"><div class="home stack stack--page"><div class="home__top"><div class="card app-shell__balance" aria-hidden="true"><\/div><div class="home__side">/);
  expect(page.replace(main, '')).toBe(PAGE.replace(APP_SHELL_PAGE, ''));
  const text = /<div class="rich-text notice__text">(.*?)<\/div><\/div><span class="icon-button notice__close"/.exec(main)?.[1] ?? null;
  expect(drawsNotice).toBe(text !== null);
  return text;
}

describe("the home's page shell", () => {
  it('draws the notice in the home\'s place for it, as NoticeBanner marks it up', () => {
    const shell = withHomeShell(PAGE, '<strong>Songkran</strong> bonus', undefined);
    expect(drawn(shell)).toBe('<strong>Songkran</strong> bonus');
    expect(shell.page).toContain('<div class="home__side"><section class="notice"><div class="notice__body"><p class="notice__title app-shell__notice-title" aria-hidden="true">');
  });

  it('cleans the HTML again: nothing in it runs, nothing in it ends the page early', () => {
    const hostile = '<b>Hi</b><img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script></main></div><a href="javascript:alert(1)" onclick="x()">link</a> $& $1';
    const text = drawn(withHomeShell(PAGE, hostile, undefined));
    expect(text).toBe('<b>Hi</b><a rel="noopener noreferrer">link</a> $&amp; $1');
  });

  it('draws no notice when there is none, when it is only spaces, or when this device dismissed it', () => {
    expect(drawn(withHomeShell(PAGE, null, undefined))).toBeNull();
    expect(drawn(withHomeShell(PAGE, '  \n ', undefined))).toBeNull();
    const text = 'Closed for the holiday';
    const dismissed = `locale=TH; dismissed-notice=${noticeKey('older')}.${noticeKey(text)}; other=1`;
    expect(drawn(withHomeShell(PAGE, text, dismissed))).toBeNull();
    // Another text than the one dismissed shows, as the home shows it.
    expect(drawn(withHomeShell(PAGE, `${text}, reopened`, dismissed))).toBe(`${text}, reopened`);
    // A cookie the SPA did not write reads as nothing dismissed.
    expect(drawn(withHomeShell(PAGE, text, `dismissed-notice=${noticeKey(text).toUpperCase()}<x>`))).toBe(text);
  });

  it('draws the notice in the fonts of the page: each of its faces is one of fonts.css with its own family, shown once loaded', () => {
    const faces = (file: string) =>
      [...readFileSync(file, 'utf8').matchAll(/@font-face \{([^}]*)\}/g)].map(([, body]) => {
        const property = (name: string) => new RegExp(`${name}:\\s*([^;]+);`).exec(body!)?.[1]?.replace(/\s+/g, ' ');
        return { family: property('font-family'), display: property('font-display'), rest: ['font-style', 'font-weight', 'src', 'unicode-range'].map(property) };
      });
    const page = faces('src/styles/fonts.css');
    const shell = faces('src/styles/home-frame.css');
    expect(page.length).toBeGreaterThan(0);
    const shellFamily = { "'Noto Sans Thai'": "'Notice Shell Thai'", "'Noto Sans Lao'": "'Notice Shell Lao'" } as Record<string, string>;
    expect(shell).toEqual(page.map((face) => ({ family: shellFamily[face.family!], display: 'block', rest: face.rest })));
  });
});
