/**
 * Product detail (/products/{id}; spec §2 "Product detail", §4, §9). Issue 20 (decision 048):
 * the chosen variant's own price, the minimum order and pack size the quantity keeps to, and the
 * units on hand from the uncached availability call (the cached detail never carries stock);
 * Add to Cart is disabled while the chosen variant is out of stock or the quantity cannot be
 * ordered, and the page says why.
 */
import { Check, FileText, Truck } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import type { ProductDetail } from '@storefront/shared/catalog';
import {
  QUOTE_SUGGESTED_QUANTITY,
  SHIPPING_TEXT,
  STATIC_RATING,
  STATIC_REVIEW_COUNT,
} from '@storefront/shared/constants';
import { allowedQuantity, isAllowedQuantity } from '@storefront/shared/order-quantity';
import { ErrorAlert } from '../../../components/ui/alert';
import { Breadcrumb } from '../../../components/ui/breadcrumb';
import { Skeleton } from '../../../components/ui/skeleton';
import { href } from '@storefront/shared/routes';
import { useDocumentTitle } from '../../../lib/hooks/use-document-title';
import { categorySlug } from '@storefront/shared/slugs';
import { isFetchableProductId, useProduct } from '../../../lib/api/get-product';
import { AddToCartButton } from '../components/add-to-cart-button';
import { BusinessBenefits } from '../components/business-benefits';
import { HeadlinePrice } from '../components/headline-price';
import { OptionSelectors } from '../components/option-selectors';
import { PriceSummary } from '../components/price-summary';
import { ProductGallery } from '../components/product-gallery';
import { ProductSkeleton } from '../components/product-skeleton';
import { QuantityStepper } from '../components/quantity-stepper';
import { Rating } from '../components/rating';
import { SourceSelector } from '../components/source-selector';

// Stock is read uncached after the page has painted (decision 048); its code, and the words on
// quantities, come with it.
const loadNotes = () => import('../components/stock-status');
const StockStatus = lazy(() => loadNotes().then((m) => ({ default: m.StockStatus })));
const QuantityNotes = lazy(() => loadNotes().then((m) => ({ default: m.QuantityNotes })));
// The tabs sit below the first screen: their code (and the static sample content) loads after
// the page has painted, keeping the page's first load within its budget (decision 057).
const ProductTabs = lazy(() =>
  import('../components/product-tabs').then((m) => ({ default: m.ProductTabs })),
);
// Related products come last, below the tabs, from a call of their own: their cards (and the
// card price rule) load after the page has painted too.
const RelatedProducts = lazy(() =>
  import('../components/related-products').then((m) => ({ default: m.RelatedProducts })),
);
import { TierTable } from '../components/tier-table';
import { useAddToCart } from '../hooks/use-add-to-cart';
import { selectionFromParams, type ProductSelection } from '../lib/selection-url';
import { resolveVariant } from '../lib/variant';
import { pricesFor } from '../lib/variant-pricing';

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
  const [selection, setSelection] = useState<ProductSelection>(() => {
    const chosen = selectionFromParams(searchParams, product.options);
    return { ...chosen, quantity: allowedQuantity(chosen.quantity, product) };
  });
  const { addToCart, isPending } = useAddToCart(product);
  const update = (patch: Partial<ProductSelection>) => setSelection((s) => ({ ...s, ...patch }));

  const variant = resolveVariant(product, selection.options);
  const variantIndex = variant.ok ? variant.variantIndex : undefined;
  const prices = pricesFor(product, variantIndex);
  // Out of stock, or more than is left, for the chosen variant (components/stock-status).
  const [stockBlocked, setStockBlocked] = useState(false);
  const label =
    variant.ok && variantIndex !== undefined
      ? `${product.name} (${selection.options.join(', ')})`
      : product.name;
  const quantityAllowed = isAllowedQuantity(selection.quantity, product);
  // Request a quote for the variant and source chosen: the FAQ's "above 250 units", unless the
  // buyer already chose more (issue 22).
  const quoteHref = href.quoteNew({
    product: product._id,
    variantIndex: variantIndex ?? null,
    source: selection.source,
    quantity: Math.max(selection.quantity, QUOTE_SUGGESTED_QUANTITY),
  });

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
            <HeadlinePrice sp={prices.sp} mrp={product.mrp} />
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

          <TierTable tiers={prices.tiers} quantity={selection.quantity} source={selection.source} />

          <div className="space-y-2">
            <QuantityStepper
              value={selection.quantity}
              onChange={(quantity) => update({ quantity })}
              rules={product}
            />
            <Suspense fallback={null}>
              <QuantityNotes rules={product} quantity={selection.quantity} label={label} />
            </Suspense>
          </div>

          <SourceSelector value={selection.source} onChange={(source) => update({ source })} />

          <PriceSummary
            sp={prices.sp}
            tiers={prices.tiers}
            quantity={selection.quantity}
            source={selection.source}
            gstRate={product.gstRate}
          />

          <div className="space-y-1 text-sm">
            {/* Its line's height held while its code loads, so nothing moves when it comes. */}
            <Suspense fallback={<p className="h-5" />}>
              <StockStatus
                productId={product._id}
                variantIndex={variantIndex}
                variantChosen={variant.ok}
                quantity={selection.quantity}
                label={label}
                onBlocked={setStockBlocked}
              />
            </Suspense>
            <p className="flex items-center gap-2 text-slate-600">
              <Truck aria-hidden="true" className="size-4" />
              {SHIPPING_TEXT}
            </p>
          </div>

          <AddToCartButton
            onAddToCart={() => void addToCart(selection)}
            isPending={isPending}
            disabled={stockBlocked || !quantityAllowed}
          />

          {variant.ok ? (
            <p className="flex flex-wrap items-center gap-x-2 text-sm text-slate-700">
              <FileText aria-hidden="true" className="size-4 text-slate-500" />
              Buying in volume?
              <Link to={quoteHref} className="font-medium text-blue-700 hover:underline">
                Request a quote
              </Link>
            </p>
          ) : null}

          <BusinessBenefits />
        </div>
      </div>

      <div className="mt-10">
        <Suspense fallback={<Skeleton className="h-72 w-full" />}>
          <ProductTabs
            description={product.description}
            name={product.name}
            quoteHref={quoteHref}
          />
        </Suspense>
      </div>

      <div className="mt-10">
        <Suspense fallback={<Skeleton className="h-72 w-full" />}>
          <RelatedProducts productId={product._id} />
        </Suspense>
      </div>
    </>
  );
}
