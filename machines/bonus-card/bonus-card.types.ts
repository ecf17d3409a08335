/**
 * A card of the bonus page's grid (spec 2, spec 4): active (the current
 * bonus), received to its limit (disabled) or available (it opens the bonus
 * modal).
 */
import type { BonusItem } from '../../src/contract/bonus.ts';

/** What of a list item the card's state depends on. */
export type BonusCardBonus = Pick<BonusItem, 'code' | 'type' | 'maxReceived' | 'userBonus'>;

export type BonusCardStatus = 'active' | 'receivedToLimit' | 'available';

export interface BonusCardInput {
  bonus: BonusCardBonus;
  /** The clock (epoch milliseconds): a day or week counts from midnight in `zone`. */
  now: number;
  /** The variant's time zone (VARIANT_TIME_ZONES). */
  zone: string;
}

export interface BonusCardContext extends BonusCardInput {}

export type BonusCardEvent =
  /** The list was read again, or the clock moved on (a new day or week frees a card). */
  { type: 'card.update'; bonus: BonusCardBonus; now: number };

/** Tags: the card's status, one of BonusCardStatus. */
export type BonusCardTag = BonusCardStatus;
