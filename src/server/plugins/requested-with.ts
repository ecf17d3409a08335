/**
 * spec 7: every API call carries `X-Requested-With: XMLHttpRequest`. A plain
 * HTML form or link from another site cannot set it, so this also stops
 * cross-site form posts. Payment webhooks (a later issue) will come from
 * servers that do not send it: paths under /api/hooks/ are exempt, and so
 * are the game aggregators' calls under /api/providers/ (signed, like the
 * webhooks).
 */
import type { FastifyInstance } from 'fastify';
import { REQUESTED_WITH } from '../../contract/endpoints.ts';
import { ApiError } from '../errors.ts';
import { isApiPath, pathOf } from './api-paths.ts';

const EXEMPT_PREFIXES = ['/api/hooks/', '/api/providers/'];

export function requireRequestedWith(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const path = pathOf(request.url);
    if (!isApiPath(path) || EXEMPT_PREFIXES.some((prefix) => path.startsWith(prefix))) return;
    if (request.headers['x-requested-with'] !== REQUESTED_WITH) throw new ApiError(403, 'UNAUTHORIZED');
  });
}
