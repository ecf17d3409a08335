/**
 * The numbers the server enforces, in one place (reasons in docs/decisions.md,
 * "## Server").
 */
const MINUTE_MS = 60_000;

/** A login token lives 7 days from login; it does not slide. */
export const SESSION_LIFETIME_MS = 7 * 24 * 60 * MINUTE_MS;

/** An OTP code can be entered for 5 minutes after it was sent. */
export const OTP_LIFETIME_MS = 5 * MINUTE_MS;
/** Wrong codes allowed per OTP token; the 5th wrong code blocks the token. */
export const OTP_MAX_ATTEMPTS = 5;
/** A verified phone may register within 30 minutes of verification. */
export const PHONE_VERIFICATION_LIFETIME_MS = 30 * MINUTE_MS;
/** OTP sends are limited per phone and per client address over this window. */
export const OTP_SEND_WINDOW_MS = 15 * MINUTE_MS;
export const OTP_SENDS_PER_PHONE = 3;
export const OTP_SENDS_PER_IP = 10;

/** Failed logins per phone within the window before logins are refused. */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_FAILURE_WINDOW_MS = 15 * MINUTE_MS;

/** Largest JSON body accepted; the biggest real request is well under 2 KB. */
export const JSON_BODY_LIMIT_BYTES = 64 * 1024;

/** A game entry link's one-time token works this long: enough to open it, too short to share. */
export const GAME_ENTRY_TOKEN_LIFETIME_MS = 2 * MINUTE_MS;
/** A game page's session lasts this long from entry (no sliding); then the member enters again from the wallet. */
export const GAME_SESSION_LIFETIME_MS = 4 * 60 * MINUTE_MS;

/**
 * The operator's withdrawal list shows at most this many, oldest first: the
 * pending queue is worked from its start, and a longer list needs paging.
 */
export const OPS_WITHDRAWALS_LIST_MAX = 500;
