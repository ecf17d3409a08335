/**
 * The numbers the slip checks and links enforce (reasons in
 * docs/decisions.md, "Slips").
 */
const MINUTE_MS = 60_000;

/** spec 8 REQUEST_LIMIT_1MIN: one slip per member per minute. */
export const SLIP_UPLOAD_INTERVAL_MS = MINUTE_MS;
/** The same minute as a reservation (limits/store.ts): every upload waits a minute after the last, whatever it held. */
export const SLIP_UPLOAD_COOLDOWN = { free: 0, baseMs: SLIP_UPLOAD_INTERVAL_MS, maxMs: SLIP_UPLOAD_INTERVAL_MS, forgetAfterMs: SLIP_UPLOAD_INTERVAL_MS };

/** A signed link to a slip image works this long: enough to open it from the table, too short to pass around. */
export const SLIP_LINK_LIFETIME_MS = 10 * MINUTE_MS;

/** Decoded images larger than this many pixels are refused (a small file can unpack into gigabytes). */
export const SLIP_MAX_PIXELS = 40_000_000;

/** Stored images are scaled down to fit this square; a phone's slip screenshot is ~1,080 × 2,400. */
export const SLIP_MAX_SIDE = 2_400;

/** The operator's slip list shows at most this many, oldest first, like the withdrawal queue. */
export const OPS_SLIPS_LIST_MAX = 500;
