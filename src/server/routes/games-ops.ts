/**
 * The games on offer (one read) and an operator's switch (games/switch.ts):
 * marketing and support read the list, marketing (and admins) switch a game
 * off or on.
 */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints.ts';
import { switchGame } from '../games/switch.ts';
import { listGamesForOperators } from '../repositories/game-catalogue.ts';
import { route } from '../route.ts';

export async function gameOpsRoutes(app: FastifyInstance): Promise<void> {
  const { db, clock } = app;

  route(app, endpoints.opsGames, async () => ({ games: await listGamesForOperators(db) }));

  route(app, endpoints.opsGameSwitch, async ({ params, body, caller }) => switchGame(db, { operatorId: caller.operatorId, now: clock() }, params.code, body.active));
}
