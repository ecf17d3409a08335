/**
 * spec 2: when the service is terminated every API call answers 410 'gone'
 * (the SPA then shows /terminated), except the check that tells the SPA so.
 * Terminated from the console (service/switch.ts), the operators' calls
 * still answer: the console's routes, and login and logout (a member's
 * login is refused there: routes/session.ts).
 */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints.ts';
import { ApiError } from '../errors.ts';
import { serviceSwitch, type ServiceSwitch } from '../service/switch.ts';
import { isApiPath, pathOf } from './api-paths.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether members are served now (service/switch.ts). */
    service: ServiceSwitch;
  }
}

const alwaysAnswered = [endpoints.lookupActive];
const operatorsStillCall = [endpoints.login, endpoints.logout];

function isOneOf(method: string, path: string, list: readonly { method: string; path: string }[]): boolean {
  return list.some((endpoint) => endpoint.method === method && endpoint.path === path);
}

export function terminatedService(app: FastifyInstance): void {
  const deployTerminated = app.config.serviceStatus === 'terminated';
  app.decorate('service', serviceSwitch(app.db, app.clock, deployTerminated));
  app.addHook('onRequest', async (request) => {
    const requestPath = pathOf(request.url);
    if (!isApiPath(requestPath) || isOneOf(request.method, requestPath, alwaysAnswered)) return;
    if (deployTerminated) throw new ApiError(410, 'gone');
    if (requestPath.startsWith('/api/ops/') || isOneOf(request.method, requestPath, operatorsStillCall)) return;
    if (await app.service.isTerminated()) throw new ApiError(410, 'gone');
  });
}
