/**
 * The bonus rules both sides apply (spec 4 bonus card, spec 5; docs/decisions/
 * 0095-bonuses-on-the-ledger.md): when a bonus is fully received, what it
 * grants, its turnover target and what cancelling forfeits. The SPA's bonus
 * card reads the first; the server enforces them all. Money is minor units
 * (bigint) here: every rule is exact.
 */
import { DateTime } from 'luxon';
import type { BonusType } from '../bonus.ts';
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

/** Cancelling before the target forfeits percentFail of the bonus, never more than the wallet holds; after it, nothing. */
export function forfeitOnCancel(bonus: { amount: bigint; percentFail: number }, turnoverMet: boolean, walletAvailable: bigint): bigint {
  if (turnoverMet) return 0n;
  const forfeit = (bonus.amount * BigInt(bonus.percentFail)) / 100n;
  const held = walletAvailable > 0n ? walletAvailable : 0n;
  return forfeit < held ? forfeit : held;
}

/** What a finishing bonus lets the member withdraw: everything up to the cap; the rest goes back. */
export function withdrawableAtFinish(total: bigint, cap: bigint | null): { withdraw: bigint; back: bigint } {
  if (cap === null || total <= cap) return { withdraw: total, back: 0n };
  return { withdraw: cap, back: total - cap };
}
