/**
 * The notice the member home's page carries (docs/decisions/0147-the-member-home-paints-first.md):
 * for /user/home the server writes GET /api/lookup/notice's answer into the
 * page, in a JSON script block of this id, with the language it is in as
 * `data-language` (th | la | en); the home reads it once instead of asking.
 */
export const NOTICE_IN_PAGE_ID = 'notice-answer';
