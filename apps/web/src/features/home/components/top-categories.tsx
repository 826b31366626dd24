import { HOME_COLLECTION_BANNERS } from '@storefront/shared/constants';
import { Skeleton } from '../../../components/ui/skeleton';
import { useCollections } from '../../../lib/api/get-collections';
import { collectionBanner, SPEC_COLLECTION_BANNERS } from '../data/home-categories';
import { CollectionRow } from './collection-row';

/**
 * 'Top Categories for You': five banner rows (spec §2 "Home"), the seller's first five
 * collections in their order, with their titles and subtitles (decision 050). The answer comes
 * inside the home page's HTML; arriving from another page, the banners hold their place until
 * it is read (never the old titles), and if it cannot be read the spec's five stand in.
 */
export function TopCategories() {
  const { data, isPending, isError } = useCollections();
  const banners = isError
    ? SPEC_COLLECTION_BANNERS
    : (data ?? []).slice(0, HOME_COLLECTION_BANNERS).map(collectionBanner);
  return (
    <section aria-labelledby="top-categories" className="mx-auto max-w-screen-2xl px-4 lg:px-8">
      <h2 id="top-categories" className="mb-4 text-2xl font-bold">
        Top Categories for You
      </h2>
      <div className="space-y-10" aria-busy={isPending || undefined}>
        {isPending
          ? Array.from({ length: HOME_COLLECTION_BANNERS }, (_, i) => (
              <Skeleton
                key={i}
                data-testid="collection-row-skeleton"
                className="h-40 rounded-lg sm:h-48"
              />
            ))
          : banners.map((banner) => <CollectionRow key={banner.slug} banner={banner} />)}
      </div>
    </section>
  );
}
