/**
 * The member home's page comes drawn (docs/decisions/0152-the-home-page-comes-drawn.md):
 * in place of the app shell's page of index.html (a form's skeleton), the
 * page of GET /user/home carries a shell of the home — the balance card's
 * place and the operator's notice, drawn as the home draws it — so the
 * notice, the home's largest text, shows with the page instead of after
 * the home's scripts; React's first render replaces it with the home.
 * The notice is the public one the page also carries as JSON (spa.ts),
 * cleaned again here as it was on write (a text stored before cleaning
 * closed its own elements could otherwise close the page's): this is the
 * server rendering HTML.
 */
import { DISMISSED_NOTICES_COOKIE, keysOfDismissedCookie, noticeShows } from '../../contract/rules/notice-dismissals.ts';
import { cookieValue } from '../cookies.ts';
import { cleanHtml } from '../promotions/html.ts';

/** The app shell's <main> in index.html (a form's skeleton), whose place the home's shell takes. */
const APP_SHELL_MAIN = /<main class="page" aria-busy="true">[\s\S]*?<\/main>/;

/** The shell's notice: NoticeBanner's markup, its title and close button held by placeholders (they come with the home's texts). */
function noticeMarkup(html: string): string {
  return (
    '<section class="notice"><div class="notice__body">' +
    '<p class="notice__title app-shell__notice-title" aria-hidden="true"><span class="skeleton"></span></p>' +
    `<div class="rich-text notice__text">${cleaned(html)}</div>` +
    '</div><span class="icon-button notice__close" aria-hidden="true"></span></section>'
  );
}

/** The texts last cleaned, one per language at most: every home page would otherwise clean the same text again. */
const CLEANED_KEPT = 3;
const cleanedTexts = new Map<string, string>();

function cleaned(html: string): string {
  let text = cleanedTexts.get(html);
  if (text === undefined) {
    text = cleanHtml(html);
    if (cleanedTexts.size >= CLEANED_KEPT) cleanedTexts.delete(cleanedTexts.keys().next().value!);
    cleanedTexts.set(html, text);
  }
  return text;
}

/**
 * `page` (index.html) with the home's shell for its page: the `notice` (the
 * operator's text in the page's language, or null) unless it has no text or
 * the device dismissed it (the keys in its request's `cookieHeader`), as the
 * home decides (machines/notice).
 */
export function withHomeShell(page: string, notice: string | null, cookieHeader: string | undefined): { page: string; drawsNotice: boolean } {
  const dismissed = keysOfDismissedCookie(cookieValue(cookieHeader, DISMISSED_NOTICES_COOKIE));
  const drawsNotice = noticeShows(notice, dismissed);
  const home =
    '<main class="page" aria-busy="true"><div class="home stack stack--page"><div class="home__top">' +
    '<div class="card app-shell__balance" aria-hidden="true"></div>' +
    `<div class="home__side">${drawsNotice ? noticeMarkup(notice) : ''}</div>` +
    '</div></div></main>';
  return { page: page.replace(APP_SHELL_MAIN, () => home), drawsNotice };
}
