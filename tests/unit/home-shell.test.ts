/**
 * The shell of the home that GET /user/home's page comes with
 * (src/server/plugins/home-shell.ts, docs/decisions/0152-the-home-page-comes-drawn.md):
 * the notice drawn where the home draws it, cleaned, and only when the home
 * would show it on this device.
 */
import { describe, expect, it } from 'vitest';
import { noticeKey } from '../../machines/notice/notice-key.ts';
import { withHomeShell } from '../../src/server/plugins/home-shell.ts';

const PAGE = '<body><div id="root"><div class="shell app-shell"><header>brand</header><main class="page" aria-busy="true"><div class="stack stack--page">form skeleton</div></main><nav></nav></div></div></body>';

/** The shell's notice text, or null when it draws none; the page around it checked. */
function drawn(page: string): string | null {
  expect(page).not.toContain('form skeleton');
  expect(page.startsWith('<body><div id="root"><div class="shell app-shell"><header>brand</header><main class="page" aria-busy="true"><div class="home stack stack--page">')).toBe(true);
  expect(page).toContain('<div class="card app-shell__balance" aria-hidden="true"></div>');
  expect(page.endsWith('</main><nav></nav></div></div></body>')).toBe(true);
  return /<div class="rich-text notice__text">(.*?)<\/div><\/div><span class="icon-button notice__close"/.exec(page)?.[1] ?? null;
}

describe("the home's page shell", () => {
  it('draws the notice in the home\'s place for it, as NoticeBanner marks it up', () => {
    const page = withHomeShell(PAGE, '<strong>Songkran</strong> bonus', undefined);
    expect(drawn(page)).toBe('<strong>Songkran</strong> bonus');
    expect(page).toContain('<div class="home__side"><section class="notice"><div class="notice__body"><p class="notice__title app-shell__notice-title" aria-hidden="true">');
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

  it('leaves a page without the app shell as it is', () => {
    const bare = '<!doctype html><div id="root"></div>';
    expect(withHomeShell(bare, 'text', undefined)).toBe(bare);
  });
});
