/**
 * The game-provider adapter. A provider runs games and keeps a member's game
 * account; our ledger keeps one account per member and game
 * (`game:{userId}:{gameCode}`) for the money that sits at the provider.
 *
 * Money between the wallet and a game moves in one database transaction:
 * the wallet route writes the ledger transfer and, in the same transaction,
 * tells the provider (`deposit` / `withdraw`). If the provider refuses, the
 * transaction rolls back and the money never left the wallet (TRANSFER_FAIL).
 * The built-in reference provider (reference.ts) keeps its books in our
 * ledger, so for it these calls only check the account; so does Hub88's
 * (hub88/provider.ts), whose seamless wallet bets from the same account.
 * An adapter for a transfer-wallet provider would call its API here with
 * the idempotency key.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { GameEntry } from '../../contract/api.ts';
import type { Db, Transaction } from '../db/client.ts';
import type { ProviderLog } from '../providers/http.ts';
import type { gameAccounts, games } from '../db/schema.ts';
import type { Language } from '../language.ts';

export type Game = typeof games.$inferSelect;

export interface GameCredentials {
  username: string;
  password: string;
  /** One provider's login form also needs form-state fields (spec 3); null for the others. */
  event: Record<string, string> | null;
}

export interface MoneyAtProvider {
  userId: number;
  game: Game;
  /**
   * The member's account at the game as the movement read it in this
   * transaction (null: they have none), so a provider need not read it again.
   */
  account: Pick<typeof gameAccounts.$inferSelect, 'id' | 'username'> | null;
  /** Minor units, > 0. */
  amount: bigint;
  /** The ledger transfer's idempotency key; a provider must apply a key once. */
  idempotencyKey: string;
}

/** A member's open account at a game: what `entry` needs to let them in. */
export interface OpenGameAccount {
  /** game_accounts.id */
  id: number;
  userId: number;
  game: Game;
  credentials: GameCredentials;
}

/** Where an entry link points back to and in which language the game should speak. */
export interface EntryContext {
  /** This server's origin as the member's browser sees it, e.g. `https://wallet.example`. */
  origin: string;
  language: Language;
  now: Date;
  /** The member's browser says it is a phone or tablet (an aggregator serves its mobile build then). */
  mobile?: boolean;
}

/** The provider refused or failed; the caller rolls back and answers with `code`. */
export class ProviderError extends Error {
  constructor(
    readonly code: 'SLOT_ACTIVATE_FAIL' | 'SLOT_RESET_PASSWORD_FAIL' | 'TRANSFER_FAIL' | 'NO_GAME',
    message: string,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

export interface GameProvider {
  /** The name in games.provider and in /api/autoLogin/{provider}/... */
  readonly name: string;
  /** Opens the member's account at the provider. */
  activate(tx: Transaction, userId: number, game: Game, now: Date): Promise<GameCredentials>;
  resetPassword(tx: Transaction, userId: number, game: Game, credentials: GameCredentials, now: Date): Promise<GameCredentials>;
  /** Money arrives at the provider (wallet → game), inside the ledger transfer's transaction. */
  deposit(tx: Transaction, movement: MoneyAtProvider): Promise<void>;
  /** Money leaves the provider (game → wallet), inside the ledger transfer's transaction. */
  withdraw(tx: Transaction, movement: MoneyAtProvider): Promise<void>;
  /**
   * Set (by spreading ledgerHeldMoney) when `deposit` and `withdraw` are
   * ledgerHeldMoney's checks, which write nothing: a wallet ↔ game transfer
   * then checks first (checkLedgerHeldMove) and moves the money in one
   * statement (docs/decisions/0149-one-round-trip-transfer.md).
   */
  readonly moneyInLedger?: true;
  /** How the member enters the game (spec 2: web link, app links, login form, or a link with credentials). */
  entry(tx: Transaction, account: OpenGameAccount, context: EntryContext): Promise<GameEntry>;
  /** Pages and calls a provider run by this server serves itself (the reference provider's games under /games). */
  readonly routes?: FastifyPluginAsync;
  /** An aggregator's games list into the games table (the daily job and `npm run games:sync`); answers what it did. */
  syncGames?(db: Db, log: ProviderLog): Promise<unknown>;
}

/**
 * `deposit` and `withdraw` of a provider whose games' money stays in our
 * ledger (the reference provider; Hub88's seamless wallet): the transfer
 * has moved it already, so they only check. New money goes only into an
 * active game (NO_GAME, which money/movement.ts answers as the transfer
 * route's own check does: 404); money may leave a retired one. The account
 * is the one the movement read in its transaction, and game accounts are
 * never deleted, so its absence settles it (TRANSFER_FAIL).
 */
export const ledgerHeldMoney: Pick<GameProvider, 'deposit' | 'withdraw' | 'moneyInLedger'> = {
  async deposit(_tx, movement) {
    checkLedgerHeldMove(movement, true);
  },
  async withdraw(_tx, movement) {
    checkLedgerHeldMove(movement, false);
  },
  moneyInLedger: true,
};

/** ledgerHeldMoney's check of a movement to the game (`toGame`) or back; it reads and writes nothing. */
export function checkLedgerHeldMove(movement: MoneyAtProvider, toGame: boolean): void {
  if (toGame && !movement.game.active) throw new ProviderError('NO_GAME', `game ${movement.game.code} is not active`);
  checkOpen(movement);
}

function checkOpen({ userId, game, account }: MoneyAtProvider): void {
  if (!account) throw new ProviderError('TRANSFER_FAIL', `member ${userId} has no account at ${game.code}`);
}

/** The providers this server runs, by name. */
export type GameProviders = ReadonlyMap<string, GameProvider>;
