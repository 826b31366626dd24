import { useEffect } from 'react';

const SITE = 'B2B Storefront';

/** Sets the tab title for the page: '{title} | B2B Storefront'. */
export function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    if (title) document.title = `${title} | ${SITE}`;
  }, [title]);
}
