/**
 * The games on offer and an operator's switch (games/switch.ts): marketing
 * and support read the list, marketing (and admins) switch a game off or on.
 */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints.ts';
import { listGamesForOperators, switchGame } from '../games/switch.ts';
import { route } from '../route.ts';

export async function gameOpsRoutes(app: FastifyInstance): Promise<void> {
  const { db, clock } = app;

  route(app, endpoints.opsGames, async () => ({ games: await listGamesForOperators(db) }));

  route(app, endpoints.opsGameSwitch, async ({ params, body, caller }) => switchGame(db, { operatorId: caller.operatorId, now: clock() }, params.code, body.active));
}
