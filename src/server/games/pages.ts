/**
 * The reference provider's own pages and calls, under /games (explicit
 * routes, so the SPA's history fallback never answers them):
 *
 *   GET  /games/:code            the game page; `?token=` (entry link, app
 *                                link, or with `&username=` the credentials
 *                                link) first starts a session and redirects
 *                                to the clean address
 *   POST /games/login            the login form: the entry's token (or a typed
 *                                username and password) and the form-state
 *                                fields action, game
 *   GET  /games/assets/:file     play.js, play.css and the pages' fonts
 *   GET  /games/api/state        balance in credits and the bet steps
 *   POST /games/api/spin         plays one round (rounds.ts)
 *   POST /games/api/rounds/:roundId/rollback   returns a round's bet (operator)
 *
 * The page and its calls work under the app's CSP (no inline script). The
 * calls answer `{ message: code }` like the API; the pages answer HTML.
 *
 * Whatever starts a session refuses a request another site's page sent
 * (origin.ts; 403 page): that page could otherwise sign the member into an
 * account of its choosing. A typed password must come with this server's
 * Origin; a one-time token without either header is decided by the token.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify';
import * as v from 'valibot';
import { GameCode } from '../../contract/api.ts';
import { REQUESTED_WITH } from '../../contract/endpoints.ts';
import { ApiError } from '../errors.ts';
import { requireCaller } from '../plugins/authentication.ts';
import { findGame } from '../repositories/games.ts';
import { parseBody, parseParts } from '../validation.ts';
import { isFromAnotherSite, isFromOwnPage } from './origin.ts';
import { renderGamePage, renderMessagePage } from './page/render.ts';
import { pageLanguageOf, type PageLanguage, type PageTexts } from './page/texts.ts';
import { parsePick, type Random } from './paytable.ts';
import type { Game } from './provider.ts';
import { requestWithoutSecrets } from './redact.ts';
import { gameState, playSpin, rollbackRound } from './rounds.ts';
import { sessionOf, setSessionCookie, startWithCredentials, startWithEntryToken } from './sessions.ts';

const RoundId = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{8,64}$/, 'KEY_INVALID'));
const SpinBody = v.object({
  game: GameCode,
  roundId: RoundId,
  bet: v.pipe(v.number('KEY_INVALID'), v.finite('KEY_INVALID')),
  pick: v.optional(v.nullable(v.pipe(v.string('KEY_INVALID'), v.maxLength(10, 'KEY_INVALID')))),
});
const StateQuery = v.object({ game: GameCode });
const RollbackParams = v.object({ roundId: RoundId });

/** Usernames and passwords this provider issues are printable ASCII; anything else cannot match and never reaches SQL. */
const CREDENTIAL = /^[\x21-\x7e]{1,200}$/;
const APPS = ['android', 'ios'];

const require = createRequire(import.meta.url);
const page = (file: string) => readFileSync(new URL(`./page/${file}`, import.meta.url));
const font = (specifier: string) => () => readFileSync(require.resolve(specifier));

/** Files the pages load, read once. Fonts are the app's own (Noto Sans Thai / Lao), so Thai and Lao render anywhere. */
const ASSETS: Record<string, { type: string; body: () => Buffer }> = {
  'play.js': { type: 'text/javascript; charset=utf-8', body: () => page('play.js') },
  'play.css': { type: 'text/css; charset=utf-8', body: () => page('play.css') },
  ...Object.fromEntries(
    ['thai-400', 'thai-700', 'latin-400', 'latin-700'].map((face) => [
      `noto-sans-thai-${face}.woff2`,
      { type: 'font/woff2', body: font(`@fontsource/noto-sans-thai/files/noto-sans-thai-${face}-normal.woff2`) },
    ]),
  ),
  ...Object.fromEntries(
    ['lao-400', 'lao-700'].map((face) => [
      `noto-sans-lao-${face}.woff2`,
      { type: 'font/woff2', body: font(`@fontsource/noto-sans-lao/files/noto-sans-lao-${face}-normal.woff2`) },
    ]),
  ),
};

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

export function gamePages(provider: string, random: Random): FastifyPluginAsync {
  return async (app) => {
    await app.register((games: FastifyInstance) => gameScope(games, provider, random), { prefix: '/games', logSerializers: { req: requestWithoutSecrets } });
  };
}

async function gameScope(games: FastifyInstance, provider: string, random: Random): Promise<void> {
  const { db, clock, config } = games;
  const fallbackLanguage: PageLanguage = config.variant === 'la' ? 'lo' : 'th';
  const assets = new Map(Object.entries(ASSETS).map(([name, asset]) => [name, { type: asset.type, body: asset.body() }]));

  function sendPage(reply: FastifyReply, status: number, html: string) {
    // Entry addresses carry secrets and balances change: nothing here is cached.
    return reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
  }
  const refuse = (reply: FastifyReply, status: number, lang: PageLanguage, message: keyof PageTexts, game?: Game) =>
    sendPage(reply, status, renderMessagePage(lang, message, game));

  /** A game of this provider that members may play now, or why not. */
  async function playableGame(code: string): Promise<Game | keyof PageTexts> {
    const game = v.is(GameCode, code) ? await findGame(db, code) : undefined;
    if (!game || game.provider !== provider) return 'noGame';
    return game.active ? game : 'gameClosed';
  }

  /** Sets the session cookie and sends the browser to the page's clean address (no secret left in it). */
  function enter(reply: FastifyReply, game: Game, sessionToken: string, lang: PageLanguage, app: string | null) {
    setSessionCookie(reply, game.code, sessionToken);
    const query = new URLSearchParams({ lang, ...(app !== null && APPS.includes(app) && { app }) });
    return reply.header('cache-control', 'no-store').redirect(`/games/${encodeURIComponent(game.code)}?${query}`, 303);
  }

  /** An entry's one-time token (and the username, when the entry names it): a session token, or null. */
  async function entrySession(game: Game, token: unknown, username: unknown): Promise<string | null> {
    const name = username === undefined ? null : text(username);
    if (typeof token !== 'string' || (username !== undefined && (name === null || !CREDENTIAL.test(name)))) return null;
    return startWithEntryToken(db, game.code, token, name, clock());
  }

  /** The game's own login with a typed username and password: a session token, or null. */
  async function credentialsSession(game: Game, username: unknown, password: unknown): Promise<string | null> {
    if (typeof username !== 'string' || typeof password !== 'string' || !CREDENTIAL.test(username) || !CREDENTIAL.test(password)) return null;
    return startWithCredentials(db, game.code, username, password, clock());
  }

  // spec 2: a terminated service stops games too; unknown paths under /games are not the SPA's.
  games.addHook('onRequest', async (request, reply) => {
    if (!(await games.service.isTerminated())) return;
    if (request.url.startsWith('/games/api/')) throw new ApiError(410, 'gone');
    return refuse(reply, 410, pageLanguageOf((request.query as Record<string, unknown>).lang, fallbackLanguage), 'serviceGone');
  });
  games.setNotFoundHandler(async () => {
    throw new ApiError(404, 'NO_DATA');
  });
  // The login form posts urlencoded fields; only here (the API stays JSON-only).
  games.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  games.get<{ Params: { file: string } }>('/assets/:file', async (request, reply) => {
    const asset = assets.get(request.params.file);
    if (!asset) throw new ApiError(404, 'NO_DATA');
    return reply.type(asset.type).header('cache-control', 'public, max-age=3600').send(asset.body);
  });

  games.get<{ Params: { code: string }; Querystring: Record<string, unknown> }>('/:code', async (request, reply) => {
    const { query } = request;
    const lang = pageLanguageOf(query.lang, fallbackLanguage);
    const game = await playableGame(request.params.code);
    if (typeof game === 'string') return refuse(reply, 404, lang, game);

    if (query.token !== undefined) {
      // Checked before the token is used, so a refused request leaves the member's token usable.
      if (isFromAnotherSite(request)) return refuse(reply, 403, lang, 'openedElsewhere', game);
      const session = await entrySession(game, query.token, query.username);
      return session === null ? refuse(reply, 401, lang, 'linkExpired', game) : enter(reply, game, session, lang, text(query.app));
    }
    // Links with the game password are no more: such an address is old or made up
    // (docs/decisions/0084-game-entry-from-this-server-only.md).
    if (query.password !== undefined) return refuse(reply, 401, lang, 'linkExpired', game);
    return sendPage(reply, 200, renderGamePage(game, lang));
  });

  games.post<{ Body: unknown }>('/login', async (request, reply) => {
    const fields = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<string, unknown>;
    const lang = pageLanguageOf(fields.lang, fallbackLanguage);
    const code = text(fields.game);
    if (text(fields.action) !== 'login' || code === null) return refuse(reply, 400, lang, 'noGame');
    const game = await playableGame(code);
    if (typeof game === 'string') return refuse(reply, 404, lang, game);
    if (fields.token !== undefined) {
      if (isFromAnotherSite(request)) return refuse(reply, 403, lang, 'openedElsewhere', game);
      const session = await entrySession(game, fields.token, fields.username);
      return session === null ? refuse(reply, 401, lang, 'linkExpired', game) : enter(reply, game, session, lang, null);
    }
    // A typed password has no token to vouch for it: only a page of this server may post it (browsers send Origin on every POST).
    if (!isFromOwnPage(request)) return refuse(reply, 403, lang, 'openedElsewhere', game);
    const session = await credentialsSession(game, fields.username, fields.password);
    return session === null ? refuse(reply, 401, lang, 'wrongCredentials', game) : enter(reply, game, session, lang, null);
  });

  await games.register(
    async (api) => {
      // The page's calls carry the marker, as the app's do: a cross-site form cannot.
      api.addHook('onRequest', async (request) => {
        if (request.headers['x-requested-with'] !== REQUESTED_WITH) throw new ApiError(403, 'UNAUTHORIZED');
      });

      /** The live session at this game, which must still be open to play. */
      async function playerOf(request: Parameters<typeof sessionOf>[0], code: string) {
        const session = await sessionOf(request, code, clock());
        if (!session) throw new ApiError(401, 'invalid-token');
        if (!session.game.active) throw new ApiError(404, 'NO_GAME');
        return session;
      }

      api.get('/state', async (request) => {
        const { game } = parseParts(StateQuery, request.query);
        return gameState(db, await playerOf(request, game), clock());
      });

      api.post('/spin', async (request) => {
        const body = parseBody(SpinBody, request.body);
        const session = await playerOf(request, body.game);
        const pick = parsePick(session.game.category, body.pick);
        if (pick === undefined) throw new ApiError(400, 'KEY_INVALID');
        return playSpin(db, session, { roundId: body.roundId, bet: body.bet, pick }, random, clock());
      });

      api.post('/rounds/:roundId/rollback', { onRequest: requireCaller('operator', { roles: ['finance'] }) }, async (request) => {
        const { roundId } = parseParts(RollbackParams, request.params);
        // requireCaller('operator') above: the caller is an operator.
        const operatorId = request.caller?.kind === 'operator' ? request.caller.operatorId : null;
        if (operatorId === null) throw new ApiError(401, 'invalid-token');
        return rollbackRound(db, roundId, operatorId, clock());
      });
    },
    { prefix: '/api' },
  );
}
