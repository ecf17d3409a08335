/**
 * The console's dashboard (every operator role): today's figures and the
 * work waiting; and the ledger check, run when finance or an admin asks,
 * its result kept in the audit for the dashboard to show.
 */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints.ts';
import { VARIANT_TIME_ZONES } from '../../contract/rules/bonuses.ts';
import { dashboardFigures } from '../dashboard/figures.ts';
import { runLedgerCheck } from '../dashboard/ledger-check.ts';
import { route } from '../route.ts';

export async function dashboardOpsRoutes(app: FastifyInstance): Promise<void> {
  const zone = VARIANT_TIME_ZONES[app.config.variant];

  route(app, endpoints.opsDashboard, ({ db }) => dashboardFigures(db, app.clock(), zone));

  route(app, endpoints.opsLedgerCheck, async ({ caller }) => ({ ledgerCheck: await runLedgerCheck(app.db, caller.operatorId, app.clock()) }));
}
