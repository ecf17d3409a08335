/**
 * What an area's page is given (console/areas.ts lists the pages). Apart
 * from areas.ts, which imports every page lazily: a page importing its
 * props from there would make an import circle.
 */
import type { OperatorMe } from '../../../contract/ops.ts';

/** Who is signed in, and the address below the area (/ops/members/0812345678 → ['0812345678']). */
export interface AreaPageProps {
  operator: OperatorMe;
  path: readonly string[];
}
