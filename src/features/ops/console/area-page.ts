/**
 * What an area's page is given (console/areas.ts lists the pages). Apart
 * from areas.ts, which imports every page lazily: a page importing its
 * props from there would make an import circle.
 */
import type { OperatorRole } from '../../../contract/api.ts';
import type { OperatorMe } from '../../../contract/ops.ts';

/** Who is signed in, and the address below the area (/ops/members/0812345678 → ['0812345678']). */
export interface AreaPageProps {
  operator: OperatorMe;
  path: readonly string[];
}

/**
 * Whether the operator's role may call an endpoint, read from the endpoint
 * itself (`endpoints.x`: its roles besides admin), so that what a page
 * offers follows the server's table instead of a copy of it. The server
 * decides regardless.
 */
export function mayCall(operator: OperatorMe, endpoint: { roles?: readonly OperatorRole[] }): boolean {
  return operator.role === 'admin' || (endpoint.roles ?? []).includes(operator.role);
}
