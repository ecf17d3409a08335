import { useRead } from '../ui/use-read.ts';
import { FALLBACK_PRODUCT_NAME } from '../ui/use-document-title.ts';

/** The product name from /api/lookup/info; a brand, so never translated. */
export function ProductName() {
  const info = useRead('lookupInfo');
  return <span className="top-bar__brand-name">{info.data?.info.name || FALLBACK_PRODUCT_NAME}</span>;
}
