/**
 * GET /api/idempotency/:key: what the caller's own Idempotency-Key holds,
 * read only (docs/decisions/0145-a-flaky-network.md). The SPA asks it after
 * a money action got no answer, before it offers to send the action again:
 * the stored answer (moved, or the refusal) or `seen: false`. Keys are
 * stored per member, so another member's key answers `seen: false` like a
 * key never sent: the answer tells nothing of other members' keys.
 */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints.ts';
import { findStored } from '../idempotency.ts';
import { route } from '../route.ts';

export async function idempotencyRoutes(app: FastifyInstance): Promise<void> {
  route(app, endpoints.idempotencyOutcome, async ({ caller, params }) => {
    const stored = await findStored(app.db, caller.userId, params.key);
    return stored ? { seen: true as const, statusCode: stored.statusCode, answer: stored.response } : { seen: false as const };
  });
}
