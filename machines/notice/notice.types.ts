/**
 * The operator's notice on the member home (spec 7 GET /api/lookup/notice,
 * in the member's language; docs/decisions/0140-the-notice-on-the-home.md).
 */
import type { ResponseOf } from '../../src/contract/endpoints.ts';
import type { Result } from '../shared/result.ts';

export interface NoticeInput {
  /** The keys (noticeKey) of the texts dismissed on this device, oldest first. */
  dismissed: string[];
  /**
   * The answer the home's page brought with it (src/features/home/notice-in-page.ts), or null: the
   * notice is then read from the server (docs/decisions/0147-the-member-home-paints-first.md).
   */
  inPage: NoticeAnswer | null;
}

export interface NoticeContext {
  /** The notice shown: HTML as the server cleaned it (the view sanitises it again), or null. */
  notice: string | null;
  /** The keys of the texts dismissed on this device, oldest first, at most NOTICE_DISMISSALS_KEPT. */
  dismissed: string[];
  /** The first read answered, or NOTICE_WAIT_MS passed without an answer: the home shows its widgets from then on. */
  settled: boolean;
  /** The answer the page brought (the input's), which decides the first state; null once the server has been asked. */
  inPage: NoticeAnswer | null;
}

export type NoticeEvent =
  /** The member closes the notice: this text stays closed on this device until it changes. */
  | { type: 'notice.dismiss' }
  /** Read again: the member switched language, and the server answers the notice in the new one. */
  | { type: 'notice.reload' };

/** What GET /api/lookup/notice answered: `{ notice }`, null for none in this language. */
export type NoticeAnswer = Result<ResponseOf<'lookupNotice'>>;

/**
 * Actor the view provides: read (GET /api/lookup/notice → NoticeAnswer).
 * Action the view provides: remember ({ dismissed }) — store the keys of the
 * dismissed texts (local storage, a key of ours).
 * Tags: 'shown' while there is a notice to show.
 */
export type NoticeTag = 'shown';
