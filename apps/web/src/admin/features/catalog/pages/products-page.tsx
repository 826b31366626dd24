/**
 * The catalog's products: searched by name, code or seller SKU, filtered by status, category
 * and “needs attention” (an active product breaking a rule, or showing an image that does not
 * exist: what buyers see broken), paged, each row opening the editor. The filters live in the
 * URL, so a reload or a shared link opens the same list.
 */
import { AlertTriangle, ChevronLeft, ChevronRight, Plus } from 'lucide-react';
import type { FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PRODUCT_STATUSES } from '@storefront/shared/catalog-product';
import { imageAtWidth, resolveImageUrl } from '@storefront/shared/images';
import { formatRupees, groupIndian } from '@storefront/shared/money';
import { Button, buttonClasses } from '../../../../components/ui/button';
import { FormField } from '../../../../components/ui/form-field';
import { cn } from '../../../../lib/cn';
import { Loading } from '../../../components/loading';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { DataTable, Td, Th } from '../../../components/table';
import { consoleHref, consolePaths } from '../../../paths';
import { useTaxonomy } from '../api/get-taxonomy';
import { useCatalogProducts, type ProductFilters } from '../api/list-products';
import { IssueBadges } from '../components/issue-badges';
import { SelectField } from '../components/select-field';
import { STATUS_LABELS, StatusBadge } from '../components/status-badge';

function filtersOf(params: URLSearchParams): ProductFilters {
  const status = params.get('status');
  const page = Number(params.get('page') ?? '1');
  return {
    q: params.get('q')?.trim() || undefined,
    status: PRODUCT_STATUSES.find((s) => s === status),
    category: params.get('category') || undefined,
    attention: params.get('attention') === 'true' || undefined,
    page: Number.isInteger(page) && page > 1 ? page : undefined,
  };
}

function hrefOf(filters: ProductFilters): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters))
    if (value !== undefined && value !== '') params.set(key, String(value));
  const search = params.toString();
  return search ? `${consolePaths.catalog}?${search}` : consolePaths.catalog;
}

function stockText(stock: { onHand: number | null; anyOut: boolean; anyLow: boolean }) {
  if (stock.onHand === null) return <span className="text-slate-500">Not tracked</span>;
  return (
    <span className={cn(stock.anyOut ? 'text-red-700' : stock.anyLow ? 'text-amber-700' : '')}>
      {stock.onHand}
      {stock.anyOut ? ' · out' : stock.anyLow ? ' · low' : ''}
    </span>
  );
}

export function ProductsPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const filters = filtersOf(params);
  const products = useCatalogProducts(filters);
  const taxonomy = useTaxonomy();
  const go = (change: Partial<ProductFilters>) =>
    void navigate(hrefOf({ ...filters, page: undefined, ...change }));

  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    go({
      q: String(data.get('q') ?? '').trim() || undefined,
      status: PRODUCT_STATUSES.find((s) => s === data.get('status')),
      category: String(data.get('category') ?? '') || undefined,
    });
  };

  const counts = products.data?.counts;
  const page = filters.page ?? 1;
  const pages = products.data
    ? Math.max(1, Math.ceil(products.data.total / products.data.limit))
    : 1;

  return (
    <>
      <PageHeader
        title="Products"
        description="The catalog as buyers see it, and what needs fixing."
        actions={
          <Link to={consolePaths.catalogNew} className={buttonClasses('primary', 'md')}>
            <Plus aria-hidden="true" className="size-4" /> New product
          </Link>
        }
      />
      {counts && counts.attention > 0 ? (
        <div className="mb-4 flex flex-wrap items-center gap-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          <AlertTriangle aria-hidden="true" className="size-5 shrink-0" />
          <p className="flex-1">
            {counts.attention} active product{counts.attention === 1 ? '' : 's'} need
            {counts.attention === 1 ? 's' : ''} attention: buyers see a missing image, a missing
            variant or a broken rule.
          </p>
          {filters.attention ? (
            <Button variant="outline" size="sm" onClick={() => go({ attention: undefined })}>
              Show all products
            </Button>
          ) : (
            <Button variant="outline" size="sm" onClick={() => go({ attention: true })}>
              Show them
            </Button>
          )}
        </div>
      ) : null}
      {counts && counts.unchecked > 0 ? (
        <p className="mb-4 rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700">
          Checking {groupIndian(counts.unchecked)} product{counts.unchecked === 1 ? '' : 's'} for
          missing images and broken rules; the count of those needing attention may still grow.
        </p>
      ) : null}
      <form
        key={params.toString()}
        role="search"
        aria-label="Filter products"
        onSubmit={search}
        className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_10rem_14rem_auto] sm:items-end"
      >
        <FormField
          label="Name, code or seller SKU"
          name="q"
          type="search"
          defaultValue={filters.q ?? ''}
        />
        <SelectField label="Status" name="status" defaultValue={filters.status ?? ''}>
          <option value="">Any status</option>
          {PRODUCT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {STATUS_LABELS[status]}
              {counts ? ` (${counts[status]})` : ''}
            </option>
          ))}
        </SelectField>
        <SelectField label="Category" name="category" defaultValue={filters.category ?? ''}>
          <option value="">Any category</option>
          {taxonomy.data?.categories.map((c) => (
            <option key={c.id} value={c.slug}>
              {c.name}
            </option>
          ))}
        </SelectField>
        <Button type="submit">Filter</Button>
      </form>
      <div className="mt-6">
        {products.isPending ? (
          <Loading what="products" />
        ) : products.isError ? (
          <QueryError error={products.error} what="the products" />
        ) : products.data.items.length === 0 ? (
          <p className="rounded-lg border border-slate-200 bg-white p-6 text-center text-slate-600">
            No product matches these filters.
          </p>
        ) : (
          <>
            <p className="mb-2 text-sm text-slate-600" aria-live="polite">
              {products.data.total} product{products.data.total === 1 ? '' : 's'}
              {filters.attention ? ' needing attention' : ''}
            </p>
            <DataTable caption="Products" captionHidden>
              <thead>
                <tr>
                  <Th>Product</Th>
                  <Th>Status</Th>
                  <Th className="text-right">Price</Th>
                  <Th className="text-right">Stock</Th>
                  <Th>Category</Th>
                  <Th>Attention</Th>
                </tr>
              </thead>
              <tbody>
                {products.data.items.map((row) => (
                  <tr key={row.id} className={row.needsAttention ? 'bg-red-50/40' : undefined}>
                    <Td>
                      <div className="flex min-w-56 items-center gap-3">
                        <img
                          src={imageAtWidth(resolveImageUrl(row.image), 160)}
                          alt=""
                          width={40}
                          height={40}
                          loading="lazy"
                          className="size-10 shrink-0 rounded bg-slate-100 object-cover"
                        />
                        <div className="min-w-0">
                          <Link
                            to={consoleHref.catalogProduct(row.id)}
                            className="line-clamp-2 font-medium text-blue-700 hover:underline"
                          >
                            {row.name}
                          </Link>
                          <span className="block font-mono text-xs text-slate-500">
                            {row.code}
                            {row.sellerSku ? ` · ${row.sellerSku}` : ''}
                            {row.variantCount > 0 ? ` · ${row.variantCount} variants` : ''}
                          </span>
                        </div>
                      </div>
                    </Td>
                    <Td>
                      <StatusBadge status={row.status} />
                    </Td>
                    <Td className="text-right whitespace-nowrap">
                      {formatRupees(row.spPaise)}
                      {row.mrpPaise > row.spPaise ? (
                        <span className="block text-xs text-slate-500 line-through">
                          {formatRupees(row.mrpPaise)}
                        </span>
                      ) : null}
                    </Td>
                    <Td className="text-right whitespace-nowrap">{stockText(row.stock)}</Td>
                    <Td className="text-xs">
                      {taxonomy.data?.categories.find((c) => c.slug === row.category)?.name ??
                        row.category}
                    </Td>
                    <Td>
                      <IssueBadges issues={row.issues} urgent={row.needsAttention} />
                    </Td>
                  </tr>
                ))}
              </tbody>
            </DataTable>
            <nav
              aria-label="Products pages"
              className="mt-4 flex items-center justify-between gap-2"
            >
              <Button
                variant="outline"
                size="sm"
                disabled={page <= 1}
                onClick={() => void navigate(hrefOf({ ...filters, page: page - 1 }))}
              >
                <ChevronLeft aria-hidden="true" className="size-4" /> Previous
              </Button>
              <span className="text-sm text-slate-600">
                Page {page} of {pages}
              </span>
              <Button
                variant="outline"
                size="sm"
                disabled={page >= pages}
                onClick={() => void navigate(hrefOf({ ...filters, page: page + 1 }))}
              >
                Next <ChevronRight aria-hidden="true" className="size-4" />
              </Button>
            </nav>
          </>
        )}
      </div>
    </>
  );
}
