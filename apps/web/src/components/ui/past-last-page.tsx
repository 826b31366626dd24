import { Link } from 'react-router';
import { buttonClasses } from './button';

/**
 * A page number past the last page of a listing that has results (an old link, a hand-edited
 * URL): saying "no products found" would be false, so the buyer is offered the last page.
 * Search results and category listings both show it (decisions 023, 031).
 */
export function PastLastPage({ lastPageHref }: { lastPageHref: string }) {
  return (
    <div className="rounded-lg bg-white px-6 py-16 text-center shadow-sm">
      <p className="text-lg font-medium">This page is past the end of the results.</p>
      <Link to={lastPageHref} className={buttonClasses('primary', 'md', 'mt-6')}>
        Go to the last page
      </Link>
    </div>
  );
}
