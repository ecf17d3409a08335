import { useEffect } from 'react';

export const FALLBACK_PRODUCT_NAME = 'Mekong Wallet';

/** The tab title says where the member is, in their language. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · ${FALLBACK_PRODUCT_NAME}`;
  }, [title]);
}
