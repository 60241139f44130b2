/**
 * Sets the document title for the current page ('<page> | Feira').
 */
import { useEffect } from 'react';

export const SITE_NAME = 'Feira';

export function usePageTitle(title?: string) {
  useEffect(() => {
    document.title = title ? `${title} | ${SITE_NAME}` : `${SITE_NAME} — produtos do campo direto de quem produz`;
  }, [title]);
}
