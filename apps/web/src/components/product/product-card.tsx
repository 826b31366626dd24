/**
 * The product card (spec §2): image, name in blue, the price of one unit as the cart charges it
 * with its list price (issue 21, components/product/card-price), and a View Product button.
 */
import type { ProductSummary } from '@storefront/shared/catalog';
import { Link } from 'react-router';
import { cn } from '../../lib/cn';
import { productLinkId } from '../../lib/format';
import { PRODUCT_CARD_IMAGE } from '@storefront/shared/images';
import { href } from '@storefront/shared/routes';
import { buttonClasses } from '../ui/button';
import { Skeleton } from '../ui/skeleton';
import { CardPrice } from './card-price';
import { ProductImage } from './product-image';

export type ProductCardProduct = Pick<ProductSummary, '_id' | 'name' | 'sp' | 'imgUrl'> & {
  objectID?: string;
};

export interface ProductCardProps {
  product: ProductCardProduct;
  size?: 'default' | 'small';
  className?: string;
  /** The card is in the first screenful: its image loads at once, first (the page's LCP). */
  priority?: boolean;
}

export function ProductCard({
  product,
  size = 'default',
  className,
  priority = false,
}: ProductCardProps) {
  const to = href.product(productLinkId(product));
  const small = size === 'small';
  return (
    <article
      data-testid="product-card"
      className={cn(
        'flex h-full flex-col rounded-lg border border-slate-200 bg-white p-3 shadow-sm transition-shadow hover:shadow-md',
        className,
      )}
    >
      <Link to={to} tabIndex={-1} aria-hidden="true" className="block">
        <ProductImage
          src={product.imgUrl[0]?.src}
          alt={product.name}
          sizes={small ? '160px' : PRODUCT_CARD_IMAGE.sizes}
          width={small ? 160 : PRODUCT_CARD_IMAGE.width}
          className="rounded-md bg-slate-50"
          priority={priority}
        />
      </Link>
      <h3 className={cn('mt-3 line-clamp-2 font-medium text-blue-700', small ? 'text-sm' : '')}>
        <Link
          to={to}
          className="hover:underline focus-visible:outline-2 focus-visible:outline-blue-600"
        >
          {product.name}
        </Link>
      </h3>
      <CardPrice sp={product.sp} size={size} className="mt-1" />
      <div className="mt-auto pt-3">
        <Link to={to} className={buttonClasses('primary', small ? 'sm' : 'md', 'w-full')}>
          View Product
        </Link>
      </div>
    </article>
  );
}

export function ProductCardSkeleton({ size = 'default' }: { size?: 'default' | 'small' }) {
  return (
    <div
      data-testid="product-card-skeleton"
      className="flex h-full flex-col gap-3 rounded-lg border border-slate-200 bg-white p-3"
    >
      <Skeleton className="aspect-square w-full" />
      <Skeleton className="h-4 w-4/5" />
      <Skeleton className="h-5 w-1/3" />
      <Skeleton className="h-3 w-2/5" />
      <Skeleton className={size === 'small' ? 'h-8 w-full' : 'h-10 w-full'} />
    </div>
  );
}
