/**
 * The loss refund's periods (spec 2 Refund modal; docs/decisions/0099-loss-refund.md):
 * days or weeks (Monday start, as the bonuses count them: rules/bonuses.ts
 * periodStart) in the variant's time zone. The server's alone: apart from
 * rules/refunds.ts, whose rule the member home loads without Luxon
 * (docs/decisions/0147-the-member-home-paints-first.md).
 */
import { DateTime } from 'luxon';
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
