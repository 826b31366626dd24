/**
 * Product detail (/products/{id}; spec §2 "Product detail", §4, §9).
 */
import { Check, Truck } from 'lucide-react';
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import type { ProductDetail } from '@storefront/shared/catalog';
import {
  SHIPPING_TEXT,
  STATIC_RATING,
  STATIC_REVIEW_COUNT,
  STOCK_TEXT,
} from '@storefront/shared/constants';
import { ErrorAlert } from '../../../components/ui/alert';
import { Breadcrumb } from '../../../components/ui/breadcrumb';
import { formatRupeeAmount } from '../../../lib/format';
import { href } from '@storefront/shared/routes';
import { useDocumentTitle } from '../../../lib/hooks/use-document-title';
import { categorySlug } from '@storefront/shared/slugs';
import { isFetchableProductId, useProduct } from '../api/get-product';
import { AddToCartButton } from '../components/add-to-cart-button';
import { BusinessBenefits } from '../components/business-benefits';
import { OptionSelectors } from '../components/option-selectors';
import { PriceSummary } from '../components/price-summary';
import { ProductGallery } from '../components/product-gallery';
import { ProductSkeleton } from '../components/product-skeleton';
import { ProductTabs } from '../components/product-tabs';
import { QuantityStepper } from '../components/quantity-stepper';
import { Rating } from '../components/rating';
import { RelatedProducts } from '../components/related-products';
import { SourceSelector } from '../components/source-selector';
import { TierTable } from '../components/tier-table';
import { useAddToCart } from '../hooks/use-add-to-cart';
import { selectionFromParams, type ProductSelection } from '../lib/selection-url';

export function ProductPage() {
  const { id } = useParams();
  const query = useProduct(id);

  return (
    <div className="mx-auto max-w-screen-2xl px-4 py-6 lg:px-8">
      {query.isError || !isFetchableProductId(id) ? (
        <ErrorAlert title="Error">
          {query.error?.message || 'Failed to load product details. Please try again later.'}
        </ErrorAlert>
      ) : query.isSuccess ? (
        <ProductView key={query.data._id} product={query.data} />
      ) : (
        <ProductSkeleton />
      )}
    </div>
  );
}

function ProductView({ product }: { product: ProductDetail }) {
  useDocumentTitle(product.name);
  const [searchParams] = useSearchParams();
  const [selection, setSelection] = useState<ProductSelection>(() =>
    selectionFromParams(searchParams, product.options),
  );
  const { addToCart, isPending } = useAddToCart(product);
  const update = (patch: Partial<ProductSelection>) => setSelection((s) => ({ ...s, ...patch }));

  return (
    <>
      <Breadcrumb
        items={[
          { label: 'Home', to: href.home() },
          { label: product.category, to: href.category(categorySlug(product.category)) },
          { label: product.name },
        ]}
      />
      <div className="mt-4 grid gap-8 lg:grid-cols-2">
        <div className="lg:sticky lg:top-4 lg:self-start">
          <ProductGallery images={product.images} name={product.name} />
        </div>
        <div className="space-y-6">
          <div>
            <p className="text-sm text-slate-500">{product.pd_brand}</p>
            <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{product.name}</h1>
            <div className="mt-2">
              <Rating value={STATIC_RATING} count={STATIC_REVIEW_COUNT} />
            </div>
            <p className="mt-3 flex items-baseline gap-3">
              <span className="text-3xl font-bold">{formatRupeeAmount(product.sp)}</span>
              {product.mrp > product.sp ? (
                <span className="text-slate-500 line-through">
                  <span className="sr-only">Regular price </span>
                  {formatRupeeAmount(product.mrp)}
                </span>
              ) : null}
            </p>
          </div>

          {product.features.length > 0 ? (
            <section aria-labelledby="key-features">
              <h2 id="key-features" className="mb-2 text-base font-semibold">
                Key Features
              </h2>
              <ul className="space-y-1.5 text-sm text-slate-700">
                {product.features.map((feature) => (
                  <li key={feature} className="flex gap-2">
                    <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-green-600" />
                    {feature}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}

          <OptionSelectors
            options={product.options}
            selection={selection.options}
            onChange={(options) => update({ options })}
          />

          <TierTable tiers={product.priceTiers} quantity={selection.quantity} />

          <QuantityStepper
            value={selection.quantity}
            onChange={(quantity) => update({ quantity })}
          />

          <SourceSelector value={selection.source} onChange={(source) => update({ source })} />

          <PriceSummary
            sp={product.sp}
            tiers={product.priceTiers}
            quantity={selection.quantity}
            source={selection.source}
          />

          <div className="space-y-1 text-sm">
            <p className="flex items-center gap-2 font-medium text-green-700">
              <Check aria-hidden="true" className="size-4" />
              {STOCK_TEXT}
            </p>
            <p className="flex items-center gap-2 text-slate-600">
              <Truck aria-hidden="true" className="size-4" />
              {SHIPPING_TEXT}
            </p>
          </div>

          <AddToCartButton onAddToCart={() => void addToCart(selection)} isPending={isPending} />

          <BusinessBenefits />
        </div>
      </div>

      <div className="mt-10">
        <ProductTabs description={product.description} name={product.name} />
      </div>

      <div className="mt-10">
        <RelatedProducts productId={product._id} />
      </div>
    </>
  );
}
