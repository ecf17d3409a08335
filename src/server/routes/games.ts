/**
 * The member's game accounts (spec 2, game account modal; spec 7): open an
 * account at a game, read and reset its credentials, and get the entry to
 * the game (games/accounts.ts). Every call is keyed by the caller's user id.
 *
 * Also registers the pages of the providers this server runs (the
 * reference provider's /games).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type * as v from 'valibot';
import type { GameCredentialsResponse } from '../../contract/api.ts';
import { endpoints } from '../../contract/endpoints.ts';
import { enterGame, openedGameAccount, openGameAccount, resetGamePassword, type GameDoor } from '../games/accounts.ts';
import { serverOrigin } from '../games/origin.ts';
import { requestWithoutSecrets } from '../games/redact.ts';
import { languageOf } from '../language.ts';
import { GAME_ENTRIES_PER_MEMBER } from '../policy.ts';
import type { GameAccountWithGame } from '../repositories/games.ts';
import { route } from '../route.ts';

/** A phone's or tablet's browser (the usual user-agent words), for the games that serve a mobile build. */
const MOBILE = /Mobi|Android|iPhone|iPad/;

function credentialsAnswer({ account, game }: GameAccountWithGame): v.InferOutput<typeof GameCredentialsResponse> {
  return { code: game.code, provider: game.provider, username: account.username, password: account.password, event: account.event ?? null };
}

export async function gameRoutes(app: FastifyInstance): Promise<void> {
  // autoLogin carries the game password in its path: its request logs leave it out.
  await app.register(memberGameRoutes, { logSerializers: { req: requestWithoutSecrets } });
  for (const provider of app.games.values()) {
    if (provider.routes) await app.register(provider.routes);
  }
}

async function memberGameRoutes(app: FastifyInstance): Promise<void> {
  const { db, clock, games: providers, limits } = app;
  const context = (userId: number, request: FastifyRequest) => ({ providers, userId, now: clock(), log: request.log });

  route(app, endpoints.gameAccountActivate, async ({ params, caller, request }) => ({
    slot: await openGameAccount(db, context(caller.userId, request), params.gameCode),
  }));

  route(app, endpoints.gameAccountCredentials, async ({ params, caller }) => credentialsAnswer(await openedGameAccount(db, caller.userId, params.gameCode)));

  route(app, endpoints.gameAccountResetPassword, async ({ params, caller, request }) =>
    credentialsAnswer(await resetGamePassword(db, context(caller.userId, request), params.gameCode)),
  );

  const entry = async (door: GameDoor, userId: number, request: FastifyRequest) => ({
    entry: await enterGame(db, { ...context(userId, request), origin: serverOrigin(request), language: languageOf(request), mobile: MOBILE.test(request.headers['user-agent'] ?? '') }, door),
  });
  // Each entry writes a one-time token (and tries a game password when one is sent): bounded per member.
  const countEntry = async ({ caller }: { caller: { userId: number } }) => {
    await limits.count(`game-entry:${caller.userId}`, GAME_ENTRIES_PER_MEMBER, clock());
  };

  route(app, endpoints.autoLogin, ({ params, caller, request }) => entry(params, caller.userId, request), { before: countEntry });
  route(app, endpoints.autoLoginWithPassword, ({ params, caller, request }) => entry(params, caller.userId, request), { before: countEntry });
}
