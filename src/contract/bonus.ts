/**
 * Bonuses and promotion codes (spec 3 bonus list item, bonus-active,
 * promotion find, clear-bonus; spec 7 /api/bonus/*, /api/promotion/*): what
 * the member reads and what an operator writes. Amounts are major units;
 * HTML fields are cleaned by the server on write and sanitised by the SPA
 * before rendering.
 */
import * as v from 'valibot';
import { IsoDateTime } from './common.ts';
import { amountSchema, hasAtMostTwoDecimals } from './money.ts';

/** spec 3: limit counts every receipt, day today's, week this week's (Monday start), in the variant's time zone. */
export const BONUS_TYPES = ['limit', 'day', 'week'] as const;
export type BonusType = (typeof BONUS_TYPES)[number];

/** A bonus is listed for every member; a promotion is found by its code and received once. */
export const BONUS_KINDS = ['bonus', 'promotion'] as const;
export type BonusKind = (typeof BONUS_KINDS)[number];

/** An operator may pause an offer: it is then neither listed, found nor activated. */
export const BONUS_STATUSES = ['active', 'paused'] as const;

/** A banner of a bonus, of the invite or refund carousels (spec 3): an image and HTML beside it. */
export const BannerItem = v.object({ image: v.string(), html: v.string() });

/** spec 3: the member's record of a bonus: the latest receipt's id, whether it is the active bonus, every receipt that counts. */
export const UserBonus = v.object({
  _id: v.string(),
  isActive: v.boolean(),
  received: v.array(v.object({ updatedAt: IsoDateTime })),
});

/** spec 3 bonus list item, with the server's numbers the texts name (spec 9 placeholders). */
export const BonusItem = v.object({
  code: v.string(),
  type: v.picklist(BONUS_TYPES),
  maxReceived: v.number(),
  /** Percent of the bonus forfeited by cancelling before the turnover is met. */
  percentFail: v.number(),
  banners: v.array(BannerItem),
  /** null: the member never received it. */
  userBonus: v.nullable(UserBonus),
  /** Turnover target = multiplier × (qualifying deposit + bonus). */
  turnoverMultiplier: v.number(),
  /** The bonus ends by itself when wallet + games fall below this (major units). */
  endThreshold: v.number(),
});
export type BonusItem = v.InferOutput<typeof BonusItem>;
export const BonusListResponse = v.object({ bonuses: v.array(BonusItem) });

/**
 * spec 3 bonus-active: whether the member holds a bonus and its type; with
 * one, how far its turnover is (bets since it was received, from the ledger)
 * and what it was.
 */
export const BonusActiveResponse = v.object({
  status: v.boolean(),
  type: v.nullable(v.picklist(BONUS_TYPES)),
  code: v.optional(v.string()),
  kind: v.optional(v.picklist(BONUS_KINDS)),
  /** The bonus credited (major units). */
  amount: v.optional(v.number()),
  /** Bets counted so far and the target (major units). */
  turnover: v.optional(v.number()),
  target: v.optional(v.number()),
  percentFail: v.optional(v.number()),
  endThreshold: v.optional(v.number()),
});

/** GET /api/bonus/activate/{code}, /api/promotion/activate/{code}: the member's record of it. */
export const BonusActivatedResponse = v.object({ message: v.string(), userBonus: UserBonus, amount: v.number() });

/** GET /api/bonus/clear: BONUS_CLEAR, and what went back to the bonus account (major units; beyond spec 3's message). */
export const BonusClearResponse = v.object({ message: v.string(), amount: v.number() });

/** GET /api/bonus/check/minimum ("defined" in spec 7): the smallest deposit a deposit bonus takes (major units; 0 without one). */
export const BonusMinimumResponse = v.object({ minimum: v.number() });

/** spec 3 promotion find. */
export const PromotionFindResponse = v.object({ code: v.string(), percentFail: v.number(), description: v.string() });
/** GET /api/promotion/current ("defined" in spec 7): the promotion the member holds as their active bonus, if any. */
export const PromotionCurrentResponse = v.object({ promotion: v.nullable(PromotionFindResponse) });

/** A code as typed: any case, spaces around it (the server reads it through offerCode). */
const CODE_AS_TYPED = /^\s*[A-Za-z0-9_-]{2,32}\s*$/;
/** A code as stored and compared: trimmed, uppercase (spec 5: promotion codes are uppercased). */
export function offerCode(typed: string): string {
  return typed.trim().toUpperCase();
}
export const BonusCodeParams = v.object({
  code: v.pipe(v.string(), v.regex(CODE_AS_TYPED, 'NO_DATA')),
});
export const PromotionCodeParams = v.object({
  code: v.pipe(v.string(), v.regex(CODE_AS_TYPED, 'NO_PROMOTION')),
});

// ---------------------------------------------------------------- operator

/** The longest HTML text an operator writes (a banner, a description, one condition), as sent and as stored. */
export const HTML_MAX_LENGTH = 20_000;
export const html = (max: number) => v.pipe(v.string('KEY_INVALID'), v.maxLength(max, 'KEY_INVALID'));
export const count = (min: number, max: number) => v.pipe(v.number('KEY_INVALID'), v.integer('KEY_INVALID'), v.minValue(min, 'KEY_INVALID'), v.maxValue(max, 'KEY_INVALID'));
const Money = amountSchema();
/** HTML in each of the product's languages; a member reads theirs. */
export const LocalizedHtml = v.object({ th: html(HTML_MAX_LENGTH), la: html(HTML_MAX_LENGTH), en: html(HTML_MAX_LENGTH) });
export const OfferBanner = v.object({ image: html(500), html: LocalizedHtml });

/** Zero allowed: a threshold or a minimum deposit of nothing. */
export const MoneyOrZero = v.pipe(v.number('KEY_INVALID'), v.finite('KEY_INVALID'), v.check(hasAtMostTwoDecimals, 'KEY_INVALID'), v.minValue(0, 'KEY_INVALID'), v.maxValue(1e12, 'KEY_INVALID'));

/** How much a bonus credits: a percentage of the qualifying deposit up to a cap, or a fixed amount. */
const BonusGrant = v.variant('kind', [
  v.object({ kind: v.literal('percent'), percent: count(1, 1000), cap: Money, minDeposit: MoneyOrZero }),
  v.object({ kind: v.literal('fixed'), amount: Money }),
]);

/** An offer as an operator writes it (create, change). */
export const BonusDefinition = v.pipe(
  v.object({
    code: v.pipe(v.string('KEY_INVALID'), v.regex(CODE_AS_TYPED, 'KEY_INVALID')),
    kind: v.picklist(BONUS_KINDS, 'KEY_INVALID'),
    type: v.picklist(BONUS_TYPES, 'KEY_INVALID'),
    currency: v.picklist(['BAHT', 'LAK'], 'KEY_INVALID'),
    maxReceived: count(1, 1000),
    percentFail: count(0, 100),
    banners: v.pipe(v.array(OfferBanner, 'KEY_INVALID'), v.maxLength(10, 'KEY_INVALID')),
    description: LocalizedHtml,
    grant: BonusGrant,
    turnoverMultiplier: count(1, 100),
    /** The most a member may withdraw when the bonus finishes; the rest goes back (null: no cap). */
    withdrawCap: v.nullable(Money),
    endThreshold: MoneyOrZero,
    /** Receipts by all members together (null: no quota). */
    quota: v.nullable(count(1, 10_000_000)),
    startsAt: v.nullable(IsoDateTime),
    endsAt: v.nullable(IsoDateTime),
    status: v.picklist(BONUS_STATUSES, 'KEY_INVALID'),
  }),
  // Compared as instants: the texts may carry different offsets.
  v.check((offer) => offer.startsAt === null || offer.endsAt === null || Date.parse(offer.startsAt) < Date.parse(offer.endsAt), 'KEY_INVALID'),
);
export type BonusDefinition = v.InferOutput<typeof BonusDefinition>;

export const OpsBonus = v.object({
  id: v.string(),
  ...v.object({
    code: v.string(),
    kind: v.picklist(BONUS_KINDS),
    type: v.picklist(BONUS_TYPES),
    currency: v.picklist(['BAHT', 'LAK']),
    maxReceived: v.number(),
    percentFail: v.number(),
    banners: v.array(OfferBanner),
    description: LocalizedHtml,
    grant: BonusGrant,
    turnoverMultiplier: v.number(),
    withdrawCap: v.nullable(v.number()),
    endThreshold: v.number(),
    quota: v.nullable(v.number()),
    startsAt: v.nullable(IsoDateTime),
    endsAt: v.nullable(IsoDateTime),
    status: v.picklist(BONUS_STATUSES),
  }).entries,
  received: v.number(),
  updatedAt: IsoDateTime,
});
export type OpsBonus = v.InferOutput<typeof OpsBonus>;
/**
 * The bounds of docs/decisions/0120-offer-bounds.md as the settings hold
 * them, so the console tells marketing before saving that an offer will
 * wait for finance: the ceiling per currency (major units), the smallest
 * turnover multiplier (null: the setting is not a number, every offer waits).
 */
export const OpsOfferBounds = v.object({
  ceiling: v.object({ BAHT: v.number(), LAK: v.number() }),
  minTurnoverMultiplier: v.nullable(v.number()),
});
export type OpsOfferBounds = v.InferOutput<typeof OpsOfferBounds>;
export const OpsBonusesResponse = v.object({ bonuses: v.array(OpsBonus), bounds: OpsOfferBounds });
export const OpsBonusResponse = v.object({ bonus: OpsBonus });

/** HTML per language, one string per item (agreements, conditions). */
const LocalizedHtmlList = v.object({
  th: v.pipe(v.array(html(HTML_MAX_LENGTH)), v.maxLength(50, 'KEY_INVALID')),
  la: v.pipe(v.array(html(HTML_MAX_LENGTH)), v.maxLength(50, 'KEY_INVALID')),
  en: v.pipe(v.array(html(HTML_MAX_LENGTH)), v.maxLength(50, 'KEY_INVALID')),
});
export const OpsTextsRequest = v.object({ texts: LocalizedHtmlList });
export const OpsTextsResponse = v.object({ texts: LocalizedHtmlList });

/** Plain text per language (no HTML: members' pages show it as text). */
const LocalizedText = (max: number) => v.object({ th: html(max), la: html(max), en: html(max) });

/** The longest notice in one language, as sent and as stored (cleaned HTML may be longer than what was sent). */
export const NOTICE_MAX_LENGTH = 1_000;

/**
 * The notice members read above their home's widgets (GET
 * /api/lookup/notice), per language: HTML, cleaned by the server on write as
 * the agreements are; empty: none in that language.
 */
export const OpsNotice = v.object({ notice: v.object({ th: html(NOTICE_MAX_LENGTH), la: html(NOTICE_MAX_LENGTH), en: html(NOTICE_MAX_LENGTH) }) });

/**
 * The contact page (GET /api/lookup/contact): its text per language, the
 * LINE account's name, its link (https only: the page opens it) and its QR
 * picture (an https address or a path of this site; empty: none).
 */
export const OpsContact = v.object({
  contact: v.object({
    contactText: LocalizedText(2_000),
    lineName: html(100),
    lineLink: v.pipe(v.string('KEY_INVALID'), v.maxLength(500, 'KEY_INVALID'), v.regex(/^(https:\/\/\S+)?$/, 'KEY_INVALID')),
    lineQR: v.pipe(v.string('KEY_INVALID'), v.maxLength(500, 'KEY_INVALID'), v.regex(/^((\/(?!\/)|https:\/\/)\S*)?$/, 'KEY_INVALID')),
  }),
});

/** Every operator change, who and when. */
const OpsChange = v.object({
  id: v.string(),
  operator: v.string(),
  action: v.string(),
  subject: v.string(),
  createdAt: IsoDateTime,
});
export const OpsChangesResponse = v.object({ changes: v.array(OpsChange) });
