/**
 * 'Related Products' (spec §2): small cards; skeletons while loading; an error box; or
 * 'No related products found.'
 */
import { ProductCard, ProductCardSkeleton } from '../../../components/product/product-card';
import { ErrorAlert } from '../../../components/ui/alert';
import { useRelatedProducts } from '../api/get-related-products';

const rowClass = 'flex snap-x gap-3 overflow-x-auto pb-3 [scrollbar-width:thin]';
const cellClass = 'w-40 shrink-0 snap-start sm:w-44';

export function RelatedProducts({ productId }: { productId: string }) {
  const query = useRelatedProducts(productId);
  return (
    <section aria-labelledby="related-products" data-testid="related-products">
      <h2 id="related-products" className="mb-4 text-2xl font-bold">
        Related Products
      </h2>
      {query.isPending ? (
        <ul className={rowClass} aria-busy="true" aria-label="Loading related products">
          {Array.from({ length: 6 }, (_, i) => (
            <li key={i} className={cellClass}>
              <ProductCardSkeleton size="small" />
            </li>
          ))}
        </ul>
      ) : query.isError ? (
        <ErrorAlert title="Error Loading Related Products">
          Could not fetch related products at this time. Please try again later.
        </ErrorAlert>
      ) : query.data.length === 0 ? (
        <p className="text-slate-600">No related products found.</p>
      ) : (
        <ul className={rowClass}>
          {query.data.map((product) => (
            <li key={product._id} className={cellClass}>
              <ProductCard product={product} size="small" />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
