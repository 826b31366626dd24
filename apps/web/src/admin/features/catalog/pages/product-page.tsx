/**
 * The product editor (issue 20): every field of the product's document, a new product's or an
 * existing one's. Money is typed in rupees and sent in paise, exactly; variants are generated
 * from the options. The server's answer decides: a rule it refuses comes back as issues, each
 * shown beside the field it names and in a summary at the top; a save over someone else's
 * change comes back as 409 and is shown, not lost. Stock is set in its own panel, by
 * compare-and-set, so a save never writes over units an order took.
 */
import { Plus, Trash2 } from 'lucide-react';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  ProductIssuesError,
  type CatalogProductDetail,
  type TaxonomyResponse,
} from '@storefront/shared/catalog-desk';
import { PRODUCT_STATUSES, type ProductIssue } from '@storefront/shared/catalog-product';
import { formatRate, GST_RATES_BP, rateForHsn } from '@storefront/shared/gst';
import { ErrorAlert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { FormField } from '../../../../components/ui/form-field';
import { toast } from '../../../../components/ui/use-toast';
import { ApiError } from '../../../../lib/api/api-client';
import { describeError } from '../../../../lib/api/error-message';
import { Loading } from '../../../components/loading';
import { PageHeader } from '../../../components/page-header';
import { Panel } from '../../../components/panel';
import { QueryError } from '../../../components/query-error';
import { rateTable, useTaxRates } from '../../../lib/tax-rates';
import { consoleHref, consolePaths } from '../../../paths';
import { useCatalogProduct } from '../api/get-product';
import { useTaxonomy } from '../api/get-taxonomy';
import { useSaveProduct } from '../api/save-product';
import { useSetProductStatus } from '../api/set-product-status';
import { DescriptionEditor } from '../components/description-editor';
import { errorText, FieldIssues } from '../components/field-issues';
import { ProductImages } from '../components/product-images';
import { SelectField } from '../components/select-field';
import { STATUS_LABELS, StatusBadge } from '../components/status-badge';
import { StockPanel } from '../components/stock-panel';
import {
  documentFromForm,
  EMPTY_FORM,
  fieldLabel,
  formFromDocument,
  generateVariants,
  issuesAt,
  type ProductForm,
} from '../lib/product-form';

export function ProductPage() {
  const { id } = useParams();
  const product = useCatalogProduct(id);
  const taxonomy = useTaxonomy();
  if (id !== undefined && product.isPending) return <Loading what="the product" />;
  if (id !== undefined && product.isError)
    return <QueryError error={product.error} what="the product" />;
  if (taxonomy.isPending) return <Loading what="the categories" />;
  if (taxonomy.isError) return <QueryError error={taxonomy.error} what="the categories" />;
  const detail = product.data;
  return (
    <ProductEditor
      // A saved or reloaded product starts the form again from what the server holds.
      key={detail ? detail.version : 'new'}
      detail={detail}
      taxonomy={taxonomy.data}
    />
  );
}

type Update = (change: Partial<ProductForm>) => void;

function Row({ children }: { children: ReactNode }) {
  return <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">{children}</div>;
}

const cellInput =
  'h-9 w-full min-w-20 rounded-md border bg-white px-2 text-sm focus-visible:outline-2 focus-visible:outline-blue-600';
const cellBorder = (issues: readonly ProductIssue[]) =>
  issues.length > 0 ? 'border-red-500' : 'border-slate-300';

function ProductEditor({
  detail,
  taxonomy,
}: {
  detail: CatalogProductDetail | undefined;
  taxonomy: TaxonomyResponse;
}) {
  const navigate = useNavigate();
  const [form, setForm] = useState<ProductForm>(() =>
    detail ? formFromDocument(detail.product) : EMPTY_FORM,
  );
  const [issues, setIssues] = useState<ProductIssue[]>(detail?.issues ?? []);
  const [conflict, setConflict] = useState<string>();
  const summary = useRef<HTMLDivElement>(null);
  const save = useSaveProduct();
  const setStatus = useSetProductStatus(detail?.id ?? '');
  const update: Update = (change) => setForm((current) => ({ ...current, ...change }));
  const at = (path: string) => issuesAt(issues, path);
  const error = (path: string) => errorText(at(path));
  const category = taxonomy.categories.find((c) => c.slug === form.category);
  const taxRates = useTaxRates();
  // What the HSN table gives this HSN code (a code the table cannot read names no rate).
  const tableRate = /^\d{4,8}$/.test(form.hsn.trim())
    ? formatRate(rateForHsn(form.hsn.trim(), rateTable(taxRates.data)))
    : undefined;
  const storedVariants = new Set(detail?.product.variants.map((v) => v.option1));

  const showIssues = (found: ProductIssue[]) => {
    setIssues(found);
    requestAnimationFrame(() => summary.current?.focus());
  };
  const refusal = (failure: unknown) => {
    if (failure instanceof ApiError && failure.status === 422) {
      const body = ProductIssuesError.safeParse(failure.body);
      if (body.success) return showIssues(body.data.issues);
    }
    if (failure instanceof ApiError && failure.status === 409) {
      setConflict(failure.detail ?? 'This product changed since you opened it.');
      requestAnimationFrame(() => summary.current?.focus());
      return;
    }
    toast({ variant: 'destructive', title: 'Not saved', description: describeError(failure) });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setConflict(undefined);
    const result = documentFromForm(form);
    if (!result.ok) return showIssues(result.issues);
    save.mutate(
      detail
        ? { id: detail.id, version: detail.version, product: result.document }
        : { id: undefined, product: result.document },
      {
        onSuccess: (saved) => {
          toast({ title: detail ? 'Product saved' : 'Product created' });
          setIssues(saved.issues);
          if (!detail) void navigate(consoleHref.catalogProduct(saved.id), { replace: true });
        },
        onError: refusal,
      },
    );
  };

  const changeStatus = (status: (typeof PRODUCT_STATUSES)[number]) => {
    if (!detail) return;
    setConflict(undefined);
    setStatus.mutate(
      { version: detail.version, status },
      {
        onSuccess: () => toast({ title: `Product ${STATUS_LABELS[status].toLowerCase()}` }),
        onError: refusal,
      },
    );
  };

  const tiers = form.tiers;
  const setTier = (i: number, change: Partial<(typeof tiers)[number]>) =>
    update({ tiers: tiers.map((t, j) => (j === i ? { ...t, ...change } : t)) });
  const setOption = (i: number, change: Partial<ProductForm['options'][number]>) =>
    update({ options: form.options.map((o, j) => (j === i ? { ...o, ...change } : o)) });
  const setVariant = (i: number, change: Partial<ProductForm['variants'][number]>) =>
    update({ variants: form.variants.map((v, j) => (j === i ? { ...v, ...change } : v)) });

  return (
    <>
      <PageHeader
        title={detail ? detail.product.name : 'New product'}
        description={
          detail ? (
            <span className="flex flex-wrap items-center gap-2">
              <span className="font-mono">{detail.product.code}</span>
              <StatusBadge status={detail.product.status} />
            </span>
          ) : (
            'A draft until it keeps every rule and is made active.'
          )
        }
        actions={
          <Link to={consolePaths.catalog} className="text-sm text-blue-700 hover:underline">
            All products
          </Link>
        }
      />
      <div ref={summary} tabIndex={-1} className="focus:outline-none">
        {conflict ? (
          <ErrorAlert title="Someone else changed this product">
            <p>{conflict}</p>
          </ErrorAlert>
        ) : null}
        {issues.length > 0 ? (
          <div
            role="alert"
            className="mb-4 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900"
            data-testid="issue-summary"
          >
            <p className="font-semibold">
              {issues.length === 1 ? '1 thing needs fixing' : `${issues.length} things need fixing`}
              {detail?.product.status === 'active' ? ' (buyers see this product now)' : ''}
            </p>
            <ul className="mt-2 list-disc space-y-1 pl-5">
              {issues.map((issue) => (
                <li key={`${issue.path}-${issue.code}-${issue.message}`}>
                  <span className="font-medium">{fieldLabel(issue.path)}:</span> {issue.message}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
      <form onSubmit={submit} noValidate className="grid gap-4">
        <Panel title="Product">
          <Row>
            <FormField
              label="Name"
              value={form.name}
              onChange={(e) => update({ name: e.target.value })}
              error={error('name')}
              className="sm:col-span-2"
            />
            <FormField
              label="Brand"
              value={form.brand}
              onChange={(e) => update({ brand: e.target.value })}
              error={error('brand')}
            />
            <FormField
              label="Code"
              value={form.code}
              onChange={(e) => update({ code: e.target.value })}
              error={error('code')}
              readOnly={detail !== undefined}
              hint={detail ? 'Fixed once created: carts, orders and images name it' : 'Our SKU'}
              inputClassName="font-mono"
            />
            <FormField
              label="Seller SKU"
              value={form.sellerSku}
              onChange={(e) => update({ sellerSku: e.target.value })}
              error={error('sellerSku')}
              hint="The supplier's own, if any"
            />
            <FormField
              label="HSN code"
              value={form.hsn}
              inputMode="numeric"
              onChange={(e) => update({ hsn: e.target.value })}
              error={error('hsn')}
              hint="4, 6 or 8 digits"
            />
            <SelectField
              label="GST rate"
              value={form.gstRate}
              onChange={(e) => update({ gstRate: e.target.value })}
              error={error('gstRateBp')}
            >
              <option value="">
                {taxRates.data && tableRate
                  ? `From the HSN table (${tableRate})`
                  : 'From the HSN table'}
              </option>
              {GST_RATES_BP.map((rate) => (
                <option key={rate} value={String(rate)}>
                  {formatRate(rate)}
                </option>
              ))}
            </SelectField>
            <SelectField
              label="Category"
              value={form.category}
              onChange={(e) => update({ category: e.target.value, subcategory: '' })}
              error={error('category')}
            >
              <option value="">Choose…</option>
              {taxonomy.categories.map((c) => (
                <option key={c.id} value={c.slug}>
                  {c.name}
                </option>
              ))}
            </SelectField>
            <SelectField
              label="Subcategory"
              value={form.subcategory}
              onChange={(e) => update({ subcategory: e.target.value })}
              error={error('subcategory')}
              disabled={!category}
            >
              <option value="">Choose…</option>
              {category?.subcategories.map((s) => (
                <option key={s.id} value={s.slug}>
                  {s.name}
                </option>
              ))}
            </SelectField>
            {detail ? null : (
              <SelectField
                label="Status"
                value={form.status}
                onChange={(e) => update({ status: e.target.value as ProductForm['status'] })}
                error={error('status')}
              >
                {PRODUCT_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {STATUS_LABELS[status]}
                  </option>
                ))}
              </SelectField>
            )}
            <FormField
              label="Weight (grams)"
              inputMode="numeric"
              value={form.weightGrams}
              onChange={(e) => update({ weightGrams: e.target.value })}
              error={error('weightGrams')}
            />
            <FormField
              label="Dispatch location"
              value={form.location}
              onChange={(e) => update({ location: e.target.value })}
              error={error('location')}
            />
          </Row>
        </Panel>

        <Panel title="Price and ordering">
          <Row>
            <FormField
              label="MRP (₹)"
              inputMode="decimal"
              value={form.mrp}
              onChange={(e) => update({ mrp: e.target.value })}
              error={error('mrpPaise')}
            />
            <FormField
              label="Sale price (₹)"
              inputMode="decimal"
              value={form.sp}
              onChange={(e) => update({ sp: e.target.value })}
              error={error('spPaise')}
            />
            <FormField
              label="Minimum order (units)"
              inputMode="numeric"
              value={form.minOrderQuantity}
              onChange={(e) => update({ minOrderQuantity: e.target.value })}
              error={error('minOrderQuantity')}
            />
            <FormField
              label="Pack size (units)"
              inputMode="numeric"
              value={form.orderMultiple}
              onChange={(e) => update({ orderMultiple: e.target.value })}
              error={error('orderMultiple')}
              hint="Lines are ordered in multiples of it"
            />
            {detail ? null : (
              <FormField
                label="Stock (units)"
                inputMode="numeric"
                value={form.stock}
                placeholder="Not tracked"
                onChange={(e) => update({ stock: e.target.value })}
                error={error('stock')}
              />
            )}
          </Row>
          <fieldset className="grid gap-2">
            <legend className="text-sm font-medium text-slate-800">Quantity tiers</legend>
            <p className="text-xs text-slate-500">
              From the first tier’s quantity up, contiguous; leave the last “to” empty for “and up”.
              The sale price covers quantities below the first tier.
            </p>
            {tiers.length > 0 ? (
              // relative: the table's sr-only texts are absolutely placed; the scrolling box must
              // hold them, or past its edge they widen the page on a phone.
              <div className="relative overflow-x-auto">
                <table className="w-full text-left text-sm">
                  <thead>
                    <tr className="text-xs text-slate-600 uppercase">
                      <th className="px-1 py-1 font-semibold">From</th>
                      <th className="px-1 py-1 font-semibold">To</th>
                      <th className="px-1 py-1 font-semibold">Price (₹)</th>
                      <th className="px-1 py-1">
                        <span className="sr-only">Remove</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {tiers.map((tier, i) => {
                      const min = at(`tiers.${i}.minQuantity`);
                      const max = at(`tiers.${i}.maxQuantity`);
                      const price = at(`tiers.${i}.pricePaise`);
                      return (
                        <tr key={i} className="align-top">
                          <td className="p-1">
                            <input
                              aria-label={`Tier ${i + 1} from`}
                              inputMode="numeric"
                              value={tier.min}
                              aria-invalid={min.length > 0 || undefined}
                              onChange={(e) => setTier(i, { min: e.target.value })}
                              className={`${cellInput} ${cellBorder(min)}`}
                            />
                          </td>
                          <td className="p-1">
                            <input
                              aria-label={`Tier ${i + 1} to`}
                              inputMode="numeric"
                              value={tier.max}
                              placeholder="and up"
                              aria-invalid={max.length > 0 || undefined}
                              onChange={(e) => setTier(i, { max: e.target.value })}
                              className={`${cellInput} ${cellBorder(max)}`}
                            />
                          </td>
                          <td className="p-1">
                            <input
                              aria-label={`Tier ${i + 1} price`}
                              inputMode="decimal"
                              value={tier.price}
                              aria-invalid={price.length > 0 || undefined}
                              onChange={(e) => setTier(i, { price: e.target.value })}
                              className={`${cellInput} ${cellBorder(price)}`}
                            />
                          </td>
                          <td className="p-1">
                            <Button
                              type="button"
                              variant="ghost"
                              size="icon"
                              aria-label={`Remove tier ${i + 1}`}
                              onClick={() => update({ tiers: tiers.filter((_, j) => j !== i) })}
                            >
                              <Trash2 aria-hidden="true" className="size-4" />
                            </Button>
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </div>
            ) : null}
            <FieldIssues issues={issuesAt(issues, 'tiers', true)} />
            <div>
              <Button
                type="button"
                variant="outline"
                size="sm"
                onClick={() => {
                  const last = tiers.at(-1);
                  const from = last ? String((Number(last.max) || Number(last.min)) + 1) : '1';
                  update({ tiers: [...tiers, { min: from, max: '', price: '' }] });
                }}
              >
                <Plus aria-hidden="true" className="size-4" /> Add tier
              </Button>
            </div>
          </fieldset>
        </Panel>

        <Panel title="Key features">
          <ol className="grid gap-2">
            {form.features.map((feature, i) => (
              <li key={i} className="flex items-center gap-2">
                <input
                  aria-label={`Feature ${i + 1}`}
                  value={feature}
                  onChange={(e) =>
                    update({
                      features: form.features.map((f, j) => (j === i ? e.target.value : f)),
                    })
                  }
                  className={`${cellInput} ${cellBorder(at(`features.${i}`))}`}
                />
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove feature ${i + 1}`}
                  onClick={() => update({ features: form.features.filter((_, j) => j !== i) })}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                </Button>
              </li>
            ))}
          </ol>
          <FieldIssues issues={issuesAt(issues, 'features', true)} />
          <div>
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => update({ features: [...form.features, ''] })}
            >
              <Plus aria-hidden="true" className="size-4" /> Add feature
            </Button>
          </div>
        </Panel>

        <Panel title="Description">
          <DescriptionEditor
            value={form.descriptionHtml}
            onChange={(descriptionHtml) => update({ descriptionHtml })}
            error={error('descriptionHtml')}
          />
        </Panel>

        <Panel title="Options and variants">
          <p className="text-sm text-slate-600">
            Options a buyer chooses between (Colour: Red, Blue). An active product needs a variant
            for every combination; each variant may have its own SKU, price and stock.
          </p>
          {form.options.map((option, i) => (
            <div key={i} className="grid items-start gap-2 sm:grid-cols-[12rem_1fr_auto]">
              <FormField
                label={`Option ${i + 1} name`}
                value={option.name}
                onChange={(e) => setOption(i, { name: e.target.value })}
                error={errorText(issuesAt(issues, `options.${i}.name`))}
              />
              <FormField
                label={`Option ${i + 1} values`}
                value={option.values}
                hint="Separated by commas"
                onChange={(e) => setOption(i, { values: e.target.value })}
                error={errorText(
                  issuesAt(issues, `options.${i}.values`, true).concat(
                    issuesAt(issues, `options.${i}.values`),
                  ),
                )}
              />
              {/* Beside the option from a tablet up; on a phone, under its values, it says what
                  it removes (a bare bin there would read as clearing the values). */}
              <Button
                type="button"
                variant="ghost"
                size="sm"
                className="justify-self-start sm:mt-7 sm:size-10 sm:p-0"
                aria-label={`Remove option ${i + 1}`}
                onClick={() => update({ options: form.options.filter((_, j) => j !== i) })}
              >
                <Trash2 aria-hidden="true" className="size-4" />
                <span aria-hidden="true" className="sm:hidden">
                  Remove option
                </span>
              </Button>
            </div>
          ))}
          <FieldIssues issues={at('options')} />
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={form.options.length >= 3}
              onClick={() => update({ options: [...form.options, { name: '', values: '' }] })}
            >
              <Plus aria-hidden="true" className="size-4" /> Add option
            </Button>
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => update({ variants: generateVariants(form) })}
            >
              Generate variants from the options
            </Button>
          </div>
          {form.variants.length > 0 ? (
            // relative: as the tiers' table (its sr-only caption and header stay in the box).
            <div className="relative overflow-x-auto">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Variants</caption>
                <thead>
                  <tr className="text-xs text-slate-600 uppercase">
                    <th className="px-1 py-1 font-semibold">Variant</th>
                    <th className="px-1 py-1 font-semibold">SKU</th>
                    <th className="px-1 py-1 font-semibold">Own price (₹)</th>
                    <th className="px-1 py-1 font-semibold">Own stock</th>
                    <th className="px-1 py-1">
                      <span className="sr-only">Remove</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {form.variants.map((variant, i) => {
                    const sku = at(`variants.${i}.sku`);
                    const price = at(`variants.${i}.pricePaise`);
                    const stock = at(`variants.${i}.stock`);
                    const stored = detail !== undefined && storedVariants.has(variant.option1);
                    return (
                      <tr key={variant.option1} className="align-top">
                        <th scope="row" className="px-1 py-2 font-medium whitespace-nowrap">
                          {variant.option1}
                          <FieldIssues issues={at(`variants.${i}.option1`)} />
                        </th>
                        <td className="p-1">
                          <input
                            aria-label={`SKU of ${variant.option1}`}
                            value={variant.sku}
                            aria-invalid={sku.length > 0 || undefined}
                            onChange={(e) => setVariant(i, { sku: e.target.value })}
                            className={`${cellInput} ${cellBorder(sku)} min-w-36 font-mono`}
                          />
                        </td>
                        <td className="p-1">
                          <input
                            aria-label={`Price of ${variant.option1}`}
                            inputMode="decimal"
                            placeholder="Product’s"
                            value={variant.price}
                            aria-invalid={price.length > 0 || undefined}
                            onChange={(e) => setVariant(i, { price: e.target.value })}
                            className={`${cellInput} ${cellBorder(price)} min-w-24`}
                          />
                        </td>
                        <td className="p-1">
                          {stored ? (
                            <span className="block px-1 py-2 whitespace-nowrap text-slate-600">
                              {variant.stock === '' ? 'Product’s' : variant.stock} (in Stock)
                            </span>
                          ) : (
                            <input
                              aria-label={`Stock of ${variant.option1}`}
                              inputMode="numeric"
                              placeholder="Product’s"
                              value={variant.stock}
                              aria-invalid={stock.length > 0 || undefined}
                              onChange={(e) => setVariant(i, { stock: e.target.value })}
                              className={`${cellInput} ${cellBorder(stock)} min-w-24`}
                            />
                          )}
                        </td>
                        <td className="p-1">
                          <Button
                            type="button"
                            variant="ghost"
                            size="icon"
                            aria-label={`Remove variant ${variant.option1}`}
                            onClick={() =>
                              update({ variants: form.variants.filter((_, j) => j !== i) })
                            }
                          >
                            <Trash2 aria-hidden="true" className="size-4" />
                          </Button>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          ) : null}
          <FieldIssues issues={at('variants')} />
        </Panel>

        <Panel title="Images">
          <ProductImages images={form.images} onChange={(images) => update({ images })} />
          <FieldIssues issues={issuesAt(issues, 'images', true).concat(at('images'))} />
        </Panel>

        <div className="flex flex-wrap items-center gap-2">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : detail ? 'Save changes' : 'Create product'}
          </Button>
          {detail
            ? PRODUCT_STATUSES.filter((status) => status !== detail.product.status).map(
                (status) => (
                  <Button
                    key={status}
                    type="button"
                    variant={status === 'active' ? 'secondary' : 'outline'}
                    disabled={setStatus.isPending}
                    onClick={() => changeStatus(status)}
                  >
                    {status === 'active'
                      ? 'Activate'
                      : status === 'archived'
                        ? 'Archive'
                        : 'Move to draft'}
                  </Button>
                ),
              )
            : null}
        </div>
      </form>
      {detail ? (
        <div className="mt-4">
          <StockPanel
            key={JSON.stringify([
              detail.product.stock,
              detail.product.variants.map((v) => v.stock),
            ])}
            detail={detail}
          />
        </div>
      ) : null}
    </>
  );
}
