/**
 * The numbers the server enforces, in one place (reasons in the decisions,
 * docs/decisions/README.md).
 */
import { CHAT_VIDEO_MAX_BYTES } from '../contract/rules/chat.ts';
import { SLIP_UPLOAD_INTERVAL_MS } from '../contract/rules/slips.ts';

const MINUTE_MS = 60_000;

/** A login token lives 7 days from login; it does not slide. */
export const SESSION_LIFETIME_MS = 7 * 24 * 60 * MINUTE_MS;
/** An operator's token lives one working day (8 hours): operators hold the back office's rights. */
export const OPERATOR_SESSION_LIFETIME_MS = 8 * 60 * MINUTE_MS;

/** An OTP code can be entered for 5 minutes after it was sent. */
export const OTP_LIFETIME_MS = 5 * MINUTE_MS;
/** Wrong codes allowed per OTP token; the 5th wrong code blocks the token. */
export const OTP_MAX_ATTEMPTS = 5;
/** A verified phone may register within 30 minutes of verification. */
export const PHONE_VERIFICATION_LIFETIME_MS = 30 * MINUTE_MS;
/** OTP sends are limited per phone over this window (per client address: DEFAULT_IP_LIMITS.otpSends). */
export const OTP_SEND_WINDOW_MS = 15 * MINUTE_MS;
export const OTP_SENDS_PER_PHONE = 3;

/**
 * Wrong passwords for one phone (member or operator) from one client
 * address slow that address's next attempt instead of locking the right
 * password out: five failures cost nothing, after the sixth the next
 * attempt waits 2 s, then 4 s, 8 s ... up to 15 minutes; a right password
 * clears them, and they are forgotten a day after the last one.
 */
export const LOGIN_DELAY = { free: 5, baseMs: 2_000, maxMs: 15 * MINUTE_MS, forgetAfterMs: 24 * 60 * MINUTE_MS };
/**
 * Wrong passwords for one phone from addresses its owner never logged in
 * from, counted together across them: many addresses sharing the guessing
 * get ten failures free, then waits of 2 s, 4 s ... up to 15 minutes. From
 * an address the owner logged in from (within KNOWN_ADDRESS_LIFETIME_MS)
 * only the per-address wait applies, so the owner is never held up there.
 */
export const ACCOUNT_LOGIN_DELAY = { free: 10, baseMs: 2_000, maxMs: 15 * MINUTE_MS, forgetAfterMs: 24 * 60 * MINUTE_MS };
export const KNOWN_ADDRESS_LIFETIME_MS = 90 * 24 * 60 * MINUTE_MS;
/** Wrong old passwords on a password change: the same slowing, per member. */
export const CHANGE_PASSWORD_DELAY = LOGIN_DELAY;

/** Defaults of the per-address limits (LIMIT_*_PER_IP; README). */
export const DEFAULT_IP_LIMITS = {
  loginFailures: { max: 30, windowMs: 15 * MINUTE_MS },
  otpSends: { max: 10, windowMs: 15 * MINUTE_MS },
  otpFailures: { max: 20, windowMs: 15 * MINUTE_MS },
  registrations: { max: 10, windowMs: 60 * MINUTE_MS },
  validations: { max: 60, windowMs: 60 * MINUTE_MS },
  /**
   * Calls to Opn's webhook, which anyone can post to (decision 0135). Opn
   * sends a few events per charge from a few addresses: 300 a minute is far
   * above a busy hour's pace, and an event refused here Opn sends again.
   */
  opnWebhooks: { max: 300, windowMs: MINUTE_MS },
};
/** Login attempts over the whole server (LIMIT_LOGINS_GLOBAL): far above real use, far below a flood. */
export const DEFAULT_LOGINS_GLOBAL = { max: 1_200, windowMs: MINUTE_MS };

/** Per member: QR codes created (each replaces the last), game entries opened, mobile-wallet links sent. */
export const QR_CREATIONS_PER_MEMBER = { max: 10, windowMs: 10 * MINUTE_MS };
export const GAME_ENTRIES_PER_MEMBER = { max: 30, windowMs: 10 * MINUTE_MS };
export const TRUELINK_ATTEMPTS_PER_MEMBER = { max: 20, windowMs: 60 * MINUTE_MS };
/**
 * Promotion codes named that are not offered (promotions/code-guesses.ts):
 * a member mistyping a code from a banner misses a few times; 10 in 15
 * minutes per member, 30 per address, put guessing a code of 8 letters and
 * digits out of reach.
 */
export const PROMOTION_CODE_MISSES_PER_MEMBER = { max: 10, windowMs: 15 * MINUTE_MS };
export const PROMOTION_CODE_MISSES_PER_ADDRESS = { max: 30, windowMs: 15 * MINUTE_MS };
/** Stale limit state is dropped this often (rate_counters, throttles). */
export const LIMITS_PRUNE_INTERVAL_MS = 10 * MINUTE_MS;

// ---------------------------------------------------------------- connections (connections.ts; docs/decisions/0144-connections-and-chat-storage.md)

/**
 * Open files the server keeps free of client connections when it sizes its
 * connection cap from the process's soft limit of open files
 * (RLIMIT_NOFILE): the database pool, Redis, uploads being read or written,
 * the log. Past the soft limit every accept() and open() fails, for
 * everyone.
 */
export const FILES_KEPT_FREE = 256;
/** The connection cap where the file limit cannot be read (not Linux) or is unlimited; MAX_CONNECTIONS sets another. */
export const DEFAULT_MAX_CONNECTIONS = 4_096;
/** The cap is never below this, however low the file limit (a server that takes no connections is no server). */
export const MIN_MAX_CONNECTIONS = 64;
/**
 * Connections of one client address at once, counted as they are accepted
 * (CONNECTIONS_PER_IP): a browser holds ~6 to a site plus its chat socket,
 * an office or a mobile carrier's NAT puts many behind one address. Not
 * counted for TRUST_PROXY's addresses (every client comes through them:
 * the chat's own caps count those by X-Forwarded-For), nor with
 * LIMITS_PER_IP=off.
 */
export const DEFAULT_CONNECTIONS_PER_ADDRESS = 256;
/**
 * How long the server waits for a request's headers, counted from the
 * connection's start for its first request: an idle or trickling
 * connection (slowloris) is closed after this.
 */
export const HTTP_HEADERS_TIMEOUT_MS = 10_000;
/**
 * How long a whole request may take to arrive, body included: a 20 MB chat
 * video over a slow mobile uplink (~2 Mbit/s) takes ~80 s.
 */
export const HTTP_REQUEST_TIMEOUT_MS = 120_000;
/**
 * An idle keep-alive connection between requests is closed after this
 * (Fastify's default is 72 s, meant for load balancers that reuse
 * connections for 60 s: set theirs shorter, README "Behind a reverse proxy").
 */
export const HTTP_KEEP_ALIVE_TIMEOUT_MS = 10_000;
/** A connection on which nothing moves either way for this long is closed (a reader that stopped reading an answer). */
export const HTTP_IDLE_TIMEOUT_MS = 60_000;
/** How often Node checks the headers and request timeouts above (its default, 30 s, would let them run 30 s late). */
export const HTTP_TIMEOUTS_CHECK_MS = 1_000;

/** Largest JSON body accepted; the biggest real request is well under 2 KB. */
export const JSON_BODY_LIMIT_BYTES = 64 * 1024;
/**
 * Largest JSON body of an operator's endpoint (route.ts), read only once the
 * operator's session is proven (authentication runs before the body is
 * read). Operators send HTML of up to HTML_MAX_LENGTH (20,000) characters
 * in each of three languages per field: 10 banners or a 16-slice wheel
 * written to those maxima in Thai (3 bytes a character in UTF-8) come to
 * 1.8 and 2.9 MB. The 50-paragraph texts at their every maximum would be
 * more; no real text is.
 */
export const OPERATOR_JSON_BODY_LIMIT_BYTES = 4 * 1024 * 1024;
/**
 * No body of this API nests more than a few levels or holds more than a few
 * dozen values; these caps are far above that and bound the walk over a
 * body (and everything after it) on a hostile one. 64 KB of JSON is ~30,000
 * levels.
 */
export const BODY_MAX_DEPTH = 32;
export const BODY_MAX_VALUES = 10_000;

/** Password hashes waiting for a turn (auth/passwords.ts); beyond this a hash is refused at once (PasswordHashingBusy). */
export const HASHING_QUEUE_MAX = 256;

/** A signed provider call older than this is refused (a captured call cannot be replayed later). */
export const WEBHOOK_TOLERANCE_MS = 5 * MINUTE_MS;
/** A provider's timestamp this far ahead of our clock still passes (clocks drift a little). */
export const WEBHOOK_FUTURE_SKEW_MS = 30_000;

/** A game entry link's one-time token works this long: enough to open it, too short to share. */
export const GAME_ENTRY_TOKEN_LIFETIME_MS = 2 * MINUTE_MS;
/** A game page's session lasts this long from entry (no sliding); then the member enters again from the wallet. */
export const GAME_SESSION_LIFETIME_MS = 4 * 60 * MINUTE_MS;

/**
 * The payout CSV (GET /api/ops/withdrawals.csv) holds at most this many
 * withdrawals: a bank's batch upload takes a few thousand lines; more means
 * the filter (one bank, one status) should be narrower. X-Total-Count says
 * how many matched.
 */
export const OPS_WITHDRAWALS_EXPORT_MAX = 5_000;

/** The operator's payment review list shows at most this many, oldest first (the queue is worked from its start). */
export const OPS_PAYMENTS_LIST_MAX = 500;

// ---------------------------------------------------------------- slips (docs/decisions/0066-one-slip-a-minute.md)

/** spec 8 REQUEST_LIMIT_1MIN: one slip per member per minute (a rule the SPA shares). */
export { SLIP_UPLOAD_INTERVAL_MS };
/** The same minute as a reservation (limits/store.ts): every upload waits a minute after the last, whatever it held. */
export const SLIP_UPLOAD_COOLDOWN = { free: 0, baseMs: SLIP_UPLOAD_INTERVAL_MS, maxMs: SLIP_UPLOAD_INTERVAL_MS, forgetAfterMs: SLIP_UPLOAD_INTERVAL_MS };

/** A signed link to a slip image works this long: enough to open it from the table, too short to pass around. */
export const SLIP_LINK_LIFETIME_MS = 10 * MINUTE_MS;

/** Decoded images larger than this many pixels are refused (a small file can unpack into gigabytes). */
export const SLIP_MAX_PIXELS = 40_000_000;

/** Stored images are scaled down to fit this square; a phone's slip screenshot is ~1,080 × 2,400. */
export const SLIP_MAX_SIDE = 2_400;

// ---------------------------------------------------------------- uploaded images: slips and chat images (server/images)

/**
 * Image decodes running at once in a process, in each of its two queues
 * (slips; chat images): libvips already spreads one over the cores, so
 * others wait their turn, but a slip never waits behind chat images.
 */
export const IMAGE_DECODES_AT_ONCE = 1;
/**
 * A JPEG of more scans than this is refused before decoding. Each scan of a
 * progressive JPEG walks every block of the image again, even a scan that
 * carries nothing: a valid 6,300 × 6,300 file of 2,647 near-empty scans
 * (394 KB) cost 25 s of CPU. Phones, libjpeg and mozjpeg write 1 (baseline)
 * to ~10 scans.
 */
export const JPEG_MAX_SCANS = 64;
/**
 * sharp stops a decode running longer than this (a 40-megapixel photo takes
 * ~2 s on the 2-core machine we measured). libvips checks the clock between
 * the pieces of its work, not inside libjpeg's reading of the scans, so the
 * limit on scans above is what bounds that part.
 */
export const IMAGE_DECODE_TIMEOUT_SECONDS = 5;

// ---------------------------------------------------------------- bonuses (docs/decisions/0095-bonuses-on-the-ledger.md)

/** A deposit bonus counts the member's latest deposit of the last day that no bonus counted yet. */
export const BONUS_DEPOSIT_WINDOW_MS = 24 * 60 * MINUTE_MS;

/** The bonus list carries a member's receipts of the last 8 days for day and week bonuses (enough for today and this week). */
export const BONUS_RECEIPTS_SHOWN_MS = 8 * 24 * 60 * MINUTE_MS;

/** The operator's change log shows the newest this many. */
export const OPS_CHANGES_LIST_MAX = 200;

// ---------------------------------------------------------------- prize wheel (docs/decisions/0100-prize-wheel.md)

/**
 * One bet earns at most this many wheel coins, whatever the rule says (a
 * mistyped rule cannot flood coins; docs/decisions/0103-coins-from-play.md).
 */
export const WHEEL_COINS_PER_BET_MAX = 1_000;

/** The coupon list carries at most this many: open coupons first, then the newest others (rewards/coupons.ts memberCoupons; the SPA pages them 3 at a time). */
export const COUPONS_LIST_MAX = 200;

// ---------------------------------------------------------------- rewards marketing may write (docs/decisions/0103-coins-from-play.md)

/**
 * Above these an invite or refund rule is an admin's to write; marketing
 * gets 403 UNAUTHORIZED (the wheel's bound is the wheelReturnCeiling
 * setting). They keep one marketing operator from paying out money on a
 * rule alone: an invite of 100 % with no turnover pays a farmer who
 * registers friends and withdraws at once. Percent of the invitee's first
 * deposit, turnover as times that deposit, percent of a period's net loss.
 */
export const MARKETING_INVITE_PERCENT_MAX = 20;
/**
 * And no more percent than this per times of turnover asked: an invitee who
 * bets m × their deposit loses about the games' house edge (5 %) × m of it,
 * so a bonus of at most 5 % × m doesn't pay a farmer on average (5 % at 1×,
 * 15 % at 3×).
 */
export const MARKETING_INVITE_PERCENT_PER_TURNOVER = 5;
export const MARKETING_REFUND_PERCENT_MAX = 20;

// ---------------------------------------------------------------- loss refund (docs/decisions/0099-loss-refund.md)

/**
 * A member's refunds are computed when they look (check, log, receive) for
 * this many closed periods back: a month of days, two months of weeks. A
 * period older than that, never computed, earns nothing.
 */
export const REFUND_LOOKBACK_PERIODS = { day: 31, week: 8 } as const;

/**
 * How often each server process computes every member's refund of the last
 * closed period (rewards/refunds.ts accrueLastPeriod; safe from several
 * processes at once), so refunds are there before members look.
 */
export const REFUND_ACCRUAL_INTERVAL_MS = 60 * 60 * 1000;

// ---------------------------------------------------------------- Opn charges the webhook did not report (docs/decisions 0135)

/**
 * How often each server process asks Opn about its QRs' charges
 * (deposits/charge-check.ts), in case Opn's webhook never reached us.
 */
export const OPN_CHARGE_CHECK_INTERVAL_MS = MINUTE_MS;
/** A charge younger than this is left to the webhook, which usually comes first. */
export const OPN_CHARGE_CHECK_MIN_AGE_MS = MINUTE_MS;
/** A QR whose countdown ended this long ago or less is still asked about (a charge paid just before the end). */
export const OPN_CHARGE_CHECK_AFTER_EXPIRY_MS = 10 * MINUTE_MS;
/** At most this many charges are asked about per run, oldest first. */
export const OPN_CHARGE_CHECK_BATCH = 50;

// ---------------------------------------------------------------- live support chat (docs/decisions 0104-0106)

/**
 * A guest token works this long from its issue; the widget asks for a new
 * one (POST /api/chat/guest with the live token) each time it opens, so a
 * guest who comes back within the month keeps their id and history.
 */
export const CHAT_GUEST_TOKEN_LIFETIME_MS = 30 * 24 * 60 * MINUTE_MS;
/** A guest conversation with no message and no visit for this long is closed, its messages and media removed (chat/cleanup.ts). */
export const CHAT_GUEST_IDLE_MS = 30 * 24 * 60 * MINUTE_MS;
/** How often each server process runs that cleanup (safe from several processes at once). */
export const CHAT_CLEANUP_INTERVAL_MS = 60 * MINUTE_MS;
/**
 * An upload no message has named for this long is removed by that cleanup
 * (the widget sends a file the moment its upload answers; an hour covers a
 * slow phone, not a disk filled by uploads that are never sent).
 */
export const CHAT_UNSENT_MEDIA_TTL_MS = 60 * MINUTE_MS;
/**
 * Bytes of uploads a conversation may hold that no message names yet (three
 * videos at their limit): past it an upload is refused until some are sent
 * or removed (chat/uploads.ts).
 */
export const CHAT_UNSENT_MEDIA_MAX_BYTES = 3 * CHAT_VIDEO_MAX_BYTES;
/**
 * The most samples (or table entries) a chat video's sample tables may
 * name: a 20 MB phone video of a few minutes has some ten thousand (30
 * frames a second and its audio); more is a file built to make the check
 * (which makes one object per sample) cost seconds and gigabytes.
 */
export const CHAT_VIDEO_MAX_SAMPLES = 100_000;
/**
 * Bytes of a chat video that no sample of its tracks holds (the boxes that
 * describe the movie, metadata, padding): a phone's film of the largest
 * size allowed has a few hundred KB of them at most; a small film padded
 * out to the size limit has megabytes (chat/media-video.ts).
 */
export const CHAT_VIDEO_UNPLAYED_MAX_BYTES = 1024 * 1024;
/**
 * What chat files may take on disk (chat/uploads.ts; docs/decisions/0144-connections-and-chat-storage.md).
 * A guest costs nothing to make (CHAT_GUESTS_PER_ADDRESS a hour) and its
 * files are kept for CHAT_GUEST_IDLE_MS, so without quotas one address
 * could store gigabytes an hour. Counted over a rolling day of stored bytes
 * (after images are re-encoded):
 *
 * - per guest: a few photos and videos of CHAT_GUEST_VIDEO_MAX_BYTES;
 * - per member: more, as a member is a known customer (their account, not
 *   their address, is counted: members behind one carrier's address do not
 *   share a quota);
 * - per client address, over all its guests: a household's or an office's
 *   few guests, far below what 20 new guests an hour could send;
 * - in all, every chat file kept: past it every upload is refused with 507
 *   CHAT_STORAGE_FULL until files are removed (the cleanup, an operator)
 *   or the quota is raised. Set it well below the disk's free space.
 *
 * Each is configurable in megabytes (README "Configuration"); agents'
 * uploads count in the total only.
 */
export const CHAT_MEDIA_QUOTA_WINDOW_MS = 24 * 60 * MINUTE_MS;
const MB = 1024 * 1024;
export const DEFAULT_CHAT_MEDIA_QUOTAS = {
  perGuestDay: 25 * MB,
  perMemberDay: 100 * MB,
  perGuestAddressDay: 150 * MB,
  total: 20 * 1024 * MB,
};
/**
 * Guests' files together may take at most this share of the total: guests
 * cost nothing to make, and addresses enough to fill the total in a day
 * must never leave members and agents unable to send a picture. Past it a
 * guest's upload is refused 507 CHAT_STORAGE_FULL; members' still go.
 */
export const CHAT_MEDIA_GUEST_SHARE = 0.25;
/** A signed link to a chat image or video works this long: a history page's links outlive reading it, not sharing it. */
export const CHAT_MEDIA_LINK_LIFETIME_MS = 60 * MINUTE_MS;

/**
 * Messages per sender (a member or a guest): a person types far fewer than
 * one every two seconds; a script is stopped within a minute. Per client
 * address more, for a household or office behind one address (off with
 * LIMITS_PER_IP=off, like the other per-address limits).
 */
export const CHAT_MESSAGES_PER_SENDER = { max: 30, windowMs: MINUTE_MS };
export const CHAT_MESSAGES_PER_ADDRESS = { max: 120, windowMs: MINUTE_MS };
/** Uploads (images and videos together) per sender and per client address. */
export const CHAT_UPLOADS_PER_SENDER = { max: 10, windowMs: 10 * MINUTE_MS };
export const CHAT_UPLOADS_PER_ADDRESS = { max: 30, windowMs: 10 * MINUTE_MS };
/**
 * History pages per sender and per client address: the widget asks for one
 * on opening and one per 10 older messages scrolled to; a page is a query
 * with joins, so a script reading in a loop is stopped.
 */
export const CHAT_HISTORY_PER_SENDER = { max: 60, windowMs: MINUTE_MS };
export const CHAT_HISTORY_PER_ADDRESS = { max: 240, windowMs: MINUTE_MS };
/** New guest ids per client address (renewing a live token is not counted). */
export const CHAT_GUESTS_PER_ADDRESS = { max: 20, windowMs: 60 * MINUTE_MS };

/** The agent inbox's page of conversations (skip grows by this). */
export const CHAT_INBOX_PAGE_SIZE = 20;
/** The customer panel's latest deposits. */
export const CHAT_PANEL_DEPOSITS = 5;
/** Decoded chat images larger than this many pixels are refused (as slips: a small file can unpack into gigabytes). */
export const CHAT_IMAGE_MAX_PIXELS = 40_000_000;
/** Stored chat images are scaled down to fit this square (a phone photo is ~4,000 px on its long side). */
export const CHAT_IMAGE_MAX_SIDE = 2_048;
/**
 * Re-encoding a GIF quantises every frame again: about 0.25 µs of CPU per
 * pixel plus up to ~2.5 ms per frame on the 2-core machine we measured, so
 * a 10 MB file of many frames could cost seconds. GIFs with more frames, or
 * more pixels over all frames (frames × the GIF's width × height), are
 * refused before any decoding: this cap is ~4 s of CPU, still a 480×480 GIF
 * of 60 frames.
 */
export const CHAT_GIF_MAX_FRAMES = 300;
export const CHAT_GIF_MAX_PIXELS = 16_000_000;
/**
 * Requests for stored files (slip images, chat media by signed link) per
 * client address: a history page of images and a video player asking for
 * byte ranges stay far below; a loop re-reading a file from disk is stopped
 * within a minute (off with LIMITS_PER_IP=off, like the other per-address limits).
 */
export const FILE_REQUESTS_PER_ADDRESS = { max: 600, windowMs: MINUTE_MS };

// The chat's sockets (chat/realtime.ts).
/** Largest socket packet: messages travel over HTTP; the socket carries joins, typing and the server's events. */
export const CHAT_SOCKET_MAX_BYTES = 16 * 1024;
/**
 * A connection that has not proven who it is (the handshake's auth) within
 * this long is closed. The client sends its handshake the moment the
 * websocket opens (one round trip); a connection that sends none is only
 * holding a file of the server's (docs/decisions/0144-connections-and-chat-storage.md).
 */
export const CHAT_SOCKET_CONNECT_TIMEOUT_MS = 5_000;
/**
 * A socket that answers no ping within this long after it is sent is
 * closed (socket.io pings every 25 s): a phone that left without closing
 * frees its place in ~35 s instead of ~45 s.
 */
export const CHAT_SOCKET_PING_TIMEOUT_MS = 10_000;
/**
 * Websocket connections of one client address that have not finished the
 * handshake yet (chat/socket-admission.ts): a few tabs opening at once
 * need a few; the caps below count a socket only once its handshake is
 * done, so without this one address could hold thousands of connections
 * that never send it. Off with LIMITS_PER_IP=off.
 */
export const CHAT_HANDSHAKES_PER_ADDRESS = 20;
/**
 * The chat's websockets may take this share of the server's connections
 * (MAX_CONNECTIONS): the rest stays for HTTP (logins, deposits, the
 * providers' webhooks) however many sockets are open.
 */
export const CHAT_SOCKETS_SHARE_OF_CONNECTIONS = 0.75;
/** Each socket's events (join, typing): a burst of 20, then 5 a second; beyond, dropped. */
export const CHAT_SOCKET_EVENT_BUDGET = { burst: 20, perSecond: 5 };
/** Conversation rooms one agent's socket is in at once; joining one more leaves the one joined longest ago. */
export const CHAT_SOCKET_AGENT_ROOMS_MAX = 50;
/**
 * Live sockets at once in each process (chat/socket-caps.ts): one guest id
 * or member login session (a few tabs), one operator (the inbox in several
 * tabs and browsers), one client address (a household or an office; off
 * with LIMITS_PER_IP=off, like the other per-address limits).
 */
export const CHAT_SOCKETS_PER_CREDENTIAL = 5;
export const CHAT_SOCKETS_PER_OPERATOR = 10;
export const CHAT_SOCKETS_PER_ADDRESS = 100;
/**
 * How often each process checks the sessions behind its sockets (one query)
 * and counts the agents again: a session ended where no hub could tell (the
 * ops:* commands, expiry) loses its socket within this.
 */
export const CHAT_SOCKET_SWEEP_MS = 5_000;

/** The most approval requests one GET /api/ops/approvals lists (the pending queue oldest first). */
export const OPS_APPROVALS_LIST_MAX = 500;

/** Rows in one CSV export of the audit (newest first): a month of a busy back office. */
export const OPS_AUDIT_EXPORT_MAX = 50_000;

/** The window of what one operator moved alone that the operatorDailyAlone setting bounds (docs/decisions/0121-dual-control.md). */
export const OPERATOR_ALONE_WINDOW_MS = 24 * 60 * MINUTE_MS;

/**
 * A member's session notes when it was last used (the console shows it) at
 * most this often: a write a minute per session, not one per request.
 */
export const SESSION_USE_NOTED_EVERY_MS = MINUTE_MS;
/**
 * How long a server process trusts what it last read of the console's
 * service switch (the settings table) before reading it again: another
 * process sees a termination or a resumption within this time.
 */
export const SERVICE_STATUS_FRESH_MS = 2_000;

/** How often an aggregator's games list is read into the games table (and once at start): daily. */
export const GAME_SYNC_INTERVAL_MS = 24 * 60 * MINUTE_MS;

// ---------------------------------------------------------------- operating it (docs/decisions/0148-operating-it.md)

/** How long GET /readyz waits for the database's `select 1` and Redis's PING before it calls the dependency down. */
export const READY_CHECK_TIMEOUT_MS = 1_000;

/** How long a scrape of GET /metrics reuses the pending slips' and approvals' counts (one query at most this often). */
export const METRICS_PENDING_FRESH_MS = 5_000;

/**
 * After SIGTERM, requests in flight have this long to finish; then the
 * connections still open (a trickling upload) are cut, so the process
 * stays within a host's usual grace period (Docker's and Kubernetes' are 10 s and 30 s).
 */
export const SHUTDOWN_GRACE_MS = 8_000;

/** An `X-Request-Id` from a trusted proxy is used when it has 8 to 128 of these characters (nginx's $request_id: 32 hex digits; a UUID: 36). */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{8,128}$/;
