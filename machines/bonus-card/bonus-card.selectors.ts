/**
 * spec 4: a card's status from its list item and the clock, with the rule the
 * server applies to BONUS_MAX_CLAIMED (src/contract/rules/bonuses.ts): the
 * period's receipts reach maxReceived. The active bonus is marked as the
 * current one whatever its count.
 */
import { receivedToLimit } from '../../src/contract/rules/bonuses.ts';
import type { BonusCardBonus } from './bonus-card.types.ts';

export function isActiveBonus(bonus: BonusCardBonus): boolean {
  return bonus.userBonus?.isActive === true;
}

export function isReceivedToLimit(bonus: BonusCardBonus, now: number, zone: string): boolean {
  const received = (bonus.userBonus?.received ?? []).map((receipt) => new Date(receipt.updatedAt));
  return receivedToLimit(bonus, received, new Date(now), zone);
}
