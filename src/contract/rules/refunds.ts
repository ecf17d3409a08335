/**
 * The loss refund's rules (spec 2 Refund modal; docs/decisions/
 * 0099-loss-refund.md): which periods are closed, and what a period's loss
 * earns. Periods are days or weeks (Monday start, as the bonuses count them:
 * rules/bonuses.ts periodStart) in the variant's time zone. Money is minor
 * units (bigint): the rule is exact.
 */
import { DateTime } from 'luxon';
import type { ErrorCode } from '../errors.ts';
import type { RefundPeriod } from '../rewards.ts';

/** A span of time, start included, end excluded. */
export interface Span {
  start: Date;
  end: Date;
}

const UNIT = { day: 'days', week: 'weeks' } as const satisfies Record<RefundPeriod, string>;

/**
 * The last `count` periods that ended by `now` (end <= now), newest first:
 * the one before the current period, the one before that, and so on. A
 * day runs from local midnight, a week from Monday 00:00 (ISO weeks).
 * Calendar arithmetic in the zone, so a day is a local day whatever its length.
 */
export function closedPeriods(period: RefundPeriod, now: Date, zone: string, count: number): Span[] {
  const current = DateTime.fromJSDate(now, { zone }).startOf(period);
  return Array.from({ length: count }, (_, index) => ({
    start: current.minus({ [UNIT[period]]: index + 1 }).toJSDate(),
    end: current.minus({ [UNIT[period]]: index }).toJSDate(),
  }));
}

/**
 * What a period's net loss (bets − wins − rollbacks, minor units) earns at
 * `percent`: the share rounded down to a whole minor unit, so the house
 * never pays a fraction it did not owe; nothing when the member did not lose.
 */
export function refundFor(loss: bigint, percent: number): bigint {
  if (loss <= 0n || percent <= 0) return 0n;
  return (loss * BigInt(percent)) / 100n;
}

/** Why a receive is refused: the catalogue's code (spec 8), in the order the server checks. */
export type RefundRefusal = Extract<ErrorCode, 'REFUND_INACTIVE' | 'REFUND_CONDITION' | 'NO_REFUND' | 'REFUND_MINIMUM'>;

/** What decides whether the member may receive now; amounts in minor units. */
export interface RefundStanding {
  /** The operator offers the refund. */
  active: boolean;
  /** The member holds a bonus: receiving waits until it ends (spec 2). */
  bonusHeld: boolean;
  /** What accrued and was not received yet. */
  amount: bigint;
  /** The operator's minimum: the amount must be above it (spec 8 REFUND_MINIMUM). */
  minimum: bigint;
}

/**
 * The one rule of receiving a refund, for the server's refusal and the
 * modal's disabled button: null when the member may receive, else the code
 * the server answers. An amount equal to the minimum is refused: it must be
 * above it.
 */
export function refundRefusal({ active, bonusHeld, amount, minimum }: RefundStanding): RefundRefusal | null {
  if (!active) return 'REFUND_INACTIVE';
  if (bonusHeld) return 'REFUND_CONDITION';
  if (amount <= 0n) return 'NO_REFUND';
  if (amount <= minimum) return 'REFUND_MINIMUM';
  return null;
}
