import { useEffect } from 'react';
import { PRODUCT_NAME } from '@shared/domain/product';

/** Sets the document title to '{title} | Shelfwise' (ARCHITECTURE.md "Names"). */
export function usePageTitle(title: string | null) {
  useEffect(() => {
    document.title = title ? `${title} | ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
}
