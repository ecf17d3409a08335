/** What the member home adds up and converts (spec 2 Member home, spec 3 game account). */
import { GAME_CATEGORIES, type GameCategory, type GameAccountItem, type WalletResponse } from '../../contract/api.ts';

/** Amounts have at most 2 decimals: add them in satang/att so 0.1 + 0.2 stays 0.30. */
const toCents = (amount: number) => Math.round(amount * 100);

/** spec 2: total balance = the wallet plus all game accounts, in the wallet's currency. */
export function totalBalance(wallet: WalletResponse): number {
  const cents = wallet.slots.reduce((sum, slot) => sum + toCents(slot.amount), toCents(wallet.wallet.amount));
  return cents / 100;
}

/** What the game accounts hold together. */
export function gamesBalance(wallet: WalletResponse): number {
  return wallet.slots.reduce((sum, slot) => sum + toCents(slot.amount), 0) / 100;
}

/** spec 3: a card shows the balance and the game's credits, amount × ftWalletSlot. */
export function gameCredits(slot: GameAccountItem): number {
  return Math.round(slot.amount * slot.ftWalletSlot * 100) / 100;
}

/**
 * The three carousels of spec 2: slot; sport (sports and casino games, both
 * in the contract's 'sport' category); lotto. Server order is kept.
 */
export function slotsByCategory(slots: readonly GameAccountItem[]): Record<GameCategory, GameAccountItem[]> {
  const groups = Object.fromEntries(GAME_CATEGORIES.map((category) => [category, [] as GameAccountItem[]])) as Record<GameCategory, GameAccountItem[]>;
  for (const slot of slots) groups[slot.category].push(slot);
  return groups;
}
