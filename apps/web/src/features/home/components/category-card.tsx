/**
 * One 'Shop by Category' card (spec §2 "Home"): four thumbnails (items 5 to 8 of the fetched
 * list) linking to their products, four skeletons until data arrives, and 'See more'. Its
 * products load when the card comes within a screen of the viewport.
 */
import { Link } from 'react-router';
import { HOME_CARD_SLICE } from '@storefront/shared/constants';
import { ProductImage } from '../../../components/product/product-image';
import { Skeleton } from '../../../components/ui/skeleton';
import { productLinkId } from '../../../lib/format';
import { useNearViewport } from '../hooks/use-near-viewport';
import { href } from '@storefront/shared/routes';
import { useCategoryPreview } from '../api/get-category-preview';
import type { HomeCategory } from '../data/home-categories';

export function CategoryCard({ category }: { category: HomeCategory }) {
  const [nearRef, near] = useNearViewport<HTMLElement>();
  const { data, isPending } = useCategoryPreview(category.slug, near);
  const items = (data ?? []).slice(...HOME_CARD_SLICE);
  const headingId = `home-category-${category.slug.replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <article
      ref={nearRef}
      aria-labelledby={headingId}
      data-testid="home-category-card"
      className="flex flex-col rounded-lg bg-white p-4 shadow-sm"
    >
      <h3 id={headingId} className="text-lg font-bold text-slate-900">
        {category.name}
      </h3>
      <ul className="mt-3 grid grid-cols-2 gap-3">
        {isPending
          ? Array.from({ length: 4 }, (_, i) => (
              <li key={i}>
                <Skeleton className="aspect-square w-full" />
                <Skeleton className="mt-2 h-3 w-3/4" />
              </li>
            ))
          : items.map((product) => (
              <li key={product._id}>
                <Link
                  to={href.product(productLinkId(product))}
                  className="group block rounded focus-visible:outline-2 focus-visible:outline-blue-600"
                >
                  {/* The name under it is the link's text; an alt repeating it is read twice. */}
                  <ProductImage
                    src={product.imgUrl[0]?.src}
                    alt=""
                    sizes="(min-width: 1024px) 140px, 45vw"
                    width={160}
                    className="rounded bg-slate-50"
                  />
                  <span className="mt-1 line-clamp-1 text-xs text-slate-700 group-hover:underline">
                    {product.name}
                  </span>
                </Link>
              </li>
            ))}
      </ul>
      <Link
        to={href.category(category.slug)}
        className="mt-auto pt-4 text-sm font-medium text-blue-700 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600"
      >
        See more <span className="sr-only">in {category.name}</span>
      </Link>
    </article>
  );
}
