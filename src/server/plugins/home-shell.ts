/**
 * The member home's page comes drawn (docs/decisions/0152-the-home-page-comes-drawn.md):
 * in place of the app shell's page of index.html (a form's skeleton), the
 * page of GET /user/home carries a shell of the home — the balance card's
 * place and the operator's notice, drawn as the home draws it — so the
 * notice, the home's largest text, shows with the page instead of after
 * the home's scripts; React's first render replaces it with the home.
 * The notice is the public one the page also carries as JSON (spa.ts),
 * cleaned again here as it was on write: this is the server rendering HTML.
 */
import { noticeShows } from '../../../machines/notice/notice-key.ts';
import { DISMISSED_NOTICES_COOKIE, DISMISSED_NOTICES_SEPARATOR } from '../../contract/notice-in-page.ts';
import { cleanHtml } from '../promotions/html.ts';

/** The app shell's page in index.html, which the home's takes the place of. */
const SHELL_PAGE = /<main class="page" aria-busy="true">[\s\S]*?<\/main>/;

/** The shell's notice: NoticeBanner's markup, its title and close button held by placeholders (they come with the home's texts). */
function noticeMarkup(html: string): string {
  return (
    '<section class="notice"><div class="notice__body">' +
    '<p class="notice__title app-shell__notice-title" aria-hidden="true"><span class="skeleton"></span></p>' +
    `<div class="rich-text notice__text">${cleanHtml(html)}</div>` +
    '</div><span class="icon-button notice__close" aria-hidden="true"></span></section>'
  );
}

/**
 * `page` (index.html) with the home's shell for its page: the notice `text`
 * unless the device dismissed it (its `cookie` header) or it has no text,
 * as the home decides (machines/notice).
 */
export function withHomeShell(page: string, text: string | null, cookie: string | undefined): string {
  const notice = noticeShows(text, dismissedKeys(cookie)) ? noticeMarkup(text) : '';
  const home =
    '<main class="page" aria-busy="true"><div class="home stack stack--page"><div class="home__top">' +
    '<div class="card app-shell__balance" aria-hidden="true"></div>' +
    `<div class="home__side">${notice}</div>` +
    '</div></div></main>';
  return page.replace(SHELL_PAGE, () => home);
}

/** The keys of the notices the device dismissed, from the cookie the SPA keeps (src/features/home/notice-storage.ts). */
function dismissedKeys(cookie: string | undefined): string[] {
  const value = new RegExp(`(?:^|;\\s*)${DISMISSED_NOTICES_COOKIE}=([0-9a-z.]*)(?:;|$)`).exec(cookie ?? '')?.[1] ?? '';
  return value.split(DISMISSED_NOTICES_SEPARATOR).filter((key) => key !== '');
}
