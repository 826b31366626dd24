/** A product in the listing's list view: image, name, description cut at 150 characters, price. */
import type { ProductListItem as Product } from '@storefront/shared/catalog';
import { href } from '@storefront/shared/routes';
import { ProductRow } from '../../../components/product/product-row';
import { productLinkId } from '../../../lib/format';
import { truncateDescription } from '../lib/truncate';

export function ProductListItem({ product }: { product: Product }) {
  return (
    <ProductRow
      testId="product-list-item"
      to={href.product(productLinkId(product))}
      imageSrc={product.imgUrl[0]?.src}
      imageAlt={product.name}
      name={product.name}
      price={product.sp}
      description={
        <p data-testid="list-description" className="mt-1 text-sm text-slate-600">
          {truncateDescription(product.description)}
        </p>
      }
    />
  );
}
