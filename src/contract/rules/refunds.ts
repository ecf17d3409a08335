/**
 * The loss refund's rules (spec 2 Refund modal; docs/decisions/
 * 0099-loss-refund.md): which periods are closed, and what a period's loss
 * earns. Periods are days or weeks (rules/refund-periods.ts, the server's
 * alone). Money is minor units (bigint): the rule is exact. No Luxon here:
 * the member home's refund machine imports this module, and the home's first
 * load stays without it (docs/decisions/0147-the-member-home-paints-first.md).
 */
import type { ErrorCode } from '../errors.ts';

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
