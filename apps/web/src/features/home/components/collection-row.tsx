/**
 * One 'Top Categories for You' row (spec §2 "Home"): a large banner with title, subtitle and
 * Shop Now, then a horizontally scrolling row of product cards. Loading shows 4 skeletons,
 * an error the red 'Failed to load products.', and a row with no products shows nothing. Its
 * products load when the row comes within a screen of the viewport.
 */
import { Link } from 'react-router';
import { ProductCard, ProductCardSkeleton } from '../../../components/product/product-card';
import { buttonClasses } from '../../../components/ui/button';
import { useNearViewport } from '../hooks/use-near-viewport';
import { useCollectionRow } from '../api/get-collection-row';
import type { BannerConfig } from '../data/home-categories';

const rowClass = 'flex snap-x snap-mandatory gap-4 overflow-x-auto pb-3 [scrollbar-width:thin]';
const cellClass = 'w-44 shrink-0 snap-start sm:w-52';

export function CollectionRow({ banner }: { banner: BannerConfig }) {
  const [nearRef, near] = useNearViewport<HTMLElement>();
  const { data, isPending, isError } = useCollectionRow(banner.slug, near);
  if (!isPending && !isError && data.length === 0) return null;
  const headingId = `row-${banner.slug}`;
  return (
    <section
      ref={nearRef}
      aria-labelledby={headingId}
      data-testid="collection-row"
      className="space-y-4"
    >
      <div className="relative h-40 overflow-hidden rounded-lg bg-slate-800 sm:h-48">
        <img
          src={banner.src}
          alt=""
          width={1600}
          height={400}
          loading="lazy"
          className="absolute inset-0 h-full w-full object-cover"
        />
        <div className="absolute inset-0 bg-gradient-to-r from-black/60 to-transparent" />
        <div className="relative flex h-full flex-col justify-center px-6 text-white sm:px-10">
          <h3
            id={headingId}
            data-testid="row-title"
            className="text-2xl font-extrabold sm:text-3xl"
          >
            {banner.title}
          </h3>
          <p className="mt-1 text-sm sm:text-base">{banner.subtitle}</p>
          <Link to={banner.url} className={buttonClasses('secondary', 'md', 'mt-4 self-start')}>
            Shop Now<span className="sr-only">: {banner.title}</span>
          </Link>
        </div>
      </div>
      {isPending ? (
        <ul className={rowClass} aria-busy="true" aria-label={`Loading ${banner.title}`}>
          {Array.from({ length: 4 }, (_, i) => (
            <li key={i} className={cellClass}>
              <ProductCardSkeleton />
            </li>
          ))}
        </ul>
      ) : isError ? (
        <p className="text-red-600">Failed to load products.</p>
      ) : (
        <ul className={rowClass}>
          {data.map((product) => (
            <li key={product._id} className={cellClass}>
              <ProductCard product={product} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
