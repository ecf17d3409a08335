/**
 * The bonus rules both sides apply (spec 4 bonus card, spec 5; docs/decisions/
 * 0095-bonuses-on-the-ledger.md): when a bonus is fully received, what it
 * grants, its turnover target and what cancelling forfeits. The SPA's bonus
 * card reads the first; the server enforces them all. Money is minor units
 * (bigint) here: every rule is exact.
 */
import { DateTime } from 'luxon';
import type { BonusKind, BonusType } from '../bonus.ts';
import type { Variant } from './members.ts';

/** spec 4: days and weeks are counted in the variant's time zone. */
export const VARIANT_TIME_ZONES: Record<Variant, string> = { th: 'Asia/Bangkok', la: 'Asia/Vientiane' };

/** Where a type's counting period starts: the day's midnight, the week's Monday midnight (ISO weeks), or never (limit: all time). */
export function periodStart(type: BonusType, now: Date, zone: string): Date | null {
  if (type === 'limit') return null;
  const local = DateTime.fromJSDate(now, { zone });
  return local.startOf(type === 'day' ? 'day' : 'week').toJSDate();
}

/** The receipts that count towards maxReceived now. */
export function receiptsInPeriod(type: BonusType, received: readonly Date[], now: Date, zone: string): number {
  const start = periodStart(type, now, zone);
  return start === null ? received.length : received.filter((at) => at >= start).length;
}

/** spec 4: a bonus is received to its limit when the period's receipts reach maxReceived (BONUS_MAX_CLAIMED on the server). */
export function receivedToLimit(bonus: { type: BonusType; maxReceived: number }, received: readonly Date[], now: Date, zone: string): boolean {
  return receiptsInPeriod(bonus.type, received, now, zone) >= bonus.maxReceived;
}

/** How much a bonus credits: percent of the qualifying deposit up to the cap, or a fixed amount. */
export type Grant = { kind: 'percent'; percent: number; cap: bigint; minDeposit: bigint } | { kind: 'fixed'; amount: bigint };

/** The bonus for a deposit (minor units); 0 when the grant needs a deposit and this one does not qualify. */
export function grantFor(grant: Grant, deposit: bigint | null): bigint {
  if (grant.kind === 'fixed') return grant.amount;
  if (deposit === null || deposit <= 0n || deposit < grant.minDeposit) return 0n;
  const share = (deposit * BigInt(grant.percent)) / 100n;
  return share < grant.cap ? share : grant.cap;
}

/** Bets to place before a withdrawal: multiplier × (qualifying deposit + bonus). */
export function turnoverTarget(multiplier: number, deposit: bigint, bonus: bigint): bigint {
  return BigInt(multiplier) * (deposit + bonus);
}

/** spec 8 BONUS_CONDITION: a member holding a bonus withdraws only once the turnover target is met. */
export function turnoverError(turnover: bigint, target: bigint): 'BONUS_CONDITION' | null {
  return turnover < target ? 'BONUS_CONDITION' : null;
}

/**
 * Cancelling before the target: the bonus goes back in the share of the
 * turnover not played, and never less than percentFail of it (a bonus given
 * up untouched goes back whole; one played to just short of its target
 * costs percentFail), never more than the wallet holds. After the target,
 * nothing (the withdrawal cap still applies: winningsAbove).
 */
export function forfeitOnCancel(
  bonus: { amount: bigint; percentFail: number },
  turnover: { bets: bigint; target: bigint },
  walletAvailable: bigint,
): bigint {
  if (turnover.bets >= turnover.target) return 0n;
  const unplayed = (bonus.amount * (turnover.target - turnover.bets) + turnover.target - 1n) / turnover.target;
  const floor = (bonus.amount * BigInt(bonus.percentFail)) / 100n;
  const forfeit = unplayed > floor ? unplayed : floor;
  const held = walletAvailable > 0n ? walletAvailable : 0n;
  return forfeit < held ? forfeit : held;
}

/**
 * What goes back when a bonus finishes: the money above the member's own
 * (what they held when it was credited, plus deposits since) and the cap on
 * what the bonus may turn into. Without a cap, nothing.
 */
export function winningsAbove(total: bigint, own: bigint, cap: bigint | null): bigint {
  if (cap === null) return 0n;
  const above = total - own - cap;
  return above > 0n ? above : 0n;
}

// ---------------------------------------------------------------- an offer's bounds (docs/decisions/0120-offer-bounds.md)

/** The most one receipt credits: a percent grant's cap, a fixed grant's amount. */
export function largestGrant(grant: Grant): bigint {
  return grant.kind === 'percent' ? grant.cap : grant.amount;
}

/** What an offer's bounds are read from. */
export interface BoundedOffer {
  kind: BonusKind;
  grant: Grant;
  maxReceived: number;
  quota: number | null;
  turnoverMultiplier: number;
}

/**
 * What one member may receive from an offer in one of its periods: its
 * largest grant times its receipts a period (a promotion code's once), at
 * most its quota (receipts by all members together). A grant at the
 * ceiling taken 1,000 times a day is 1,000 ceilings a day.
 */
export function memberExposure(offer: BoundedOffer): bigint {
  const perPeriod = offer.kind === 'promotion' ? 1 : offer.maxReceived;
  const receipts = offer.quota === null ? perPeriod : Math.min(perPeriod, offer.quota);
  return largestGrant(offer.grant) * BigInt(receipts);
}

/** The settings an offer's bounds are measured against: the ceiling in minor units of the offer's currency. */
export interface OfferBounds {
  ceiling: bigint;
  minTurnoverMultiplier: number;
}

/**
 * Above its bounds: more to one member in a period than the ceiling, or
 * played through fewer times than the minimum. Marketing then writes it
 * paused and finance or an admin makes it active; the console says so
 * before it is sent, the server refuses it regardless.
 */
export function aboveBounds(offer: BoundedOffer, bounds: OfferBounds): boolean {
  return memberExposure(offer) > bounds.ceiling || !(offer.turnoverMultiplier >= bounds.minTurnoverMultiplier);
}
