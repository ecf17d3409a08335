/**
 * spec 2: when the service is terminated every API call answers 410 'gone'
 * (the SPA then shows /terminated), except the check that tells the SPA so.
 */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints.ts';
import { ApiError } from '../errors.ts';
import { isApiPath, pathOf } from './api-paths.ts';

export function terminatedService(app: FastifyInstance): void {
  if (app.config.serviceStatus !== 'terminated') return;
  const { method, path } = endpoints.lookupActive;
  app.addHook('onRequest', async (request) => {
    const requestPath = pathOf(request.url);
    if (!isApiPath(requestPath)) return;
    if (request.method === method && requestPath === path) return;
    throw new ApiError(410, 'gone');
  });
}
