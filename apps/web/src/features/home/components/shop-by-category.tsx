import { HOME_CATEGORY_CARDS } from '@storefront/shared/constants';
import { useCategories } from '../../../lib/contexts/category-context';
import { HOME_CATEGORIES } from '../data/home-categories';
import { CategoryCard } from './category-card';

/**
 * 'Shop by Category': a grid of 8 cards (spec §2 "Home"): the catalog's first 8 categories in
 * the seller's order, by their names now and their slugs (which a rename keeps, decision 050);
 * the spec's 8 until the categories have loaded.
 */
export function ShopByCategory() {
  const { categories } = useCategories();
  const cards =
    categories && categories.length >= HOME_CATEGORY_CARDS
      ? categories.slice(0, HOME_CATEGORY_CARDS).map((c) => ({ name: c.category, slug: c.slug }))
      : HOME_CATEGORIES;
  return (
    <section aria-labelledby="shop-by-category" className="mx-auto max-w-screen-2xl px-4 lg:px-8">
      <h2 id="shop-by-category" className="mb-4 text-2xl font-bold">
        Shop by Category
      </h2>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {cards.map((category) => (
          <CategoryCard key={category.slug} category={category} />
        ))}
      </div>
    </section>
  );
}
