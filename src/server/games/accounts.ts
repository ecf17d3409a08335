/**
 * The member's game accounts (spec 2, game account modal; spec 7): open an
 * account at a game, read and reset its credentials, and get the entry to
 * the game. Every query is keyed by the caller's user id: a member reaches
 * only their own accounts, and another member's username finds nothing.
 *
 * A provider that fails answers 502 with the call's failure code; nothing
 * is written then (the provider is called inside the transaction).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { GameAccountItem, GameEntry } from '../../contract/api.ts';
import type { ErrorCode } from '../../contract/errors.ts';
import { sameSecret } from '../auth/tokens.ts';
import type { Db, Transaction } from '../db/client.ts';
import { ApiError } from '../errors.ts';
import type { Language } from '../language.ts';
import { revokeMemberGameSessions } from '../repositories/game-sessions.ts';
import {
  findGame,
  findGameAccount,
  findGameAccountByUsername,
  findGameAccounts,
  listMemberGameAccounts,
  updateGameCredentials,
  type GameAccount,
  type GameAccountWithGame,
} from '../repositories/games.ts';
import { activateGame } from './activation.ts';
import { ProviderError, type Game, type GameCredentials, type GameProvider, type GameProviders } from './provider.ts';

export interface GameAccountContext {
  /** The game providers this server runs (app.games). */
  providers: GameProviders;
  userId: number;
  now: Date;
  /** The request's log: a provider's failure is logged there. */
  log: FastifyBaseLogger;
}

/** The credentials as the provider knows them. */
function credentialsOf(account: GameAccount): GameCredentials {
  return { username: account.username, password: account.password, event: account.event ?? null };
}

/** The game's provider adapter; a game whose provider does not run here fails like its provider would. */
function providerOf({ providers, log }: GameAccountContext, game: Game, failure: ErrorCode): GameProvider {
  const provider = providers.get(game.provider);
  if (!provider) {
    log.error(`game ${game.code}: provider ${game.provider} does not run on this server`);
    throw new ApiError(502, failure);
  }
  return provider;
}

/** Runs provider work; a provider's refusal is logged and answered with `failure`. */
async function withProvider<T>(failure: ErrorCode, { log }: GameAccountContext, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    log.warn({ code: error.code }, `game provider failed: ${error.message}`);
    throw new ApiError(502, failure);
  }
}

/** The caller's account at the game: NO_GAME for an unknown game, SLOT_NO_ACCOUNT when not opened. */
export async function openedGameAccount(db: Db, userId: number, gameCode: string): Promise<GameAccountWithGame> {
  const found = await findGameAccount(db, userId, gameCode);
  if (found) return found;
  throw new ApiError(404, (await findGame(db, gameCode)) ? 'SLOT_NO_ACCOUNT' : 'NO_GAME');
}

/** spec 4: a game account goes from inactive to active (NO_GAME, SLOT_ALREADY_ACTIVE, SLOT_ACTIVATE_FAIL); its item after. */
export async function openGameAccount(db: Db, context: GameAccountContext, gameCode: string): Promise<GameAccountItem> {
  const { userId, now } = context;
  const game = await findGame(db, gameCode);
  if (!game || !game.active) throw new ApiError(404, 'NO_GAME');
  if (await findGameAccount(db, userId, game.code)) throw new ApiError(409, 'SLOT_ALREADY_ACTIVE');
  const provider = providerOf(context, game, 'SLOT_ACTIVATE_FAIL');
  await withProvider('SLOT_ACTIVATE_FAIL', context, () => activateGame(db, provider, userId, game, now));
  const [slot] = await listMemberGameAccounts(db, userId, game.code);
  if (!slot) throw new Error(`game ${game.code} vanished after activation`);
  return slot;
}

/** New credentials from the provider, stored in the same transaction (SLOT_RESET_PASSWORD_FAIL). */
export async function resetGamePassword(db: Db, context: GameAccountContext, gameCode: string): Promise<GameAccountWithGame> {
  const { userId, now } = context;
  const { account, game } = await openedGameAccount(db, userId, gameCode);
  const provider = providerOf(context, game, 'SLOT_RESET_PASSWORD_FAIL');
  const updated = await withProvider('SLOT_RESET_PASSWORD_FAIL', context, () =>
    db.transaction(async (tx) => {
      const credentials = await provider.resetPassword(tx, userId, game, credentialsOf(account), now);
      return updateGameCredentials(tx, account.id, credentials, now);
    }),
  );
  return { account: updated, game };
}

/**
 * After the member's own password changed: every game page they had open
 * ends, and each game account gets a new password from its provider, in the
 * caller's transaction (whoever knew the old password may have read the
 * game passwords too). A provider that cannot give one keeps its old
 * password, logged: its sessions have ended all the same, and the member can
 * reset it from the game's modal.
 */
export async function renewGameCredentials(tx: Transaction, { providers, userId, now, log }: GameAccountContext): Promise<void> {
  await revokeMemberGameSessions(tx, userId, now);
  for (const { account, game } of await findGameAccounts(tx, userId)) {
    const provider = providers.get(game.provider);
    if (!provider) continue;
    try {
      await updateGameCredentials(tx, account.id, await provider.resetPassword(tx, userId, game, credentialsOf(account), now), now);
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      log.warn({ code: error.code, game: game.code }, `game password not renewed: ${error.message}`);
    }
  }
}

export interface GameDoor {
  provider: string;
  username: string;
  /** When sent, it must be the account's game password (the modal sends what it shows). */
  password?: string;
}

/** The entry to the caller's own game account (SLOT_NO_ACCOUNT, WRONG_PASSWORD, NO_GAME). */
export async function enterGame(
  db: Db,
  context: GameAccountContext & { origin: string; language: Language; mobile?: boolean },
  door: GameDoor,
): Promise<GameEntry> {
  const { userId, now, origin, language, mobile = false } = context;
  const found = await findGameAccountByUsername(db, userId, door.provider, door.username);
  if (!found) throw new ApiError(404, 'SLOT_NO_ACCOUNT');
  if (door.password !== undefined && !sameSecret(door.password, found.account.password)) throw new ApiError(403, 'WRONG_PASSWORD');
  const { account, game } = found;
  if (!game.active) throw new ApiError(404, 'NO_GAME');
  const provider = providerOf(context, game, 'NO_GAME');
  return withProvider('NO_GAME', context, () =>
    db.transaction((tx) => provider.entry(tx, { id: account.id, userId, game, credentials: credentialsOf(account) }, { origin, language, now, mobile })),
  );
}
