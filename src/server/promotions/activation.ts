/**
 * Receiving a bonus or a promotion (GET /api/bonus/activate/{code},
 * /api/promotion/activate/{code}; docs/decisions/0095-bonuses-on-the-ledger.md):
 * the offer's rules checked under its lock and the member's, then one
 * ledger transfer from the bonus account to the wallet and the receipt that
 * makes it the member's one active bonus.
 */
import { offerCode } from '../../contract/bonus.ts';
import { receiptsInPeriod, turnoverTarget, grantFor } from '../../contract/rules/bonuses.ts';
import { violatedUniqueConstraint, type Queryable, type Transaction } from '../db/client.ts';
import { memberBonuses } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import { ensureSystemAccount } from '../ledger/accounts.ts';
import { postTransfer } from '../ledger/transfers.ts';
import { inMovement, type MovementContext } from '../money/movement.ts';
import { BONUS_DEPOSIT_WINDOW_MS } from '../policy.ts';
import { memberCurrency } from '../repositories/users.ts';
import { heldBonus } from './ending.ts';
import { latestUnusedDeposit, lockHoldings, type Holdings } from './ledger-reads.ts';
import { grantOf, isOpen, latestReceipt, lockOffer, openOffer, receiptCount, receiptsOf, type Offer, type OfferKind, type Receipt } from './offers.ts';

export interface Activation {
  offer: Offer;
  receipt: Receipt;
  /** Every receipt of the offer by the member, newest first (the new one included). */
  receipts: Receipt[];
}

/** The limits of receiving: one active bonus, the member's receipts in the period (a promotion once), the offer's quota, empty games. */
async function checkLimits(tx: Transaction, offer: Offer, userId: number, holdings: Holdings, context: ActivationContext, earlier: Receipt[]): Promise<void> {
  if (await heldBonus(tx, userId, holdings, context.now)) throw new ApiError(400, 'BONUS_ALREADY_ACTIVE');
  if (offer.kind === 'promotion' && earlier.length > 0) throw new ApiError(400, 'PROMOTION_RECEIVED');
  const counted = receiptsInPeriod(offer.bonusType, earlier.map((receipt) => receipt.activatedAt), context.now, context.zone);
  if (counted >= offer.maxReceived) throw new ApiError(400, 'BONUS_MAX_CLAIMED');
  if (offer.quota !== null && (await receiptCount(tx, offer.id)) >= offer.quota) throw new ApiError(400, 'BONUS_FULL');
  // Turnover counts bets placed after the bonus: money already in a game would play it for free.
  if (holdings.inGames > 0n) throw new ApiError(400, 'BONUS_REMAINING');
}

export interface ActivationContext extends Pick<MovementContext, 'userId' | 'now' | 'log'> {
  /** The variant's time zone: days and weeks are counted in it. */
  zone: string;
}

/** Receives the offer of this kind and code for the member, or refuses with its catalogue code. */
export async function activateOffer(db: Queryable, context: ActivationContext, kind: OfferKind, code: string): Promise<Activation> {
  const { userId, now } = context;
  const currency = await memberCurrency(db, userId);
  const found = await openOffer(db, kind, offerCode(code), currency, now);
  if (!found) throw new ApiError(404, kind === 'promotion' ? 'NO_PROMOTION' : 'NO_DATA');
  try {
    return await inMovement(db, context.log, async (tx) => {
      // The member's accounts first (their limits, their money; every movement locks them first), then the
      // offer: activations of one offer take turns (its quota) without one member's wait holding up the rest.
      const holdings = await lockHoldings(tx, userId, currency, now);
      const offer = (await lockOffer(tx, found.id))!;
      // Paused or out of its window while this request waited for the lock: not offered any more.
      if (!isOpen(offer, currency, now)) throw new ApiError(404, kind === 'promotion' ? 'NO_PROMOTION' : 'NO_DATA');
      const earlier = await receiptsOf(tx, userId, [offer.id]);
      await checkLimits(tx, offer, userId, holdings, context, earlier);

      // A deposit counts for one bonus, and only one made after the member's previous bonus.
      const previous = await latestReceipt(tx, userId);
      const deposit = offer.grantKind === 'percent'
        ? await latestUnusedDeposit(tx, holdings.wallet.id, previous?.grantTransferId ?? 0, new Date(now.getTime() - BONUS_DEPOSIT_WINDOW_MS))
        : undefined;
      const amount = grantFor(grantOf(offer), deposit?.amount ?? null);
      if (amount <= 0n) throw new ApiError(400, 'BONUS_CONDITION');
      // The deposit must still be the member's to play: not on its way out in a withdrawal, not spent.
      if (deposit && holdings.walletAvailable < deposit.amount) throw new ApiError(400, 'BONUS_CONDITION');

      const bonusAccount = await ensureSystemAccount(tx, 'bonus', currency, now);
      const written = await postTransfer(
        tx,
        {
          debitAccountId: bonusAccount.id,
          creditAccountId: holdings.wallet.id,
          amount,
          kind: 'bonus',
          reference: `bonus:${offer.code}`,
          idempotencyKey: `bonus:${userId}:${offer.id}:${earlier.length + 1}`,
        },
        now,
      );
      const depositAmount = deposit?.amount ?? 0n;
      const [receipt] = await tx
        .insert(memberBonuses)
        .values({
          userId,
          bonusId: offer.id,
          bonusCode: offer.code,
          bonusType: offer.bonusType,
          status: 'active',
          depositAmount,
          bonusAmount: amount,
          turnoverTarget: turnoverTarget(offer.turnoverMultiplier, depositAmount, amount),
          ownAtGrant: holdings.walletAvailable + holdings.inGames,
          depositTransferId: deposit?.id ?? null,
          grantTransferId: written.transfer.id,
          activatedAt: now,
        })
        .returning();
      return { offer, receipt: receipt!, receipts: [receipt!, ...earlier] };
    });
  } catch (error) {
    // Two activations of different offers by one member raced past the check: the one-active index decides.
    if (violatedUniqueConstraint(error) === 'member_bonuses_one_active_idx') throw new ApiError(400, 'BONUS_ALREADY_ACTIVE');
    throw error;
  }
}
