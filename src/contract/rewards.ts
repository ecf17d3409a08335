/**
 * Rewards beside bonuses (spec 2 home widgets, spin wheel, refund and invite
 * modals; spec 3 invite and refund items, spin setup and result, coupon,
 * banner, spin-active; spec 7 /api/invite*, /api/refund*, /api/spinwheel/*):
 * what the member reads and what an operator writes. Amounts are major units.
 * HTML is cleaned by the server on write and sanitised by the SPA before
 * rendering. The rules are docs/decisions 0098 (invite), 0099 (refund),
 * 0100 (wheel, coins, coupons, fairness), 0103 (coins from bets; the bounds
 * marketing writes within).
 */
import * as v from 'valibot';
import { IsoDateTime } from './common.ts';
import { BannerItem, count, html, LocalizedHtml, MoneyOrZero, OfferBanner } from './bonus.ts';

const Currencies = <T extends v.GenericSchema>(schema: T) => v.object({ BAHT: schema, LAK: schema });

// ---------------------------------------------------------------- banners

/** GET /api/invite/banners, /api/refund/banners: shown as a carousel before the modal when not empty. */
export const BannersResponse = v.object({ banners: v.array(BannerItem) });

// ---------------------------------------------------------------- invite (0098)

/**
 * An invitee's state for the inviter: waiting (inside the window, the
 * condition not met yet), success (earned, not collected), fail (the window
 * closed first, or the invite could not earn), collected.
 */
export const INVITE_STATUSES = ['waiting', 'success', 'fail', 'collected'] as const;
export type InviteStatus = (typeof INVITE_STATUSES)[number];

/** spec 3 invite item, with the state the table shows beside it. */
export const InviteItem = v.object({
  _id: v.string(),
  from: v.object({ name: v.string() }),
  /** What the invite earns (0 while nothing is earned). */
  amount: v.number(),
  status: v.picklist(INVITE_STATUSES),
  createdAt: IsoDateTime,
});
export type InviteItem = v.InferOutput<typeof InviteItem>;
export const InvitesResponse = v.object({ invites: v.array(InviteItem), total: v.number() });

/** The invite rule in the server's numbers, for the invite modal and the receive dialog's conditions. */
export const InviteRuleResponse = v.object({
  active: v.boolean(),
  /** Percent of the invitee's first deposit. */
  percent: v.number(),
  /** The invitee's first deposit must be at least this (major units). */
  minimumDeposit: v.number(),
  /** The invitee must bet this many times their first deposit ... */
  turnoverMultiplier: v.number(),
  /** ... within this many days of registering. */
  windowDays: v.number(),
});

/** GET /api/invite/bonus: INVITE_COLLECT and what reached the wallet. */
export const InviteCollectResponse = v.object({ message: v.string(), amount: v.number() });

// ---------------------------------------------------------------- refund (0099)

export const REFUND_PERIODS = ['day', 'week'] as const;
export type RefundPeriod = (typeof REFUND_PERIODS)[number];

/** spec 3 refund check. */
export const RefundCheckResponse = v.object({
  /** The refund is offered (settings) to this member. */
  result: v.boolean(),
  /** A bonus is held: receiving is refused until it ends. */
  bonus: v.boolean(),
  /** The conditions, HTML in the member's language. */
  info: v.string(),
  /** Accrued and not received yet (major units). */
  refundAmount: v.number(),
  /** Closed periods that earned a refund, and closed periods played that earned none. */
  refundSuccess: v.number(),
  refundFail: v.number(),
  percent: v.number(),
  period: v.picklist(REFUND_PERIODS),
  /** Accrued must be above this to receive it (major units; spec 8 REFUND_MINIMUM). */
  minimum: v.number(),
});

/** spec 3 refund log item: one closed period's refund. */
export const RefundItem = v.object({
  _id: v.string(),
  refundAmount: v.number(),
  /** The period's net loss the refund is a share of. */
  loss: v.number(),
  periodStart: IsoDateTime,
  received: v.boolean(),
  createdAt: IsoDateTime,
});
export const RefundsResponse = v.object({ refunds: v.array(RefundItem), total: v.number() });

/** GET /api/refund/receive, /api/refund/addWallet: REFUND_SUCCESS and what reached the wallet. */
export const RefundReceiveResponse = v.object({ message: v.string(), amount: v.number() });

// ---------------------------------------------------------------- wheel (0100)

/** A colour as CSS hex: what the canvas paints. */
const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;
/** A slice's code: what a spin answers and a coupon names. */
export const SLICE_CODE = /^[A-Z0-9_-]{1,32}$/;

/** spec 3 spin setup slice, in the member's language. */
export const WheelSlice = v.object({
  code: v.string(),
  label: v.string(),
  bgColor: v.string(),
  textColor: v.string(),
  htmlDescription: v.string(),
});
export type WheelSlice = v.InferOutput<typeof WheelSlice>;

export const SpinSetupResponse = v.object({
  result: v.object({
    activeSpinwheel: v.nullable(v.object({ name: v.string(), slices: v.array(WheelSlice) })),
    userCoin: v.number(),
  }),
});
export const SpinActiveResponse = v.object({ isActive: v.boolean() });

/** POST /api/spinwheel/spin (spec 7 "not shown"): nothing to send; the Idempotency-Key makes a retry answer the first spin. */
export const SpinRequest = v.optional(v.object({}), {});

/** spec 3 spin result, with the fairness record of the draw. */
export const SpinResponse = v.object({
  success: v.literal(true),
  result: v.object({
    code: v.string(),
    label: v.string(),
    /** The slice's index on the wheel: where the animation stops. */
    index: v.number(),
    remainingCoin: v.number(),
    /** The coupon the prize became, if the slice has one. */
    coupon: v.nullable(v.string()),
    seedHash: v.string(),
    clientSeed: v.string(),
    nonce: v.number(),
  }),
});
export type SpinResponse = v.InferOutput<typeof SpinResponse>;

// ---------------------------------------------------------------- coupons (0100)

/** credit: money to the wallet when claimed; item: handed over by support, not claimable here (INVALID_COUPON_TYPE). */
export const COUPON_TYPES = ['credit', 'item'] as const;
export const COUPON_STATUSES = ['open', 'claimed', 'expired'] as const;

/** spec 3 coupon. */
export const Coupon = v.object({
  _id: v.string(),
  prize: v.object({ name: v.string(), slice: v.string() }),
  type: v.picklist(COUPON_TYPES),
  amount: v.number(),
  status: v.picklist(COUPON_STATUSES),
  expiresAt: IsoDateTime,
  createdAt: IsoDateTime,
});
export type Coupon = v.InferOutput<typeof Coupon>;
export const CouponsResponse = v.object({ coupons: v.array(Coupon) });

/** A coupon's id as the list gives it; anything else is INVALID_CODE. */
export const COUPON_ID = /^[0-9]{1,15}$/;
export const CouponClaimRequest = v.object({ coupon: v.pipe(v.string('INVALID_CODE'), v.regex(COUPON_ID, 'INVALID_CODE')) });
export const CouponClaimResponse = v.object({ message: v.string(), amount: v.number() });

// ---------------------------------------------------------------- fairness (0100)

/** A client seed the member chooses: short printable text (a 10 KB "seed" is KEY_INVALID). */
export const CLIENT_SEED = /^[A-Za-z0-9_.:-]{1,64}$/;
export const ClientSeedRequest = v.object({ clientSeed: v.pipe(v.string('KEY_INVALID'), v.regex(CLIENT_SEED, 'KEY_INVALID')) });

/** The member's current commitment, and the last seed revealed by a rotation. */
export const FairnessResponse = v.object({
  /** SHA-256 of the current server seed, published before any spin uses it. */
  seedHash: v.string(),
  clientSeed: v.string(),
  /** The nonce the next spin will use. */
  nonce: v.number(),
  previous: v.nullable(v.object({ seedHash: v.string(), serverSeed: v.string() })),
});

/** A past spin with all a member needs to recompute it (rules/wheel.ts drawSlice). */
export const SpinRecord = v.object({
  _id: v.string(),
  createdAt: IsoDateTime,
  seedHash: v.string(),
  /** Revealed once the seed was rotated; null while it is the current seed. */
  serverSeed: v.nullable(v.string()),
  clientSeed: v.string(),
  nonce: v.number(),
  code: v.string(),
  label: v.string(),
  /** The weights the draw used, in wheel order. */
  weights: v.array(v.object({ code: v.string(), weight: v.number() })),
});
export type SpinRecord = v.InferOutput<typeof SpinRecord>;
export const SpinHistoryResponse = v.object({ spins: v.array(SpinRecord), total: v.number() });

// ---------------------------------------------------------------- operator

const Label = v.object({ th: html(60), la: html(60), en: html(60) });
const Color = v.pipe(v.string('KEY_INVALID'), v.regex(HEX_COLOR, 'KEY_INVALID'));
const Days = count(1, 365);

/** What a slice gives: nothing, money (per currency, major units; 0 where not offered), or an item support hands over. */
export const SlicePrize = v.variant('type', [
  v.object({ type: v.literal('none') }),
  v.object({ type: v.literal('credit'), amount: Currencies(MoneyOrZero), expiryDays: Days }),
  v.object({ type: v.literal('item'), name: Label, expiryDays: Days }),
]);
export type SlicePrize = v.InferOutput<typeof SlicePrize>;

export const OpsSlice = v.object({
  code: v.pipe(v.string('KEY_INVALID'), v.regex(SLICE_CODE, 'KEY_INVALID')),
  label: Label,
  bgColor: Color,
  textColor: Color,
  htmlDescription: LocalizedHtml,
  /** Relative chance; 0 never lands. */
  weight: count(0, 1_000_000),
  prize: SlicePrize,
});
export type OpsSlice = v.InferOutput<typeof OpsSlice>;

/** The wheel as an operator writes it: 2–16 slices with distinct codes, at least one with weight. */
export const WheelDefinition = v.pipe(
  v.object({
    name: Label,
    active: v.boolean('KEY_INVALID'),
    slices: v.pipe(v.array(OpsSlice, 'KEY_INVALID'), v.minLength(2, 'KEY_INVALID'), v.maxLength(16, 'KEY_INVALID')),
  }),
  v.check((wheel) => new Set(wheel.slices.map((slice) => slice.code)).size === wheel.slices.length, 'KEY_INVALID'),
  v.check((wheel) => wheel.slices.some((slice) => slice.weight > 0), 'KEY_INVALID'),
);
export type WheelDefinition = v.InferOutput<typeof WheelDefinition>;

/**
 * Coins: one per this much of the member's bets at the reference games (the
 * coin's price; major units, per currency; 0: bets earn none). Deposits earn
 * none, and bets at outside providers are not in our ledger and earn none
 * (docs/decisions/0103-coins-from-play.md). An active wheel paying back more
 * than the wheelReturnCeiling setting (percent of this price) is an admin's.
 */
export const CoinRule = Currencies(MoneyOrZero);

export const OpsWheelRequest = v.object({ wheel: WheelDefinition, coinRule: CoinRule });
export const OpsWheelResponse = v.object({
  wheel: v.nullable(WheelDefinition),
  coinRule: CoinRule,
  /** What one coin pays on average in credit prizes, from the weights (major units). */
  expectedValue: v.object({ BAHT: v.number(), LAK: v.number() }),
});

export const InviteSettings = v.object({
  active: v.boolean('KEY_INVALID'),
  percent: count(0, 100),
  minimumDeposit: MoneyOrZero,
  turnoverMultiplier: count(0, 100),
  windowDays: Days,
});
export type InviteSettings = v.InferOutput<typeof InviteSettings>;

export const RefundSettings = v.object({
  active: v.boolean('KEY_INVALID'),
  percent: count(0, 100),
  period: v.picklist(REFUND_PERIODS, 'KEY_INVALID'),
  /** Accrued must be above this to receive it (major units). */
  minimum: MoneyOrZero,
  /** The conditions the refund modal shows. */
  info: LocalizedHtml,
});
export type RefundSettings = v.InferOutput<typeof RefundSettings>;

export const BANNER_AREAS = ['invite', 'refund'] as const;
export const BannerAreaParams = v.object({ area: v.picklist(BANNER_AREAS, 'NO_DATA') });
export const OpsBannersRequest = v.object({ banners: v.pipe(v.array(OfferBanner, 'KEY_INVALID'), v.maxLength(10, 'KEY_INVALID')) });
export const OpsBannersResponse = OpsBannersRequest;

