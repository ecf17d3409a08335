/**
 * What the promotions page and its parts are given: console/areas.ts's
 * AreaPageProps, written out here, because importing them from areas.ts,
 * which imports the page, would close an import circle.
 */
import type { OperatorMe } from '../../../contract/ops.ts';

export interface PromotionsPartProps {
  operator: OperatorMe;
  /** The address below the part: /ops/promotions/bonuses/… → […]. */
  path: readonly string[];
}
