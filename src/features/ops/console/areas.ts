/**
 * The console's areas (docs/decisions/0125-operator-console.md): where each
 * lives under /ops, who may open it, and its page, loaded when first opened
 * so that the console's first load is the shell and one page. The roles
 * mirror the server's (src/contract/endpoints.ts names each route's); an
 * admin opens everything. The navigation shows an operator only theirs.
 */
import { lazy, type ComponentType } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { OperatorRole } from '../../../contract/api.ts';
import type { OperatorMe } from '../../../contract/ops.ts';
import type { AreaPageProps } from './area-page.ts';

// Pages take their props from area-page.ts (importing them from here would be an import circle).


export interface Area {
  /** The first segment of its address: /ops/<id>. */
  id: string;
  label: MessageDescriptor;
  /** Roles besides admin that open it. */
  roles: readonly OperatorRole[];
  page: ComponentType<AreaPageProps>;
}

/** In the navigation's order: the day's figures, then the work queues, then the admin's pages. */
export const AREAS: readonly Area[] = [
  { id: 'dashboard', label: msg`Dashboard`, roles: ['finance', 'support', 'marketing'], page: lazy(() => import('../dashboard/DashboardPage.tsx')) },
  { id: 'members', label: msg`Members`, roles: ['support', 'finance'], page: lazy(() => import('../members/MembersPage.tsx')) },
  { id: 'deposits', label: msg`Deposits`, roles: ['finance'], page: lazy(() => import('../deposits/DepositsPage.tsx')) },
  { id: 'payouts', label: msg`Payouts`, roles: ['finance'], page: lazy(() => import('../payouts/PayoutsPage.tsx')) },
  { id: 'approvals', label: msg`Approvals`, roles: ['finance'], page: lazy(() => import('../approvals/ApprovalsPage.tsx')) },
  { id: 'adjustments', label: msg`Adjustments`, roles: ['finance'], page: lazy(() => import('../adjustments/AdjustmentsPage.tsx')) },
  { id: 'promotions', label: msg`Promotions`, roles: ['marketing', 'finance'], page: lazy(() => import('../promotions/PromotionsPage.tsx')) },
  { id: 'games', label: msg`Games`, roles: ['marketing', 'support'], page: lazy(() => import('../games/GamesPage.tsx')) },
  { id: 'chat', label: msg`Chat`, roles: ['support'], page: lazy(() => import('../OpsChatPage.tsx')) },
  { id: 'service', label: msg`Service`, roles: [], page: lazy(() => import('../service/ServicePage.tsx')) },
  { id: 'audit', label: msg`Audit`, roles: [], page: lazy(() => import('../audit/AuditPage.tsx')) },
  { id: 'operators', label: msg`Operators`, roles: [], page: lazy(() => import('../operators/OperatorsPage.tsx')) },
];

function mayOpen(area: Area, operator: OperatorMe): boolean {
  return operator.role === 'admin' || area.roles.includes(operator.role);
}

/** The areas an operator may open, in the navigation's order. */
export function areasOf(operator: OperatorMe): Area[] {
  return AREAS.filter((area) => mayOpen(area, operator));
}
