import { useEffect } from 'react';

/** Sets the tab title for a console page: '{title} | Console'. */
export function usePageTitle(title: string | undefined) {
  useEffect(() => {
    if (title) document.title = `${title} | Console`;
  }, [title]);
}
