/**
 * The notice the member home's page brought with it (src/server/plugins/spa.ts,
 * docs/decisions/0147-the-member-home-paints-first.md): GET /api/lookup/notice's
 * answer, written by the server into the page. Taken once: the element goes
 * at the first look, so a second read (a language switch, the home shown
 * again) asks the server. None when the page has no block (another first
 * page, the service worker's app shell), when it is in another language
 * than the app shows (the device remembered one the cookie did not say), or
 * when it does not match the contract: the home then reads the notice from
 * the API, as before. The text is still sanitised when shown (SafeHtml).
 */
import * as v from 'valibot';
import { NoticeResponse } from '../../contract/api.ts';
import { NOTICE_IN_PAGE_ID } from '../../contract/notice-in-page.ts';
import type { AppLocale } from '../../i18n/locale.ts';
import type { NoticeAnswer } from '../../../machines/notice/notice.types.ts';

export function takeNoticeInPage(page: Pick<Document, 'getElementById'>, locale: AppLocale): NoticeAnswer | null {
  const block = page.getElementById(NOTICE_IN_PAGE_ID);
  if (!block) return null;
  block.remove();
  if (block.dataset.language !== locale) return null;
  try {
    const parsed = v.safeParse(NoticeResponse, JSON.parse(block.textContent ?? ''));
    return parsed.success ? { ok: true, data: parsed.output } : null;
  } catch {
    return null; // not JSON: ask the server
  }
}
