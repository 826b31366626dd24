import { TOP_CATEGORY_BANNERS } from '../data/home-categories';
import { CollectionRow } from './collection-row';

/** 'Top Categories for You': five banner rows (spec §2 "Home"). */
export function TopCategories() {
  return (
    <section aria-labelledby="top-categories" className="mx-auto max-w-screen-2xl px-4 lg:px-8">
      <h2 id="top-categories" className="mb-4 text-2xl font-bold">
        Top Categories for You
      </h2>
      <div className="space-y-10">
        {TOP_CATEGORY_BANNERS.map((banner) => (
          <CollectionRow key={banner.slug} banner={banner} />
        ))}
      </div>
    </section>
  );
}
