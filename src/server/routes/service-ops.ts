/**
 * The service's switch in the console (admins): whether members are served,
 * and terminating or resuming it (service/switch.ts). Terminated, members'
 * calls answer 'gone' and the app shows /terminated; the console goes on.
 */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints.ts';
import { route } from '../route.ts';
import { changeService } from '../service/switch.ts';

export async function serviceOpsRoutes(app: FastifyInstance): Promise<void> {
  const { clock } = app;

  route(app, endpoints.opsService, async () => ({ status: (await app.service.isTerminated()) ? 'terminated' : 'active' }));

  route(app, endpoints.opsServiceChange, async ({ body, caller }) => {
    const status = await changeService(app.db, { operatorId: caller.operatorId, now: clock() }, body.status);
    app.service.remember(status === 'terminated');
    return { status };
  });
}
