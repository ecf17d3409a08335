/**
 * The member's game accounts (spec 2, game account modal; spec 7): open an
 * account at a game, read and reset its credentials, and get the entry to
 * the game. Every query is keyed by the caller's user id: a member reaches
 * only their own accounts, and another member's username finds nothing.
 *
 * Also registers the pages of the providers this server runs (the
 * reference provider's /games).
 *
 * A provider that fails answers 502 with the call's failure code; nothing
 * is written then (the provider is called inside the transaction).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type * as v from 'valibot';
import type { GameCredentialsResponse, GameEntry } from '../../contract/api.ts';
import { endpoints } from '../../contract/endpoints.ts';
import type { ErrorCode } from '../../contract/errors.ts';
import { ApiError } from '../errors.ts';
import { activateGame } from '../games/activation.ts';
import { serverOrigin } from '../games/origin.ts';
import { ProviderError, type Game, type GameProvider } from '../games/provider.ts';
import { requestWithoutSecrets } from '../games/redact.ts';
import { isGamePassword } from '../games/sessions.ts';
import { languageOf } from '../language.ts';
import { GAME_ENTRIES_PER_MEMBER } from '../policy.ts';
import {
  findGame,
  findGameAccount,
  findGameAccountByUsername,
  listMemberGameAccounts,
  updateGameCredentials,
  type GameAccount,
  type GameAccountWithGame,
} from '../repositories/games.ts';
import { route } from '../route.ts';

function credentialsAnswer({ account, game }: GameAccountWithGame): v.InferOutput<typeof GameCredentialsResponse> {
  return { code: game.code, provider: game.provider, username: account.username, password: account.password, event: account.event ?? null };
}

/** The credentials as the provider knows them. */
function credentialsOf(account: GameAccount) {
  return { username: account.username, password: account.password, event: account.event ?? null };
}

export async function gameRoutes(app: FastifyInstance): Promise<void> {
  // autoLogin carries the game password in its path: its request logs leave it out.
  await app.register(memberGameRoutes, { logSerializers: { req: requestWithoutSecrets } });
  for (const provider of app.games.values()) {
    if (provider.routes) await app.register(provider.routes);
  }
}

async function memberGameRoutes(app: FastifyInstance): Promise<void> {
  const { db, clock } = app;

  /** The game's provider adapter; a game whose provider does not run here fails like its provider would. */
  function providerOf(game: Game, failure: ErrorCode): GameProvider {
    const provider = app.games.get(game.provider);
    if (!provider) {
      app.log.error(`game ${game.code}: provider ${game.provider} does not run on this server`);
      throw new ApiError(502, failure);
    }
    return provider;
  }

  /** Runs provider work; a provider's refusal is logged and answered with `failure`. */
  async function withProvider<T>(failure: ErrorCode, request: FastifyRequest, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      request.log.warn({ code: error.code }, `game provider failed: ${error.message}`);
      throw new ApiError(502, failure);
    }
  }

  /** The caller's account at the game: NO_GAME for an unknown game, SLOT_NO_ACCOUNT when not opened. */
  async function openedAccount(userId: number, code: string): Promise<GameAccountWithGame> {
    const found = await findGameAccount(db, userId, code);
    if (found) return found;
    throw new ApiError(404, (await findGame(db, code)) ? 'SLOT_NO_ACCOUNT' : 'NO_GAME');
  }

  // spec 4: a game account goes from inactive to active by this call.
  route(app, endpoints.gameAccountActivate, async ({ params, caller, request }) => {
    const game = await findGame(db, params.gameCode);
    if (!game || !game.active) throw new ApiError(404, 'NO_GAME');
    if (await findGameAccount(db, caller.userId, game.code)) throw new ApiError(409, 'SLOT_ALREADY_ACTIVE');
    const provider = providerOf(game, 'SLOT_ACTIVATE_FAIL');
    await withProvider('SLOT_ACTIVATE_FAIL', request, () => activateGame(db, provider, caller.userId, game, clock()));
    const [slot] = await listMemberGameAccounts(db, caller.userId, game.code);
    if (!slot) throw new Error(`game ${game.code} vanished after activation`);
    return { slot };
  });

  route(app, endpoints.gameAccountCredentials, async ({ params, caller }) => credentialsAnswer(await openedAccount(caller.userId, params.gameCode)));

  route(app, endpoints.gameAccountResetPassword, async ({ params, caller, request }) => {
    const { account, game } = await openedAccount(caller.userId, params.gameCode);
    const provider = providerOf(game, 'SLOT_RESET_PASSWORD_FAIL');
    const now = clock();
    const updated = await withProvider('SLOT_RESET_PASSWORD_FAIL', request, () =>
      db.transaction(async (tx) => {
        const credentials = await provider.resetPassword(tx, caller.userId, game, credentialsOf(account), now);
        return updateGameCredentials(tx, account.id, credentials, now);
      }),
    );
    return credentialsAnswer({ account: updated, game });
  });

  /**
   * The entry to the caller's own game account. With a password, it must be
   * the account's game password (the modal sends what it shows).
   */
  async function autoLogin(params: { provider: string; username: string; password?: string }, userId: number, request: FastifyRequest): Promise<{ entry: GameEntry }> {
    // Each entry writes a one-time token (and tries a game password when one is sent): bounded per member.
    await app.limits.count(`game-entry:${userId}`, GAME_ENTRIES_PER_MEMBER, clock());
    const found = await findGameAccountByUsername(db, userId, params.provider, params.username);
    if (!found) throw new ApiError(404, 'SLOT_NO_ACCOUNT');
    if (params.password !== undefined && !isGamePassword(params.password, found.account.password)) throw new ApiError(403, 'WRONG_PASSWORD');
    const { account, game } = found;
    if (!game.active) throw new ApiError(404, 'NO_GAME');
    const provider = providerOf(game, 'NO_GAME');
    const context = { origin: serverOrigin(request), language: languageOf(request), now: clock() };
    const entry = await withProvider('NO_GAME', request, () =>
      db.transaction((tx) => provider.entry(tx, { id: account.id, userId, game, credentials: credentialsOf(account) }, context)),
    );
    return { entry };
  }

  route(app, endpoints.autoLogin, ({ params, caller, request }) => autoLogin(params, caller.userId, request));
  route(app, endpoints.autoLoginWithPassword, ({ params, caller, request }) => autoLogin(params, caller.userId, request));
}
