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

/** What an area's page is given: who is signed in, and the address below the area (/ops/members/0812345678 → ['0812345678']). */
export interface AreaPageProps {
  operator: OperatorMe;
  path: readonly string[];
}

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
  { id: 'promotions', label: msg`Promotions`, roles: ['marketing', 'finance'], page: lazy(() => import('../promotions/PromotionsPage.tsx')) },
  { id: 'chat', label: msg`Chat`, roles: ['support'], page: lazy(() => import('../OpsChatPage.tsx')) },
];

export function mayOpen(area: Area, operator: OperatorMe): boolean {
  return operator.role === 'admin' || area.roles.includes(operator.role);
}

/** The areas an operator may open, in the navigation's order. */
export function areasOf(operator: OperatorMe): Area[] {
  return AREAS.filter((area) => mayOpen(area, operator));
}
