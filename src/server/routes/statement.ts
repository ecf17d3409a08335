/**
 * POST /api/statement: the caller's wallet movements (wallet/statement.ts).
 */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints.ts';
import { route } from '../route.ts';
import { memberStatement } from '../wallet/statement.ts';

export async function statementRoutes(app: FastifyInstance): Promise<void> {
  route(app, endpoints.statement, async ({ body, caller, db }) => memberStatement(db, caller.userId, body.page, body.limit));
}
