/**
 * How a member's bonus ends (docs/decisions/0095-bonuses-on-the-ledger.md):
 * by itself when wallet and games fall below the offer's end threshold;
 * finished by a withdrawal once its turnover is met (what is above the
 * offer's withdrawal cap goes back to the bonus account); or cancelled by
 * the member, forfeiting percentFail of it before the target. Money that
 * goes back is one `finish_bonus` transfer from the wallet to the bonus
 * account, keyed by the receipt, so it moves once.
 */
import { and, eq } from 'drizzle-orm';
import { forfeitOnCancel, turnoverError, winningsAbove } from '../../contract/rules/bonuses.ts';
import type { Queryable, Transaction } from '../db/client.ts';
import { memberBonuses } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import { ensureSystemAccount } from '../ledger/accounts.ts';
import { postTransfer } from '../ledger/transfers.ts';
import { inMovement, type MovementContext } from '../money/movement.ts';
import { memberCurrency, type Currency } from '../repositories/users.ts';
import { betsSince, depositsSince, lockHoldings, type Holdings } from './ledger-reads.ts';
import { activeReceipt, type Offer, type Receipt } from './offers.ts';

type EndReason = NonNullable<Receipt['endReason']>;

/** A member's active bonus with what its rules read. */
export interface HeldBonus {
  receipt: Receipt;
  offer: Offer;
  /** Bets since it was credited, minor units. */
  turnover: bigint;
}

async function endReceipt(db: Queryable, receipt: Receipt, reason: EndReason, now: Date, endTransferId: number | null): Promise<void> {
  await db
    .update(memberBonuses)
    .set({ status: reason === 'cancelled' ? 'cancelled' : 'finished', endReason: reason, endedAt: now, endTransferId })
    .where(and(eq(memberBonuses.id, receipt.id), eq(memberBonuses.status, 'active')));
}

/** Money back from the wallet to the bonus account for this receipt (nothing when 0). */
async function giveBack(tx: Transaction, receipt: Receipt, holdings: Holdings, currency: Currency, amount: bigint, now: Date): Promise<number | null> {
  if (amount <= 0n) return null;
  const bonusAccount = await ensureSystemAccount(tx, 'bonus', currency, now);
  const written = await postTransfer(
    tx,
    { debitAccountId: holdings.wallet.id, creditAccountId: bonusAccount.id, amount, kind: 'finish_bonus', reference: `bonus:${receipt.bonusCode}`, idempotencyKey: `bonus-end:${receipt.id}` },
    now,
  );
  return written.transfer.id;
}

/**
 * The member's active bonus, locked, after ending it if wallet and games
 * fell below its end threshold; undefined without one. Call with the
 * holdings locked (lockHoldings) in the same transaction.
 */
export async function heldBonus(tx: Queryable, userId: number, holdings: Holdings, now: Date): Promise<HeldBonus | undefined> {
  const held = await activeReceipt(tx, userId, true);
  if (!held) return undefined;
  if (holdings.walletAvailable + holdings.inGames < held.offer.endThreshold) {
    await endReceipt(tx, held.receipt, 'threshold', now, null);
    return undefined;
  }
  return { ...held, turnover: await betsSince(tx, userId, held.receipt.grantTransferId) };
}

/** The member's own money in a finishing bonus: what they held when it was credited, plus deposits since. */
async function ownMoney(tx: Queryable, held: HeldBonus, holdings: Holdings): Promise<bigint> {
  return held.receipt.ownAtGrant + (await depositsSince(tx, holdings.wallet.id, held.receipt.grantTransferId));
}

/**
 * A held bonus's withdrawal, once the caller found its turnover target met
 * (BONUS_CONDITION before, in hold.ts's order of rules): the bonus finishes
 * with this withdrawal, and what is above the offer's cap goes back first.
 * Answers what the withdrawal takes (minor units).
 */
export async function finishForWithdrawal(tx: Transaction, held: HeldBonus, holdings: Holdings, currency: Currency, amount: bigint, now: Date): Promise<bigint> {
  // The caller (withdrawals/hold.ts) applied the turnover rule in the withdraw form's order; met is a precondition.
  if (turnoverError(held.turnover, held.receipt.turnoverTarget) !== null) throw new Error('finishForWithdrawal: turnover not met');
  const back = winningsAbove(amount, await ownMoney(tx, held, holdings), held.offer.withdrawCap);
  const endTransferId = await giveBack(tx, held.receipt, holdings, currency, back, now);
  await endReceipt(tx, held.receipt, 'withdrawn', now, endTransferId);
  return amount - back;
}

/**
 * GET /api/bonus/clear: the member gives up their bonus. Before its
 * turnover target, the unplayed share of it goes back, at least percentFail
 * (never more than the wallet holds); after it, what is above the cap, as a
 * finishing withdrawal would. Money still in a game must come back first
 * (BONUS_REMAINING): what goes back comes from the wallet. Without a bonus:
 * NO_DATA. Answers what went back (minor units).
 */
export async function cancelBonus(db: Queryable, context: Pick<MovementContext, 'userId' | 'now' | 'log'>): Promise<bigint> {
  const { userId, now } = context;
  const currency = await memberCurrency(db, userId);
  return inMovement(db, context.log, async (tx) => {
    const holdings = await lockHoldings(tx, userId, currency, now);
    const held = await heldBonus(tx, userId, holdings, now);
    if (!held) throw new ApiError(404, 'NO_DATA');
    // The same cause as when receiving one: money still in a game (BONUS_REMAINING).
    if (holdings.inGames > 0n) throw new ApiError(400, 'BONUS_REMAINING');
    const met = turnoverError(held.turnover, held.receipt.turnoverTarget) === null;
    const forfeit = met
      ? winningsAbove(holdings.walletAvailable, await ownMoney(tx, held, holdings), held.offer.withdrawCap)
      : forfeitOnCancel(
          { amount: held.receipt.bonusAmount, percentFail: held.offer.percentFail },
          { bets: held.turnover, target: held.receipt.turnoverTarget },
          holdings.walletAvailable,
        );
    const endTransferId = await giveBack(tx, held.receipt, holdings, currency, forfeit, now);
    await endReceipt(tx, held.receipt, 'cancelled', now, endTransferId);
    return forfeit;
  });
}
