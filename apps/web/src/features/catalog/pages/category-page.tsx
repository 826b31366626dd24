/**
 * Category listing (/categories/{slug}, /subcategories/{slug}; spec §2, §4, §5, §9): banner by
 * slug, breadcrumb, filter sidebar, grid or list view, result texts, empty state and
 * pagination. The page number lives in the URL (?page=), so paging is linkable and Back works.
 *
 * A slug that names no category, subcategory or collection shows the not-found page the route
 * gives (the server answers such a path 404); a page past the last offers the last page.
 *
 * Result text: 'Showing N of M products' where N is the number shown on this page and M the
 * listing's total; '(filtered from K)' when a filter is active, K being this page's products
 * before filtering.
 */
import { pageFromParam } from '@storefront/shared/catalog-calls';
import { LayoutGrid, List } from 'lucide-react';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { MAX_LISTING_PAGE, PAGE_SIZE } from '@storefront/shared/constants';
import { PRODUCT_CARD_IMAGE } from '@storefront/shared/images';
import { ProductCard } from '../../../components/product/product-card';
import { ErrorAlert } from '../../../components/ui/alert';
import { Breadcrumb } from '../../../components/ui/breadcrumb';
import { buttonClasses } from '../../../components/ui/button';
import { Pagination } from '../../../components/ui/pagination';
import { PastLastPage } from '../../../components/ui/past-last-page';
import { useCategories } from '../../../lib/contexts/category-context';
import { useCollections } from '../../../lib/api/get-collections';
import { cn } from '../../../lib/cn';
import { useImageChecks } from '../../../lib/image-check';
import { searchWithPage } from '../../../lib/page-param';
import { href } from '@storefront/shared/routes';
import { useDocumentTitle } from '../../../lib/hooks/use-document-title';
import { useCategoryProducts } from '../api/get-category-products';
import { FilterSidebar } from '../components/filter-sidebar';
import { ListingSkeleton } from '../components/listing-skeleton';
import { ProductListItem } from '../components/product-list-item';
import {
  categoryOptions,
  filterProducts,
  hasActiveFilters,
  NO_FILTERS,
  type ListingFilters,
} from '../lib/filter-products';
import { listingExists, listingHeading } from '../lib/listing-heading';

type Kind = 'category' | 'subcategory';
type View = 'grid' | 'list';

/** The route gives the page to show for a slug that names nothing (a feature imports no other). */
interface ListingPageProps {
  notFound: ReactNode;
}

export function CategoryPage({ notFound }: ListingPageProps) {
  return <ListingRoute kind="category" notFound={notFound} />;
}

export function SubcategoryPage({ notFound }: ListingPageProps) {
  return <ListingRoute kind="subcategory" notFound={notFound} />;
}

function ListingRoute({ kind, notFound }: ListingPageProps & { kind: Kind }) {
  const { slug = '' } = useParams();
  const { categories } = useCategories();
  const collections = useCollections();
  // A failed read of the collections leaves the question open: the listing itself then says
  // whether it has products, rather than a collection's page answering 404.
  if (listingExists(slug, categories, collections.data ?? null) === false) return notFound;
  // A new slug starts with fresh filters.
  return <Listing key={`${kind}:${slug}`} kind={kind} slug={slug} />;
}

function Listing({ kind, slug }: { kind: Kind; slug: string }) {
  const { categories } = useCategories();
  const { data: collections } = useCollections();
  const heading = listingHeading(slug, kind, categories, collections ?? null);
  useDocumentTitle(heading.title);

  const [searchParams, setSearchParams] = useSearchParams();
  const page = pageFromParam(searchParams.get('page'), MAX_LISTING_PAGE);
  const [filters, setFilters] = useState<ListingFilters>(NO_FILTERS);
  const [view, setView] = useState<View>('grid');

  const query = useCategoryProducts(slug, page);
  const fetched = useMemo(() => query.data?.payload ?? [], [query.data]);
  const checks = useImageChecks(fetched.map((p) => p.imgUrl[0]?.src));
  const valid = useMemo(
    () => (checks.isChecking ? [] : fetched.filter((p) => checks.isValid(p.imgUrl[0]?.src))),
    [fetched, checks],
  );
  const shown = useMemo(() => filterProducts(valid, filters), [valid, filters]);
  const options = useMemo(() => categoryOptions(valid), [valid]);

  // A page change scrolls back to the top (spec §4).
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [page]);

  function changeFilters(next: ListingFilters) {
    setFilters(next);
    // Any filter change goes back to page 1 (spec §4).
    if (page !== 1) {
      setSearchParams(
        (params) => {
          params.delete('page');
          return params;
        },
        { replace: true },
      );
    }
  }

  const hrefForPage = (target: number) => searchWithPage(searchParams, target);

  const isLoading = query.isPending;
  const isValidating = !isLoading && !query.isError && checks.isChecking;
  const ready = query.isSuccess && !checks.isChecking;
  const hasNext = fetched.length >= PAGE_SIZE;
  const filtered = hasActiveFilters(filters);
  const lastPage = Math.max(1, Math.ceil((query.data?.total ?? 0) / PAGE_SIZE));
  const pastLastPage = query.isSuccess && fetched.length === 0 && query.data.total > 0;

  return (
    <div className="mx-auto max-w-screen-2xl px-4 py-6 lg:px-8">
      <Breadcrumb items={[{ label: 'Home', to: href.home() }, { label: heading.title }]} />
      <div className="relative mt-4 h-28 overflow-hidden rounded-lg bg-slate-800 sm:h-40">
        <img
          src={heading.banner}
          alt=""
          width={1600}
          height={400}
          fetchPriority="high"
          className="absolute inset-0 h-full w-full object-cover"
        />
        <div className="absolute inset-0 bg-gradient-to-r from-black/60 to-transparent" />
        <h1 className="relative flex h-full items-center px-6 text-2xl font-extrabold text-white sm:px-10 sm:text-4xl">
          {heading.title}
        </h1>
      </div>

      <div className="mt-6 flex flex-col gap-6 lg:flex-row">
        <FilterSidebar filters={filters} onChange={changeFilters} options={options} />

        <div className="min-w-0 flex-1">
          {/* The cards' names are h3s: this keeps the outline h1 → h2 → h3. */}
          <h2 className="sr-only">Products</h2>
          <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
            <p aria-live="polite" data-testid="result-text" className="text-sm text-slate-700">
              {isLoading ? (
                'Loading products...'
              ) : isValidating ? (
                'Validating images...'
              ) : ready && valid.length > 0 && shown.length === 0 ? (
                'No results found'
              ) : ready && shown.length > 0 ? (
                <>
                  <span>
                    Showing {shown.length} of {query.data.total} products
                  </span>
                  {filtered ? <span> (filtered from {valid.length})</span> : null}
                  <span className="text-slate-500"> · Page {page}</span>
                </>
              ) : null}
            </p>
            <div role="group" aria-label="View" className="flex gap-1">
              <button
                type="button"
                aria-label="Grid view"
                aria-pressed={view === 'grid'}
                onClick={() => setView('grid')}
                className={buttonClasses(view === 'grid' ? 'outline' : 'ghost', 'icon')}
              >
                <LayoutGrid aria-hidden="true" className="size-5" />
              </button>
              <button
                type="button"
                aria-label="List view"
                aria-pressed={view === 'list'}
                onClick={() => setView('list')}
                className={buttonClasses(view === 'list' ? 'outline' : 'ghost', 'icon')}
              >
                <List aria-hidden="true" className="size-5" />
              </button>
            </div>
          </div>

          {query.isError ? (
            <ErrorAlert title="Error">{query.error.message}</ErrorAlert>
          ) : isLoading || isValidating ? (
            <ListingSkeleton />
          ) : pastLastPage ? (
            <PastLastPage lastPageHref={hrefForPage(lastPage)} />
          ) : valid.length === 0 ? (
            <div className="rounded-lg bg-white px-6 py-16 text-center shadow-sm">
              <p className="text-lg font-medium">No products found in this category.</p>
              <Link to={href.home()} className={buttonClasses('primary', 'md', 'mt-6')}>
                Continue Shopping
              </Link>
            </div>
          ) : (
            <ul
              data-testid="product-results"
              data-view={view}
              className={cn(
                view === 'grid'
                  ? 'grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4'
                  : 'flex flex-col gap-3',
              )}
            >
              {shown.map((product, index) => (
                <li key={product._id}>
                  {view === 'grid' ? (
                    <ProductCard product={product} priority={index < PRODUCT_CARD_IMAGE.firstRow} />
                  ) : (
                    <ProductListItem product={product} />
                  )}
                </li>
              ))}
            </ul>
          )}

          {ready && !pastLastPage && (page > 1 || hasNext) ? (
            <Pagination className="mt-8" page={page} hasNext={hasNext} hrefForPage={hrefForPage} />
          ) : null}
        </div>
      </div>
    </div>
  );
}
