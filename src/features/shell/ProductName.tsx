/**
 * The product name in the top bar: the operator's (settings info.name, as
 * /api/lookup/info answers it), which the server writes into the page it
 * serves; a brand, so never translated.
 */
import { PRODUCT_NAME } from '../ui/use-document-title.ts';

export function ProductName() {
  return <span className="top-bar__brand-name">{PRODUCT_NAME}</span>;
}
