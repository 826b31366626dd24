/** The search page's placeholders: skeleton rows, the empty states and the error (spec §2). */
import { Link } from 'react-router';
import { SEARCH_SKELETON_COUNT } from '@storefront/shared/constants';
import { href } from '@storefront/shared/routes';
import { ProductRowSkeleton } from '../../../components/product/product-row';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';

/** Six skeleton rows while the search loads or stalls, or while images are checked (spec §9). */
export function SearchSkeleton() {
  return (
    <ul data-testid="search-skeleton" aria-hidden="true" className="flex flex-col gap-3">
      {Array.from({ length: SEARCH_SKELETON_COUNT }, (_, i) => (
        <li key={i}>
          <ProductRowSkeleton />
        </li>
      ))}
    </ul>
  );
}

function EmptyState({ title, detail }: { title: string; detail: string }) {
  return (
    <div className="rounded-lg bg-white px-6 py-16 text-center shadow-sm">
      <p className="text-lg font-medium">{title}</p>
      <p className="mt-2 text-slate-600">{detail}</p>
      <Link to={href.home()} className={buttonClasses('primary', 'md', 'mt-6')}>
        Continue Shopping
      </Link>
    </div>
  );
}

export function NoResults() {
  return (
    <EmptyState
      title="No products found for your search."
      detail="Try different keywords or browse our categories."
    />
  );
}

/** Products matched, but none of their images loaded, so none could be shown. */
export function NoValidImages({ matched }: { matched: number }) {
  return (
    <EmptyState
      title="No products found with valid images for your search."
      detail={`${matched} product(s) matched, but their images could not be loaded.`}
    />
  );
}

/**
 * The search page without a query: no search is run. A listing of the whole catalogue in no
 * particular order is not something a buyer can work through (thousands of products, and
 * the categories are the way to browse), so the page asks for words instead.
 */
export function SearchPrompt() {
  return (
    <EmptyState
      title="What are you looking for?"
      detail="Type a product name, brand or category in the search box above, or browse our categories."
    />
  );
}

export function SearchError({ onRetry }: { onRetry: () => void }) {
  return (
    <ErrorAlert title="Search is not available right now">
      <p>We could not load results for your search. Check your connection and try again.</p>
      <Button variant="outline" size="sm" className="mt-3" onClick={onRetry}>
        Try again
      </Button>
    </ErrorAlert>
  );
}
