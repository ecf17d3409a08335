/**
 * Games for wallet tests, independent of the built-in seed: rows for the
 * `games` table under a provider of our own, a provider that records its
 * calls and fails on demand, and game accounts opened directly (activation
 * has its own routes and tests).
 */
import { gameAccounts, games } from '../../../src/server/db/schema.ts';
import type { Db } from '../../../src/server/db/client.ts';
import { ProviderError, type GameProvider, type MoneyAtProvider } from '../../../src/server/games/provider.ts';

export const TEST_PROVIDER = 'test-provider';

/** Sort orders differ from the codes' order, so a listing sorted by code would show. */
export const TEST_GAMES = [
  { code: 'TEST_SPORT', name: 'Test Sport', category: 'sport', sortOrder: 901 },
  { code: 'TEST_LOTTO', name: 'Test Lotto', category: 'lotto', sortOrder: 902, ftWalletSlot: 10 },
  { code: 'TEST_SLOT', name: 'Test Slot', category: 'slot', sortOrder: 903, web: 'https://slot.example/play' },
  { code: 'TEST_RETIRED', name: 'Retired Game', category: 'slot', sortOrder: 904, active: false },
  /** A game whose provider this server does not run. */
  { code: 'TEST_ORPHAN', name: 'Orphan Game', category: 'slot', sortOrder: 905, provider: 'nowhere' },
] as const satisfies readonly (Partial<typeof games.$inferInsert> & Pick<typeof games.$inferInsert, 'code' | 'name' | 'category'>)[];

export type TestGameCode = (typeof TEST_GAMES)[number]['code'];

/** Adds the test games unless present. */
export async function addTestGames(db: Db): Promise<void> {
  const rows = TEST_GAMES.map((game) => ({
    provider: TEST_PROVIDER,
    logo: `/images/games/${game.code.toLowerCase()}.png`,
    background: `/images/games/${game.code.toLowerCase()}-bg.png`,
    ...game,
  }));
  await db.insert(games).values(rows).onConflictDoNothing();
}

/** Opens the member's account in a game, as activation would. */
export async function openGameAccount(db: Db, userId: number, gameCode: TestGameCode, now: Date): Promise<void> {
  await db
    .insert(gameAccounts)
    .values({ userId, gameCode, username: `u${userId}${gameCode.toLowerCase()}`, password: 'game-pass', createdAt: now, passwordChangedAt: now })
    .onConflictDoNothing();
}

export interface ProviderCall {
  hook: 'deposit' | 'withdraw';
  userId: number;
  gameCode: string;
  amount: bigint;
  idempotencyKey: string;
}

/** Keeps no books; records the money calls and refuses them while `failing`. */
export class TestProvider implements GameProvider {
  readonly name = TEST_PROVIDER;
  readonly calls: ProviderCall[] = [];
  failing = false;
  /** What a refusal says while `failing`: the provider failed, or the game is not there for new money. */
  refusal: 'TRANSFER_FAIL' | 'NO_GAME' = 'TRANSFER_FAIL';

  private record(hook: ProviderCall['hook'], movement: MoneyAtProvider): void {
    if (this.failing) throw new ProviderError(this.refusal, `test provider refuses the ${hook}`);
    const { userId, game, amount, idempotencyKey } = movement;
    this.calls.push({ hook, userId, gameCode: game.code, amount, idempotencyKey });
  }

  async deposit(_tx: unknown, movement: MoneyAtProvider): Promise<void> {
    this.record('deposit', movement);
  }

  async withdraw(_tx: unknown, movement: MoneyAtProvider): Promise<void> {
    this.record('withdraw', movement);
  }

  async activate(): Promise<never> {
    throw new ProviderError('SLOT_ACTIVATE_FAIL', 'the test provider opens accounts through openGameAccount');
  }

  async resetPassword(): Promise<never> {
    throw new ProviderError('SLOT_RESET_PASSWORD_FAIL', 'not used by wallet tests');
  }

  async entry(): Promise<never> {
    throw new ProviderError('NO_GAME', 'not used by wallet tests');
  }
}
