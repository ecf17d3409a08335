/**
 * Wallet ↔ game transfers (spec 7): each route validates the body, calls
 * one function of transfers/ and shapes the answer. A body can name a game,
 * never another member. Refusals a member can cause answer 400 with their
 * code (404 for a game or game account that does not exist); a provider
 * that fails answers 502 TRANSFER_FAIL (docs/decisions/0047-money-refusals-settings-and-available-balance.md).
 */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints.ts';
import { movedAnswer } from '../answers/moved.ts';
import { memberMovement } from '../money/movement.ts';
import { route } from '../route.ts';
import { transferAllToGame, transferMoney } from '../transfers/game-transfers.ts';

export async function transferRoutes(app: FastifyInstance): Promise<void> {
  const { clock, games } = app;

  // One statement moves the money and stores the Idempotency-Key's answer (docs/decisions/0149-one-round-trip-transfer.md).
  route(
    app,
    endpoints.transfer,
    async ({ body, caller, db, request, storeKey }) => {
      const context = memberMovement(request, caller.userId, 'transfer', games, clock());
      return movedAnswer(await transferMoney(db, context, body, storeKey));
    },
    { inOneCall: true },
  );

  route(app, endpoints.transferAll, async ({ body, caller, db, request }) => {
    const context = memberMovement(request, caller.userId, 'transferAll', games, clock());
    return movedAnswer(await transferAllToGame(db, context, body.to));
  });
}
