/**
 * Opening a member's account at a game (spec 4: inactive → active): the
 * provider makes the credentials, and the game account row and its ledger
 * account are written in the same transaction, so a game account never
 * exists without the ledger account its money lives in.
 */
import { violatedUniqueConstraint, type Db } from '../db/client.ts';
import { ApiError } from '../errors.ts';
import { ensureGameAccount } from '../ledger/accounts.ts';
import { insertGameAccount } from '../repositories/games.ts';
import { memberCurrency } from '../repositories/users.ts';
import type { Game, GameProvider } from './provider.ts';

/** Opens the account; 409 SLOT_ALREADY_ACTIVE when the member has one (also when two activations race). A ProviderError passes through. */
export async function activateGame(db: Db, provider: GameProvider, userId: number, game: Game, now: Date): Promise<void> {
  const currency = await memberCurrency(db, userId);
  try {
    await db.transaction(async (tx) => {
      const credentials = await provider.activate(tx, userId, game, now);
      await insertGameAccount(tx, userId, game.code, credentials, now);
      await ensureGameAccount(tx, userId, game.code, currency, now);
    });
  } catch (error) {
    // Two activations at once: the unique constraint lets one through.
    if (violatedUniqueConstraint(error) === 'game_accounts_user_game_unique') throw new ApiError(409, 'SLOT_ALREADY_ACTIVE');
    throw error;
  }
}
