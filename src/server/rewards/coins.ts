/**
 * Prize-wheel coins (docs/decisions/0100-prize-wheel.md, 0103-coins-from-play.md):
 * a count on the member's row (users.coin, never below 0 by a CHECK), not
 * money. Coins are earned by play: one per wheelCoins[currency] of the
 * member's bets at the reference games, in the bet's own transaction, the
 * part of a coin's price not yet bet kept in users.coin_progress. Deposits
 * earn none: a deposit withdrawn at once must not be worth the wheel's
 * prizes. A spin spends one with a conditional UPDATE, so concurrent spins
 * can never spend a coin twice.
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import { hasAtMostTwoDecimals, toMinor } from '../../contract/money.ts';
import type { Queryable } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { WHEEL_COINS_PER_BET_MAX } from '../policy.ts';
import { getSetting } from '../repositories/settings.ts';
import type { Currency } from '../repositories/users.ts';

/**
 * A coin's price in minor units from the rule's major units, or null when
 * the rule earns none: 0, or anything that is not an amount (a value an
 * admin mistyped in the settings table must not make a bet fail).
 */
export function coinPriceOf(perCoin: unknown): bigint | null {
  if (typeof perCoin !== 'number' || !Number.isFinite(perCoin) || perCoin <= 0 || !hasAtMostTwoDecimals(perCoin)) return null;
  return toMinor(perCoin);
}

/**
 * Adds the coins a bet of `bet` (minor units) earns, in the bet's
 * transaction (games/rounds.ts calls it for a round that was played now,
 * not for a replayed round id, so a bet earns once). One UPDATE carries the
 * remainder: progress + bet is split into whole coins and what is left, so
 * ten bets of 10 baht earn what one of 100 does. At most
 * WHEEL_COINS_PER_BET_MAX coins a bet (the rest of that bet is dropped): a
 * mistyped rule (0.01 a coin) must not flood members with coins nor make
 * the bet fail on the column's range. The row lock of the UPDATE makes
 * concurrent bets of one member take turns, so none is counted twice or
 * lost.
 *
 * A bet the provider later rolls back keeps the coins it earned (rollback is
 * an operator's correction; coins are not money and are not taken back).
 */
export async function creditCoinsForBet(tx: Queryable, userId: number, currency: Currency, bet: bigint): Promise<void> {
  if (bet <= 0n) return;
  const rule = await getSetting(tx, 'wheelCoins');
  const price = coinPriceOf(rule?.[currency]);
  if (price === null) return;
  // Both SET expressions read the row as it was before this UPDATE.
  const played = sql`(${users.coinProgress} + ${bet}::bigint)`;
  await tx
    .update(users)
    .set({
      coin: sql`${users.coin} + least(${played} / ${price}::bigint, ${WHEEL_COINS_PER_BET_MAX}::bigint)`,
      coinProgress: sql`${played} % ${price}::bigint`,
    })
    .where(eq(users.id, userId));
}

/**
 * Spends one of the member's coins: what is left, or null when they had
 * none. The WHERE holds the rule under concurrency: the row is locked by
 * the UPDATE and a waiting spin re-checks `coin > 0` on the committed value.
 */
export async function spendCoin(tx: Queryable, userId: number): Promise<number | null> {
  const [row] = await tx
    .update(users)
    .set({ coin: sql`${users.coin} - 1` })
    .where(and(eq(users.id, userId), gt(users.coin, 0)))
    .returning({ coin: users.coin });
  return row ? row.coin : null;
}

/** The member's coins now. */
export async function coinsOf(db: Queryable, userId: number): Promise<number> {
  const [row] = await db.select({ coin: users.coin }).from(users).where(eq(users.id, userId));
  return row?.coin ?? 0;
}
