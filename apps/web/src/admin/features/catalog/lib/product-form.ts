/**
 * The product editor's form: a ProductDocument as a person types it (rupees as text, counts as
 * text, an open top tier as an empty "to"), and back. Rupees become paise exactly, digit by
 * digit (never through a float: 0.29 × 100 is 28.999… in binary). The document is then checked
 * with the shared schema, so the editor refuses what the server would, with the same messages;
 * the buyer-side rules are the server's answer (its 422 issues), shown by the same paths.
 */
import {
  ProductDocument,
  type ProductIssue,
  type ProductStatus,
} from '@storefront/shared/catalog-product';
import { OPEN_ENDED_MAX } from '@storefront/shared/pricing';

export interface TierForm {
  min: string;
  /** Empty: open-ended ('50+'). */
  max: string;
  price: string;
}

export interface OptionForm {
  name: string;
  /** The values, comma-separated as typed. */
  values: string;
}

export interface VariantForm {
  option1: string;
  sku: string;
  /** Empty: the product's price. */
  price: string;
  /** Empty: draws on the product's stock. */
  stock: string;
}

export interface ProductForm {
  code: string;
  sellerSku: string;
  name: string;
  brand: string;
  category: string;
  subcategory: string;
  features: string[];
  descriptionHtml: string;
  hsn: string;
  /** The product's own GST rate in basis points ('1800'); empty: the HSN table's. */
  gstRate: string;
  weightGrams: string;
  location: string;
  mrp: string;
  sp: string;
  tiers: TierForm[];
  options: OptionForm[];
  variants: VariantForm[];
  images: string[];
  status: ProductStatus;
  /** Empty: not tracked. */
  stock: string;
  minOrderQuantity: string;
  orderMultiple: string;
}

export const EMPTY_FORM: ProductForm = {
  code: '',
  sellerSku: '',
  name: '',
  brand: '',
  category: '',
  subcategory: '',
  features: [],
  descriptionHtml: '',
  hsn: '',
  gstRate: '',
  weightGrams: '',
  location: '',
  mrp: '',
  sp: '',
  tiers: [],
  options: [],
  variants: [],
  images: [],
  status: 'draft',
  stock: '',
  minOrderQuantity: '1',
  orderMultiple: '1',
};

/** Rupees as typed ('1499', '1,499.5', '₹ 1499.50') in paise, exactly; undefined if not money. */
export function rupeesToPaise(text: string): number | undefined {
  const match = /^(\d{1,9})(?:\.(\d{0,2}))?$/.exec(text.replace(/[₹,\s]/g, ''));
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Paise as the editor shows rupees: '1499' or '1499.50'. */
export function paiseToRupees(paise: number): string {
  const fraction = paise % 100;
  return fraction === 0
    ? String(Math.floor(paise / 100))
    : `${Math.floor(paise / 100)}.${String(fraction).padStart(2, '0')}`;
}

function count(text: string): number | undefined {
  const trimmed = text.trim();
  return /^\d{1,9}$/.test(trimmed) ? Number(trimmed) : undefined;
}

export function formFromDocument(doc: ProductDocument): ProductForm {
  return {
    code: doc.code,
    sellerSku: doc.sellerSku ?? '',
    name: doc.name,
    brand: doc.brand,
    category: doc.category,
    subcategory: doc.subcategory,
    features: doc.features,
    descriptionHtml: doc.descriptionHtml,
    hsn: doc.hsn,
    gstRate: doc.gstRateBp === null ? '' : String(doc.gstRateBp),
    weightGrams: String(doc.weightGrams),
    location: doc.location,
    mrp: paiseToRupees(doc.mrpPaise),
    sp: paiseToRupees(doc.spPaise),
    tiers: doc.tiers.map((t) => ({
      min: String(t.minQuantity),
      max: t.maxQuantity >= OPEN_ENDED_MAX ? '' : String(t.maxQuantity),
      price: paiseToRupees(t.pricePaise),
    })),
    options: doc.options.map((o) => ({ name: o.name, values: o.values.join(', ') })),
    variants: doc.variants.map((v) => ({
      option1: v.option1,
      sku: v.sku,
      price: v.pricePaise === null ? '' : paiseToRupees(v.pricePaise),
      stock: v.stock === null ? '' : String(v.stock),
    })),
    images: doc.images,
    status: doc.status,
    stock: doc.stock === null ? '' : String(doc.stock),
    minOrderQuantity: String(doc.minOrderQuantity),
    orderMultiple: String(doc.orderMultiple),
  };
}

/** An option's values as typed: split at commas, trimmed, blanks dropped. */
export function optionValues(option: OptionForm): string[] {
  return option.values
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);
}

/** Every combination of the options' values, as a variant's `option1` ('Red, Large'). */
export function combinations(options: readonly OptionForm[]): string[] {
  const lists = options.map(optionValues).filter((values) => values.length > 0);
  if (lists.length === 0) return [];
  return lists
    .reduce<string[][]>(
      (acc, values) => acc.flatMap((combo) => values.map((value) => [...combo, value])),
      [[]],
    )
    .map((values) => values.join(', '));
}

/** A variant's SKU from the product code and its values: 'BAG-1-RED-L'. */
function variantSku(code: string, option1: string): string {
  const suffix = option1
    .split(', ')
    .map((value) => value.replace(/[^A-Za-z0-9]+/g, '').toUpperCase())
    .join('-');
  return `${code || 'SKU'}-${suffix}`.slice(0, 40);
}

/**
 * A variant for every combination of the options, in the options' order: a combination that
 * had a variant keeps it (its SKU, price and stock); a new one gets a SKU from the code.
 */
export function generateVariants(form: ProductForm): VariantForm[] {
  const existing = new Map(form.variants.map((v) => [v.option1, v]));
  return combinations(form.options).map(
    (option1) =>
      existing.get(option1) ?? {
        option1,
        sku: variantSku(form.code, option1),
        price: '',
        stock: '',
      },
  );
}

const MONEY = 'Enter rupees, like 1499 or 1499.50';
const WHOLE = 'Enter a whole number';

/**
 * The document the form describes, or the problems by path (the same paths as the server's
 * issues): the form's own (money and counts as typed) first, then the shared schema's.
 */
export function documentFromForm(
  form: ProductForm,
): { ok: true; document: ProductDocument } | { ok: false; issues: ProductIssue[] } {
  const issues: ProductIssue[] = [];
  const money = (text: string, path: string): number => {
    const paise = rupeesToPaise(text);
    if (paise === undefined) issues.push({ path, code: 'money', message: MONEY });
    return paise ?? 0;
  };
  const whole = (text: string, path: string): number => {
    const value = count(text);
    if (value === undefined) issues.push({ path, code: 'whole', message: WHOLE });
    return value ?? 0;
  };
  const optional = (text: string, read: () => number): number | null =>
    text.trim() === '' ? null : read();
  const draft = {
    code: form.code,
    sellerSku: form.sellerSku.trim() === '' ? null : form.sellerSku,
    name: form.name,
    brand: form.brand,
    category: form.category,
    subcategory: form.subcategory,
    features: form.features.map((f) => f.trim()).filter(Boolean),
    descriptionHtml: form.descriptionHtml,
    hsn: form.hsn.trim(),
    gstRateBp: form.gstRate === '' ? null : Number(form.gstRate),
    weightGrams: whole(form.weightGrams, 'weightGrams'),
    location: form.location,
    mrpPaise: money(form.mrp, 'mrpPaise'),
    spPaise: money(form.sp, 'spPaise'),
    tiers: form.tiers.map((t, i) => ({
      minQuantity: whole(t.min, `tiers.${i}.minQuantity`),
      maxQuantity: t.max.trim() === '' ? OPEN_ENDED_MAX : whole(t.max, `tiers.${i}.maxQuantity`),
      pricePaise: money(t.price, `tiers.${i}.pricePaise`),
    })),
    options: form.options.map((o) => ({ name: o.name, values: optionValues(o) })),
    variants: form.variants.map((v, i) => ({
      option1: v.option1,
      sku: v.sku,
      pricePaise: optional(v.price, () => money(v.price, `variants.${i}.pricePaise`)),
      stock: optional(v.stock, () => whole(v.stock, `variants.${i}.stock`)),
    })),
    images: form.images,
    status: form.status,
    stock: optional(form.stock, () => whole(form.stock, 'stock')),
    minOrderQuantity: whole(form.minOrderQuantity, 'minOrderQuantity'),
    orderMultiple: whole(form.orderMultiple, 'orderMultiple'),
  };
  const parsed = ProductDocument.safeParse(draft);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const path = issue.path.join('.');
      if (!issues.some((known) => known.path === path))
        issues.push({ path, code: issue.code, message: issue.message });
    }
  return issues.length > 0 || !parsed.success
    ? { ok: false, issues }
    : { ok: true, document: parsed.data };
}

/** The issues at `path`, or (with `within`) at it and under it ('tiers' → 'tiers.1.maxQuantity'). */
export function issuesAt(
  issues: readonly ProductIssue[],
  path: string,
  within = false,
): ProductIssue[] {
  return issues.filter(
    (issue) => issue.path === path || (within && issue.path.startsWith(`${path}.`)),
  );
}

/** What a field is called in the summary of issues. */
export function fieldLabel(path: string): string {
  const [head, index] = path.split('.');
  const labels: Record<string, string> = {
    code: 'Code',
    sellerSku: 'Seller SKU',
    name: 'Name',
    brand: 'Brand',
    category: 'Category',
    subcategory: 'Subcategory',
    features: 'Key features',
    descriptionHtml: 'Description',
    hsn: 'HSN code',
    gstRateBp: 'GST rate',
    weightGrams: 'Weight',
    location: 'Dispatch location',
    mrpPaise: 'MRP',
    spPaise: 'Sale price',
    tiers: 'Quantity tiers',
    options: 'Options',
    variants: 'Variants',
    images: 'Images',
    status: 'Status',
    stock: 'Stock',
    minOrderQuantity: 'Minimum order',
    orderMultiple: 'Pack size',
  };
  const label = labels[head ?? ''] ?? path;
  if (index === undefined) return label;
  const row = Number(index) + 1;
  const rows: Record<string, string> = {
    tiers: 'tier',
    images: 'image',
    features: 'feature',
    options: 'option',
    variants: 'variant',
  };
  return `${label}, ${rows[head ?? ''] ?? 'row'} ${row}`;
}
