import { ProductCardSkeleton } from '../../../components/product/product-card';

/** The loading grid: 1 column, 2 on sm, 3 on lg, 4 on xl; 8 cards by default (spec §2, §9). */
export function ListingSkeleton({ count = 8 }: { count?: number }) {
  return (
    <div
      data-testid="listing-skeleton"
      aria-hidden="true"
      className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
    >
      {Array.from({ length: count }, (_, i) => (
        <ProductCardSkeleton key={i} />
      ))}
    </div>
  );
}
