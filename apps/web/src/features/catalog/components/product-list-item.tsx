/** A product in the listing's list view: image, name, description cut at 150 characters, price. */
import type { ProductSummary } from '@storefront/shared/catalog';
import { Link } from 'react-router';
import { ProductImage } from '../../../components/product/product-image';
import { buttonClasses } from '../../../components/ui/button';
import { formatRupeeAmount, productLinkId } from '../../../lib/format';
import { href } from '@storefront/shared/routes';
import { truncateDescription } from '../lib/truncate';

export function ProductListItem({ product }: { product: ProductSummary }) {
  const to = href.product(productLinkId(product));
  return (
    <article
      data-testid="product-list-item"
      className="flex gap-4 rounded-lg border border-slate-200 bg-white p-3 shadow-sm sm:p-4"
    >
      <Link to={to} tabIndex={-1} aria-hidden="true" className="w-24 shrink-0 sm:w-40">
        <ProductImage
          src={product.imgUrl[0]?.src}
          alt={product.name}
          sizes="(min-width: 640px) 160px, 96px"
          width={160}
          className="rounded-md bg-slate-50"
        />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col">
        <h3 className="font-medium text-blue-700">
          <Link to={to} className="hover:underline">
            {product.name}
          </Link>
        </h3>
        <p data-testid="list-description" className="mt-1 text-sm text-slate-600">
          {truncateDescription(product.summary)}
        </p>
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-2">
          <p className="text-lg font-semibold">{formatRupeeAmount(product.sp)}</p>
          <Link to={to} className={buttonClasses('primary', 'sm')}>
            View Product
          </Link>
        </div>
      </div>
    </article>
  );
}
