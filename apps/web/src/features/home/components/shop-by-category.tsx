import { HOME_CATEGORIES } from '../data/home-categories';
import { CategoryCard } from './category-card';

/** 'Shop by Category': a grid of 8 cards (spec §2 "Home"). */
export function ShopByCategory() {
  return (
    <section aria-labelledby="shop-by-category" className="mx-auto max-w-screen-2xl px-4 lg:px-8">
      <h2 id="shop-by-category" className="mb-4 text-2xl font-bold">
        Shop by Category
      </h2>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {HOME_CATEGORIES.map((category) => (
          <CategoryCard key={category.slug} category={category} />
        ))}
      </div>
    </section>
  );
}
