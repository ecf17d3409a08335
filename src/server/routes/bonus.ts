/**
 * Bonuses (spec 7 /api/bonus/*). Today the check the withdraw modal makes:
 * does the member hold a bonus (then only the full amount may be withdrawn,
 * spec 5)? The promotions issue adds the rest.
 */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints.ts';
import { activeBonusOf } from '../repositories/bonuses.ts';
import { route } from '../route.ts';

export async function bonusRoutes(app: FastifyInstance): Promise<void> {
  route(app, endpoints.bonusCheckActive, async ({ db, caller }) => {
    const bonus = await activeBonusOf(db, caller.userId);
    return { status: bonus !== undefined, type: bonus?.bonusType ?? null };
  });
}
