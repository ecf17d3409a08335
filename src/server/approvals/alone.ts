/**
 * The rule of dual control (docs/decisions/0121-dual-control.md), written
 * once for every actor that may move money without a second person: an
 * operator calling a money route (dual-control.ts aloneOrAsk) and the slip
 * verifier crediting a slip the bank confirmed (deposits/slip-verification.ts,
 * docs/decisions/0137-slip-verification.md). A movement is theirs alone only
 * within approvalThreshold and, with what the same actor moved alone in the
 * last 24 hours, within operatorDailyAlone, per currency.
 */
import type { Settings } from '../db/settings-shape.ts';
import { perCurrencyAmount } from '../money/per-currency.ts';
import { OPERATOR_ALONE_WINDOW_MS } from '../policy.ts';
import type { Currency } from '../repositories/users.ts';

export type AloneLimits = Pick<Settings, 'approvalThreshold' | 'operatorDailyAlone'>;

/** Where the 24 hours whose movements count start. */
export function aloneWindowStart(now: Date): Date {
  return new Date(now.getTime() - OPERATOR_ALONE_WINDOW_MS);
}

/**
 * The limit `amount` would pass if the actor who already moved `movedBefore`
 * alone in the window moved it alone: `THRESHOLD` (the movement itself is
 * too large), `DAILY` (it would take the actor's sum past operatorDailyAlone),
 * or null when it is theirs to move.
 */
export function aloneLimitPassed(amount: bigint, currency: Currency, movedBefore: bigint, limits: AloneLimits): 'THRESHOLD' | 'DAILY' | null {
  if (amount > perCurrencyAmount(limits.approvalThreshold, currency)) return 'THRESHOLD';
  return movedBefore + amount > perCurrencyAmount(limits.operatorDailyAlone, currency) ? 'DAILY' : null;
}
