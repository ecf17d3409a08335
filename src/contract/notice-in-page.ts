/**
 * The notice the member home's page carries (docs/decisions/0147-the-member-home-paints-first.md):
 * for /user/home the server writes GET /api/lookup/notice's answer into the
 * page, in a JSON script block of this id, with the language it is in as
 * `data-language` (th | la | en); the home reads it once instead of asking.
 */
export const NOTICE_IN_PAGE_ID = 'notice-answer';

/**
 * The cookie in which the SPA mirrors the keys of the notices this device
 * dismissed (machines/notice/notice-key.ts), joined by dots: the server
 * leaves a dismissed notice out of the home's page as the home would
 * (docs/decisions/0152-the-home-page-comes-drawn.md).
 */
export const DISMISSED_NOTICES_COOKIE = 'dismissed-notice';
export const DISMISSED_NOTICES_SEPARATOR = '.';
