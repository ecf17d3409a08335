/**
 * The operator's side of the rewards (docs/decisions/0101-rewards-operator-api-and-demo.md):
 * the prize wheel and its coin rule, the invite and refund settings and
 * their banners. Each write is one transaction with its operator_changes
 * rows (who, what, when, the value written), as offers' writes are
 * (promotions/offers-ops.ts); HTML is cleaned on write (promotions/html.ts),
 * slice labels and names are plain text the SPA renders as text.
 *
 * A wheel change never edits a wheel: it marks the current row replaced and
 * inserts the new one (the partial unique index allows one current row), so
 * every spin keeps pointing at the wheel it was drawn on. Also here: the
 * demo wheel the seed adds, and its deactivation in production.
 *
 * Marketing writes within bounds (docs/decisions/0103-coins-from-play.md):
 * an active wheel within the grant ceiling and the wheelReturnCeiling
 * setting, an active invite or refund within policy.ts's MARKETING_*; above
 * them only a role of ABOVE_CEILING_ROLES that may write here (admin).
 */
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import type { OperatorRole } from '../../contract/api.ts';
import { toMajor, toMinor } from '../../contract/money.ts';
import type { CoinRule, InviteSettings, OpsSlice, RefundSettings, SlicePrize, WheelDefinition } from '../../contract/rewards.ts';
import { wheelExpectedValue } from '../../contract/rules/wheel.ts';
import type { Queryable } from '../db/client.ts';
import { CURRENCIES, wheels, type StoredSlice } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import type { Localized } from '../language.ts';
import { cleanHtml } from '../promotions/html.ts';
import { perCurrencyAmount } from '../money/per-currency.ts';
import { ABOVE_CEILING_ROLES, bannerImageError, htmlLengthError, type Writer } from '../promotions/offers-ops.ts';
import { recordAudit } from '../repositories/audit.ts';
import { MARKETING_INVITE_PERCENT_MAX, MARKETING_INVITE_PERCENT_PER_TURNOVER, MARKETING_REFUND_PERCENT_MAX } from '../policy.ts';
import { getSetting, putSetting, type Settings } from '../repositories/settings.ts';
import { currentWheel, type Wheel } from '../repositories/wheels.ts';
import { coinPriceOf } from './coins.ts';

type Currency = (typeof CURRENCIES)[number];
type Invalid = 'KEY_INVALID' | null;
type CoinRuleValue = v.InferOutput<typeof CoinRule>;
export type Banner = Settings['inviteBanners'][number];
export type BannerArea = 'invite' | 'refund';

/** What GET and PUT /api/ops/spinwheel answer (contract OpsWheelResponse). */
export interface OpsWheel {
  wheel: WheelDefinition | null;
  coinRule: CoinRuleValue;
  expectedValue: Record<Currency, number>;
}

// ---------------------------------------------------------------- rules

const languages = <T>(texts: Localized<T>): T[] => [texts.th, texts.la, texts.en];
const cleanLocalized = (texts: Localized): Localized => ({ th: cleanHtml(texts.th), la: cleanHtml(texts.la), en: cleanHtml(texts.en) });

/** A label or a name a member reads on the wheel must say something in every language: a blank slice names no prize. */
export function blankTextError(texts: Localized): Invalid {
  return languages(texts).some((text) => text.trim() === '') ? 'KEY_INVALID' : null;
}

/** A credit prize of nothing in every currency is a 'none' slice written wrong: a coupon of 0 cannot be claimed. */
export function emptyCreditError(prize: SlicePrize): Invalid {
  return prize.type === 'credit' && CURRENCIES.every((currency) => prize.amount[currency] === 0) ? 'KEY_INVALID' : null;
}

/** The wheel with each slice's description cleaned (html.ts); labels and names are plain text and stay as written. */
export function cleanWheel(wheel: WheelDefinition): WheelDefinition {
  return { ...wheel, slices: wheel.slices.map((slice) => ({ ...slice, htmlDescription: cleanLocalized(slice.htmlDescription) })) };
}

/** The first rule a wheel (as cleaned) breaks beyond the contract's schema, or null. */
export function wheelError(wheel: WheelDefinition): Invalid {
  return (
    blankTextError(wheel.name) ??
    wheel.slices.map((slice) => blankTextError(slice.label)).find(Boolean) ??
    wheel.slices.map((slice) => (slice.prize.type === 'item' ? blankTextError(slice.prize.name) : null)).find(Boolean) ??
    wheel.slices.map((slice) => emptyCreditError(slice.prize)).find(Boolean) ??
    wheel.slices.flatMap((slice) => languages(slice.htmlDescription)).map(htmlLengthError).find(Boolean) ??
    null
  );
}

/** The largest credit prize of the wheel in a currency, minor units (0 without one). */
export function largestPrize(wheel: WheelDefinition, currency: Currency): bigint {
  return wheel.slices.reduce((largest, slice) => {
    const amount = slice.prize.type === 'credit' ? toMinor(slice.prize.amount[currency]) : 0n;
    return amount > largest ? amount : largest;
  }, 0n);
}

/**
 * The offers' grant ceiling applies to the wheel too (the same attack: a
 * huge prize at a huge weight for an accomplice to spin). An active wheel
 * with a credit prize above offerGrantCeiling in either currency is for a
 * role of ABOVE_CEILING_ROLES that may write wheels (admin); marketing
 * writes it inactive.
 */
export function wheelCeilingError(wheel: WheelDefinition, ceiling: Settings['offerGrantCeiling'] | null, role: OperatorRole): 'UNAUTHORIZED' | null {
  if (!wheel.active || ABOVE_CEILING_ROLES.includes(role)) return null;
  return CURRENCIES.some((currency) => largestPrize(wheel, currency) > perCurrencyAmount(ceiling, currency)) ? 'UNAUTHORIZED' : null;
}

/** A slice's credit prize in a currency, minor units (items and misses pay no money: 0). */
function creditOf(slice: OpsSlice, currency: Currency): bigint {
  return slice.prize.type === 'credit' ? toMinor(slice.prize.amount[currency]) : 0n;
}

/** The wheelReturnCeiling setting in hundredths of a percent; missing or not a number counts as 0 (fails closed). */
function returnCeilingOf(setting: unknown): bigint {
  return typeof setting === 'number' && Number.isFinite(setting) && setting >= 0 ? BigInt(Math.round(setting * 100)) : 0n;
}

/**
 * Whether the wheel pays back more than `ceiling` percent of a coin's price
 * in a currency: Σ weight × prize ÷ Σ weight (what a coin pays on average,
 * rules/wheel.ts expectedValue) ÷ price > ceiling %, compared in integers so
 * the bound itself passes. A price that earns no coins (0) returns nothing.
 */
export function returnAbove(wheel: WheelDefinition, currency: Currency, perCoin: number, ceilingPercent: unknown): boolean {
  const price = coinPriceOf(perCoin);
  const totalWeight = BigInt(wheel.slices.reduce((sum, slice) => sum + slice.weight, 0));
  if (price === null || totalWeight === 0n) return false;
  const paid = wheel.slices.reduce((sum, slice) => sum + BigInt(slice.weight) * creditOf(slice, currency), 0n);
  // paid / totalWeight / price > ceiling / 100, with the ceiling in hundredths of a percent.
  return paid * 10_000n > returnCeilingOf(ceilingPercent) * price * totalWeight;
}

/**
 * An active wheel paying back more than wheelReturnCeiling percent of a
 * coin's price in either currency turns bets into money for whoever bets
 * to farm coins (the house keeps 5 %): a role of ABOVE_CEILING_ROLES
 * writes it (admin); marketing gets UNAUTHORIZED and may write it inactive.
 */
export function wheelReturnError(wheel: WheelDefinition, coinRule: CoinRuleValue, ceilingPercent: unknown, role: OperatorRole): 'UNAUTHORIZED' | null {
  if (!wheel.active || ABOVE_CEILING_ROLES.includes(role)) return null;
  return CURRENCIES.some((currency) => returnAbove(wheel, currency, coinRule[currency], ceilingPercent)) ? 'UNAUTHORIZED' : null;
}

/**
 * An active invite above MARKETING_INVITE_PERCENT_MAX, or paying more than
 * MARKETING_INVITE_PERCENT_PER_TURNOVER per times of turnover it asks (with
 * no turnover an invitee could deposit and withdraw at once), is an admin's.
 */
export function inviteBoundError(invite: InviteSettings, role: OperatorRole): 'UNAUTHORIZED' | null {
  if (!invite.active || ABOVE_CEILING_ROLES.includes(role)) return null;
  const above = invite.percent > MARKETING_INVITE_PERCENT_MAX || invite.percent > MARKETING_INVITE_PERCENT_PER_TURNOVER * invite.turnoverMultiplier;
  return above ? 'UNAUTHORIZED' : null;
}

/** An active refund above MARKETING_REFUND_PERCENT_MAX of a period's net loss is an admin's. */
export function refundBoundError(refund: RefundSettings, role: OperatorRole): 'UNAUTHORIZED' | null {
  if (!refund.active || ABOVE_CEILING_ROLES.includes(role)) return null;
  return refund.percent > MARKETING_REFUND_PERCENT_MAX ? 'UNAUTHORIZED' : null;
}

// ---------------------------------------------------------------- rows ↔ contract

const minorText = (major: number) => String(toMinor(major));
const majorOf = (minor: string) => toMajor(BigInt(minor));

/** A slice as the wheels row stores it: amounts in minor units, as text (jsonb holds no bigint). */
export function storedSliceOf(slice: OpsSlice): StoredSlice {
  const { prize } = slice;
  return {
    ...slice,
    prize: prize.type === 'credit' ? { type: 'credit', amount: { BAHT: minorText(prize.amount.BAHT), LAK: minorText(prize.amount.LAK) }, expiryDays: prize.expiryDays } : prize,
  };
}

/** A stored slice as the contract writes it: major units. */
export function opsSliceOf(slice: StoredSlice): OpsSlice {
  const { prize } = slice;
  return {
    ...slice,
    prize: prize.type === 'credit' ? { type: 'credit', amount: { BAHT: majorOf(prize.amount.BAHT), LAK: majorOf(prize.amount.LAK) }, expiryDays: prize.expiryDays } : prize,
  };
}

export function wheelDefinitionOf(row: Wheel): WheelDefinition {
  return { name: row.name, active: row.active, slices: row.slices.map(opsSliceOf) };
}

// ---------------------------------------------------------------- SQL

/** The current wheel (not replaced), active or not. */
/**
 * Replaces the current wheel with a new row. Two changes at once take turns
 * on a transaction-scoped advisory lock: the second then replaces the row
 * the first inserted, instead of breaking the one-current index.
 */
async function replaceWheel(db: Queryable, wheel: WheelDefinition, createdBy: number | null, now: Date): Promise<Wheel> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended('wheels:current', 0))`);
  await db.update(wheels).set({ replacedAt: now }).where(isNull(wheels.replacedAt));
  const [row] = await db
    .insert(wheels)
    .values({ name: wheel.name, active: wheel.active, slices: wheel.slices.map(storedSliceOf), createdAt: now, createdBy })
    .returning();
  return row!;
}

// ---------------------------------------------------------------- services

/** The current wheel, the coin rule and the wheel's expected value per coin. */
export async function opsWheel(db: Queryable): Promise<OpsWheel> {
  const row = await currentWheel(db);
  const wheel = row ? wheelDefinitionOf(row) : null;
  return { wheel, coinRule: await getSetting(db, 'wheelCoins'), expectedValue: wheelExpectedValue(wheel) };
}

/**
 * A new wheel and coin rule, the descriptions cleaned: 400 KEY_INVALID when
 * the wheel breaks a rule (wheelError), 403 UNAUTHORIZED when it is active
 * with a prize above the grant ceiling or a return above wheelReturnCeiling
 * at this coin rule and the writer may not make it so. One transaction: the
 * old wheel replaced, the new inserted, the coin rule put, and a change
 * recorded for each.
 */
export async function changeWheel(db: Queryable, writer: Writer, written: WheelDefinition, coinRule: CoinRuleValue, now: Date): Promise<OpsWheel> {
  const wheel = cleanWheel(written);
  const invalid = wheelError(wheel);
  if (invalid) throw new ApiError(400, invalid);
  return db.transaction(async (tx) => {
    const denied =
      wheelCeilingError(wheel, await getSetting(tx, 'offerGrantCeiling'), writer.role) ??
      wheelReturnError(wheel, coinRule, await getSetting(tx, 'wheelReturnCeiling'), writer.role);
    if (denied) throw new ApiError(403, denied);
    const row = await replaceWheel(tx, wheel, writer.operatorId, now);
    await putSetting(tx, 'wheelCoins', coinRule);
    const stored = wheelDefinitionOf(row);
    await recordAudit(tx, { operatorId: writer.operatorId, action: 'wheel.change', subject: String(row.id), after: stored, createdAt: now });
    await recordAudit(tx, { operatorId: writer.operatorId, action: 'settings.wheelCoins', subject: 'wheelCoins', after: coinRule, createdAt: now });
    return { wheel: stored, coinRule, expectedValue: wheelExpectedValue(stored) };
  });
}

/** Writes a setting and its change row in one transaction; answers the value as stored. */
async function putRecorded<K extends 'invite' | 'refund' | 'inviteBanners' | 'refundBanners'>(
  db: Queryable,
  operatorId: number,
  key: K,
  value: Settings[K],
  now: Date,
): Promise<Settings[K]> {
  await db.transaction(async (tx) => {
    await putSetting(tx, key, value);
    await recordAudit(tx, { operatorId, action: `settings.${key}`, subject: key, after: value, createdAt: now });
  });
  return value;
}

/** The invite rule (the contract checks its numbers); 403 UNAUTHORIZED above marketing's bounds for a writer who may not (inviteBoundError). */
export function putInviteSettings(db: Queryable, writer: Writer, invite: InviteSettings, now: Date): Promise<InviteSettings> {
  const denied = inviteBoundError(invite, writer.role);
  if (denied) throw new ApiError(403, denied);
  return putRecorded(db, writer.operatorId, 'invite', invite, now);
}

/**
 * The refund rule, its conditions cleaned (400 KEY_INVALID when cleaning
 * made one too long); 403 UNAUTHORIZED above marketing's bound for a writer
 * who may not (refundBoundError).
 */
export function putRefundSettings(db: Queryable, writer: Writer, refund: RefundSettings, now: Date): Promise<RefundSettings> {
  const info = cleanLocalized(refund.info);
  if (languages(info).some(htmlLengthError)) throw new ApiError(400, 'KEY_INVALID');
  const denied = refundBoundError(refund, writer.role);
  if (denied) throw new ApiError(403, denied);
  return putRecorded(db, writer.operatorId, 'refund', { ...refund, info }, now);
}

const BANNER_KEYS = { invite: 'inviteBanners', refund: 'refundBanners' } as const;

/** The banners with their HTML cleaned. */
export function cleanBanners(banners: Banner[]): Banner[] {
  return banners.map((banner) => ({ image: banner.image, html: cleanLocalized(banner.html) }));
}

/** The first rule a banner (as cleaned) breaks: its image an address of a site, its HTML within the length. */
export function bannersError(banners: Banner[]): Invalid {
  return (
    banners.map((banner) => bannerImageError(banner.image)).find(Boolean) ??
    banners.flatMap((banner) => languages(banner.html)).map(htmlLengthError).find(Boolean) ??
    null
  );
}

/** Replaces the invite's or the refund's banners, cleaned and checked as an offer's are. */
export function putBanners(db: Queryable, operatorId: number, area: BannerArea, written: Banner[], now: Date): Promise<Banner[]> {
  const banners = cleanBanners(written);
  const invalid = bannersError(banners);
  if (invalid) throw new ApiError(400, invalid);
  return putRecorded(db, operatorId, BANNER_KEYS[area], banners, now);
}

// ---------------------------------------------------------------- the demo seed

/**
 * Adds the demo wheel when the database has never had a wheel: an
 * operator's wheel (current or replaced) stands, and so does the demo
 * wheel once production deactivated it. Two instances seeding at once: the
 * one-current index keeps one.
 */
export async function addDemoWheel(db: Queryable, wheel: WheelDefinition, now: Date): Promise<void> {
  const [{ wheels: existing } = { wheels: 0 }] = await db.select({ wheels: count() }).from(wheels);
  if (existing > 0) return;
  await db
    .insert(wheels)
    .values({ name: wheel.name, active: wheel.active, slices: wheel.slices.map(storedSliceOf), createdAt: now, createdBy: null })
    .onConflictDoNothing();
}

/**
 * Deactivates the current wheel if the seed wrote it (no operator's) and it
 * is active: its prizes are in the source code. An operator's change writes
 * a new row with its author, so an operator's wheel is never touched.
 * Answers whether it deactivated one.
 */
export async function deactivateSeededWheel(db: Queryable): Promise<boolean> {
  const rows = await db
    .update(wheels)
    .set({ active: false })
    .where(and(isNull(wheels.replacedAt), isNull(wheels.createdBy), eq(wheels.active, true)))
    .returning({ id: wheels.id });
  return rows.length > 0;
}

