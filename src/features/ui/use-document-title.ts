import { useEffect } from 'react';

const FALLBACK_PRODUCT_NAME = 'Mekong Wallet';

/**
 * The operator's product name (settings info.name), which the server writes
 * into the page it serves (src/server/plugins/spa.ts); the default in the
 * dev server, whose page is the source's. A brand: never translated.
 */
export const PRODUCT_NAME =
  (typeof document === 'undefined' ? null : document.querySelector<HTMLMetaElement>('meta[name="product-name"]')?.content) || FALLBACK_PRODUCT_NAME;

/** The tab title says where the member is, in their language. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · ${PRODUCT_NAME}`;
  }, [title]);
}
