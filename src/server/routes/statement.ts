/**
 * POST /api/statement: the caller's wallet movements (statement/statement.ts).
 */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints.ts';
import { languageOf } from '../language.ts';
import { route } from '../route.ts';
import { memberStatement } from '../statement/statement.ts';

export async function statementRoutes(app: FastifyInstance): Promise<void> {
  route(app, endpoints.statement, async ({ body, caller, db, request }) => memberStatement(db, caller.userId, body.page, body.limit, languageOf(request)));
}
