/**
 * A product drawn as a row: image on the left; name, an optional description, the price and a
 * 'View Product' button beside it. The category listing's list view and the search results use
 * it; the caller gives the name as a node, so search can pass a highlighted name. The price is
 * a card's (components/product/card-price).
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../ui/button';
import { Skeleton } from '../ui/skeleton';
import { CardPrice } from './card-price';
import { ProductImage } from './product-image';

export interface ProductRowProps {
  /** The product page this row links to. */
  to: string;
  imageSrc: string | null | undefined;
  /** The image's alt text: the product's plain name. */
  imageAlt: string;
  name: ReactNode;
  description?: ReactNode;
  /** The spec's sale price in rupees: shown as one unit's price with its list price. */
  price?: number;
  testId?: string;
}

export function ProductRow({
  to,
  imageSrc,
  imageAlt,
  name,
  description,
  price,
  testId,
}: ProductRowProps) {
  return (
    <article
      data-testid={testId}
      className="flex gap-4 rounded-lg border border-slate-200 bg-white p-3 shadow-sm sm:p-4"
    >
      <Link to={to} tabIndex={-1} aria-hidden="true" className="w-24 shrink-0 sm:w-40">
        <ProductImage
          src={imageSrc}
          alt={imageAlt}
          sizes="(min-width: 640px) 160px, 96px"
          width={160}
          className="rounded-md bg-slate-50"
        />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col">
        <h3 className="font-medium text-blue-700">
          <Link
            to={to}
            className="hover:underline focus-visible:outline-2 focus-visible:outline-blue-600"
          >
            {name}
          </Link>
        </h3>
        {description}
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-2">
          {price === undefined ? null : <CardPrice sp={price} />}
          <Link to={to} className={buttonClasses('primary', 'sm', 'ml-auto')}>
            View Product
          </Link>
        </div>
      </div>
    </article>
  );
}

/** The row's loading placeholder, the same size as a row. */
export function ProductRowSkeleton() {
  return (
    <div
      data-testid="product-row-skeleton"
      className="flex gap-4 rounded-lg border border-slate-200 bg-white p-3 sm:p-4"
    >
      <Skeleton className="aspect-square w-24 shrink-0 sm:w-40" />
      <div className="flex flex-1 flex-col gap-3">
        <Skeleton className="h-4 w-4/5" />
        <Skeleton className="h-4 w-3/5" />
        <div className="mt-auto flex items-center justify-between gap-2">
          <Skeleton className="h-6 w-24" />
          <Skeleton className="h-8 w-28" />
        </div>
      </div>
    </div>
  );
}
