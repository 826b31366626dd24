import { z } from 'zod';
import {
  PRODUCT_LIMITS,
  PRODUCT_STATUSES,
  ProductDocument,
  type ProductIssue,
} from './catalog-product.js';
import { parseRupees, rupeesText } from './rupees-text.js';
import { OPEN_ENDED_MAX } from './pricing.js';

/**
 * The catalog's file format (issue 20 "Import and export", decision 051): how a spreadsheet row
 * describes a `ProductDocument` and back, for the import, the export, the template and the seed.
 * docs/catalog-import.md lists every column for sellers; this file is the rule.
 *
 * - Two layouts. One row per product, its variants in numbered columns (`variant_1_option`,
 *   `variant_1_sku`, …): what the export writes. Or one row per variant (`variant_option`,
 *   `variant_sku`, …): consecutive rows with one `code` are one product, whose other cells are
 *   taken from its first row (later rows leave them blank or repeat them exactly).
 * - Money in rupees with up to 2 decimals ("1499", "1499.5", "₹1,499.50"), converted to paise in
 *   integer arithmetic, never through a float.
 * - A column left out of the file leaves that field of an existing product as stored (a price list
 *   of `code,price,stock` updates prices and stock only); a new product needs the required ones.
 *   A column in the file is the value: a blank cell clears what may be cleared (the seller SKU,
 *   stock: not tracked, a variant's own price) and is an error where a value is required.
 * - Numbered groups (features, images, tiers, options, variants) are replaced whole when any of
 *   their columns is in the file, filled from 1 upward.
 * - Cells a spreadsheet would run as a formula are written with a leading apostrophe and read back
 *   without it (`spreadsheetSafe` / `spreadsheetValue`), so the export round-trips exactly.
 */

export const IMPORT_LAYOUTS = ['product', 'variant'] as const;
export type ImportLayout = (typeof IMPORT_LAYOUTS)[number];
export const IMPORT_FORMATS = ['csv', 'jsonl'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** The largest file an upload takes: 100,000 products with variants are about 120 MB. */
export const IMPORT_FILE_MAX_BYTES = 256 * 1024 * 1024;

type Field = keyof ProductDocument;

/** The product's own columns, in the order the export writes them, and the field of each. */
export const PRODUCT_COLUMNS = {
  code: 'code',
  seller_sku: 'sellerSku',
  name: 'name',
  status: 'status',
  brand: 'brand',
  category: 'category',
  subcategory: 'subcategory',
  hsn: 'hsn',
  gst_rate: 'gstRateBp',
  weight_grams: 'weightGrams',
  location: 'location',
  mrp: 'mrpPaise',
  price: 'spPaise',
  stock: 'stock',
  min_order_quantity: 'minOrderQuantity',
  order_multiple: 'orderMultiple',
  description: 'descriptionHtml',
} as const satisfies Record<string, Field>;
export type ProductColumn = keyof typeof PRODUCT_COLUMNS;
const SCALAR_COLUMNS = Object.keys(PRODUCT_COLUMNS) as ProductColumn[];
const COLUMN_OF_FIELD = new Map<string, ProductColumn>(
  SCALAR_COLUMNS.map((column) => [PRODUCT_COLUMNS[column], column]),
);

/** A new product must name these (the others have defaults: see `NEW_PRODUCT_DEFAULTS`). */
const REQUIRED_FOR_NEW: readonly ProductColumn[] = [
  'name',
  'brand',
  'category',
  'subcategory',
  'weight_grams',
  'location',
  'mrp',
  'price',
];

const NEW_PRODUCT_DEFAULTS = {
  sellerSku: null,
  features: [],
  descriptionHtml: '',
  hsn: '',
  gstRateBp: null,
  tiers: [],
  options: [],
  variants: [],
  images: [],
  status: 'active',
  stock: null,
  minOrderQuantity: 1,
  orderMultiple: 1,
} satisfies Partial<ProductDocument>;

const TIER_PARTS = { min: 'minQuantity', max: 'maxQuantity', price: 'pricePaise' } as const;
const OPTION_PARTS = { name: 'name', values: 'values' } as const;
const VARIANT_PARTS = {
  option: 'option1',
  sku: 'sku',
  price: 'pricePaise',
  stock: 'stock',
} as const;
type TierPart = keyof typeof TIER_PARTS;
type OptionPart = keyof typeof OPTION_PARTS;
type VariantPart = keyof typeof VARIANT_PARTS;
const partOf = <P extends string>(parts: Record<P, string>, field: string) =>
  (Object.keys(parts) as P[]).find((part) => parts[part] === field);

/** How many of each numbered group a file (or an export) has columns for. */
export interface ColumnShape {
  features: number;
  images: number;
  tiers: number;
  options: number;
  variants: number;
}

const GROUP_LIMITS: ColumnShape = {
  features: PRODUCT_LIMITS.features,
  images: PRODUCT_LIMITS.images,
  tiers: PRODUCT_LIMITS.tiers,
  options: PRODUCT_LIMITS.options,
  variants: PRODUCT_LIMITS.variants,
};

const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

/** The columns of a file of `layout` with room for `shape`, in the export's order. */
export function columnsFor(shape: ColumnShape, layout: ImportLayout = 'product'): string[] {
  return [
    ...SCALAR_COLUMNS,
    ...range(shape.features).map((n) => `feature_${n}`),
    ...range(shape.images).map((n) => `image_${n}`),
    ...range(shape.tiers).flatMap((n) => [`tier_${n}_min`, `tier_${n}_max`, `tier_${n}_price`]),
    ...range(shape.options).flatMap((n) => [`option_${n}_name`, `option_${n}_values`]),
    ...(layout === 'variant'
      ? ['variant_option', 'variant_sku', 'variant_price', 'variant_stock']
      : range(shape.variants).flatMap((n) => [
          `variant_${n}_option`,
          `variant_${n}_sku`,
          `variant_${n}_price`,
          `variant_${n}_stock`,
        ])),
  ];
}

// ---------------------------------------------------------------------------------------------
// Values

const WHOLE = /^(\d+|\d{1,3}(?:,\d{3})+|\d{1,2}(?:,\d{2})*,\d{3})$/;

/** Basis points as a percent: 1800 → "18", 25 → "0.25". */
export function percentText(basisPoints: number): string {
  return String(basisPoints / 100);
}

/**
 * A GST rate in percent ("18", "18%", "0.25 %") → basis points (1800, 25), in integer arithmetic;
 * undefined when the text is not a percent with at most 2 decimals. Whether it is a rate in
 * force is the document's rule (`GstRateBp`).
 */
export function parsePercent(text: string): number | undefined {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?\s*%?$/.exec(text.trim());
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** "1,000" → 1000; undefined when the text is not a whole number. */
export function parseWhole(text: string): number | undefined {
  const trimmed = text.trim();
  if (!WHOLE.test(trimmed)) return undefined;
  const value = Number(trimmed.replace(/,/g, ''));
  return Number.isSafeInteger(value) ? value : undefined;
}

const FORMULA_START = /^[=+\-@\t\r']/;

/**
 * A cell as a spreadsheet may open it: one starting with = + - @ tab or CR (which Excel, Sheets
 * and LibreOffice would run as a formula: OWASP "CSV Injection") gets a leading apostrophe, and
 * so does one starting with an apostrophe, so `spreadsheetValue` can always undo it.
 */
export function spreadsheetSafe(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** The value of a cell `spreadsheetSafe` wrote: one leading apostrophe before those removed. */
export function spreadsheetValue(cell: string): string {
  return cell.length > 1 && cell.startsWith("'") && FORMULA_START.test(cell.slice(1))
    ? cell.slice(1)
    : cell;
}

/** Option values as one cell: comma-separated (a value may not hold a comma, decision 047). */
export const joinValues = (values: readonly string[]) => values.join(', ');
const splitValues = (cell: string) =>
  cell
    .split(',')
    .map((value) => value.trim())
    .filter((value) => value !== '');
/** A variant's option values as the document holds them: "Red,M" → "Red, M". */
const normaliseOption1 = (cell: string) => splitValues(cell).join(', ');

// ---------------------------------------------------------------------------------------------
// Export: a document as one row

/** The cells of `doc` under `columnsFor(shape)`, as plain values (the writer makes them safe). */
export function documentCells(doc: ProductDocument, shape: ColumnShape): string[] {
  const scalar = (column: ProductColumn): string => {
    const value = doc[PRODUCT_COLUMNS[column]];
    if (value === null) return '';
    if (column === 'mrp' || column === 'price') return rupeesText(value as number);
    if (column === 'gst_rate') return percentText(value as number);
    return String(value);
  };
  const cells = SCALAR_COLUMNS.map(scalar);
  for (const n of range(shape.features)) cells.push(doc.features[n - 1] ?? '');
  for (const n of range(shape.images)) cells.push(doc.images[n - 1] ?? '');
  for (const n of range(shape.tiers)) {
    const tier = doc.tiers[n - 1];
    cells.push(
      tier ? String(tier.minQuantity) : '',
      tier && tier.maxQuantity < OPEN_ENDED_MAX ? String(tier.maxQuantity) : '',
      tier ? rupeesText(tier.pricePaise) : '',
    );
  }
  for (const n of range(shape.options)) {
    const option = doc.options[n - 1];
    cells.push(option?.name ?? '', option ? joinValues(option.values) : '');
  }
  for (const n of range(shape.variants)) {
    const variant = doc.variants[n - 1];
    cells.push(
      variant?.option1 ?? '',
      variant?.sku ?? '',
      variant?.pricePaise != null ? rupeesText(variant.pricePaise) : '',
      variant?.stock != null ? String(variant.stock) : '',
    );
  }
  return cells;
}

/** The shape that holds every document of `docs` (the export measures the catalog this way). */
export function shapeOf(docs: Iterable<ProductDocument>, at?: Partial<ColumnShape>): ColumnShape {
  const shape: ColumnShape = {
    features: at?.features ?? 0,
    images: at?.images ?? 0,
    tiers: at?.tiers ?? 0,
    options: at?.options ?? 0,
    variants: at?.variants ?? 0,
  };
  for (const doc of docs) {
    shape.features = Math.max(shape.features, doc.features.length);
    shape.images = Math.max(shape.images, doc.images.length);
    shape.tiers = Math.max(shape.tiers, doc.tiers.length);
    shape.options = Math.max(shape.options, doc.options.length);
    shape.variants = Math.max(shape.variants, doc.variants.length);
  }
  return shape;
}

// ---------------------------------------------------------------------------------------------
// Import: the header

type ColumnRole =
  | { kind: 'scalar'; column: ProductColumn }
  | { kind: 'feature' | 'image'; index: number }
  | { kind: 'tier'; index: number; part: TierPart }
  | { kind: 'option'; index: number; part: OptionPart }
  | { kind: 'variant'; index: number; part: VariantPart }
  | { kind: 'row-variant'; part: VariantPart };

function roleOf(column: string): ColumnRole | undefined {
  if (column in PRODUCT_COLUMNS) return { kind: 'scalar', column: column as ProductColumn };
  let m = /^(feature|image)_(\d+)$/.exec(column);
  if (m) return { kind: m[1] as 'feature' | 'image', index: Number(m[2]) - 1 };
  m = /^tier_(\d+)_(min|max|price)$/.exec(column);
  if (m) return { kind: 'tier', index: Number(m[1]) - 1, part: m[2] as TierPart };
  m = /^option_(\d+)_(name|values)$/.exec(column);
  if (m) return { kind: 'option', index: Number(m[1]) - 1, part: m[2] as OptionPart };
  m = /^variant_(\d+)_(option|sku|price|stock)$/.exec(column);
  if (m) return { kind: 'variant', index: Number(m[1]) - 1, part: m[2] as VariantPart };
  m = /^variant_(option|sku|price|stock)$/.exec(column);
  if (m) return { kind: 'row-variant', part: m[1] as VariantPart };
  return undefined;
}

const GROUP_OF_KIND = {
  feature: 'features',
  image: 'images',
  tier: 'tiers',
  option: 'options',
  variant: 'variants',
} as const;

/** A file's header, read: which cell holds what. */
export interface ImportHeader {
  layout: ImportLayout;
  columns: readonly string[];
  /** Cell index of each column. */
  cell: ReadonlyMap<string, number>;
  /** The numbered groups the file names, with how many of each it has columns for. */
  shape: ColumnShape;
  groups: ReadonlySet<keyof ColumnShape>;
}

/** A problem of the file's header: the whole file is refused, since no row can be read right. */
export interface HeaderIssue {
  column: string | null;
  code: string;
  message: string;
}

/** Reads the header row; answers it, or why it cannot be read. */
export function readHeader(cells: readonly string[]): {
  header?: ImportHeader;
  issues: HeaderIssue[];
} {
  const issues: HeaderIssue[] = [];
  const columns = cells.map((cell) =>
    cell
      .trim()
      .toLowerCase()
      .replace(/^\uFEFF/, ''),
  );
  const cell = new Map<string, number>();
  const shape: ColumnShape = { features: 0, images: 0, tiers: 0, options: 0, variants: 0 };
  const groups = new Set<keyof ColumnShape>();
  let rowVariants = false;
  columns.forEach((column, i) => {
    if (column === '') {
      issues.push({ column: null, code: 'column_unnamed', message: `Column ${i + 1} has no name` });
      return;
    }
    if (cell.has(column)) {
      issues.push({
        column,
        code: 'column_repeated',
        message: `Column ${column} appears twice in the header`,
      });
      return;
    }
    cell.set(column, i);
    const role = roleOf(column);
    if (!role) {
      issues.push({
        column,
        code: 'column_unknown',
        message: `Unknown column ${column}: docs/catalog-import.md lists the columns`,
      });
      return;
    }
    if (role.kind === 'row-variant') rowVariants = true;
    if (role.kind === 'scalar' || role.kind === 'row-variant') return;
    const group = GROUP_OF_KIND[role.kind];
    if (role.index < 0 || role.index >= GROUP_LIMITS[group]) {
      issues.push({
        column,
        code: 'column_beyond_limit',
        message: `Column ${column}: a product has at most ${GROUP_LIMITS[group]} ${group}`,
      });
      return;
    }
    groups.add(group);
    shape[group] = Math.max(shape[group], role.index + 1);
  });
  if (!cell.has('code'))
    issues.push({
      column: 'code',
      code: 'column_missing',
      message: 'The header has no code column: every row needs the product code it is about',
    });
  if (rowVariants && groups.has('variants'))
    issues.push({
      column: 'variant_option',
      code: 'layout_mixed',
      message:
        'The header mixes variant_option (one row per variant) with variant_1_option (one row per product): use one layout',
    });
  if (rowVariants) groups.add('variants');
  if (issues.length > 0) return { issues };
  return {
    header: { layout: rowVariants ? 'variant' : 'product', columns, cell, shape, groups },
    issues,
  };
}

// ---------------------------------------------------------------------------------------------
// Import: a row, then a product

/** Where an import's problem is: the spreadsheet row (the header is row 1) and the column. */
export interface RowIssue {
  row: number;
  column: string | null;
  code: string;
  message: string;
}

/** One product as the file gives it: the fields it names, where they are, what was wrong. */
export interface ImportedProduct {
  code: string;
  /** The spreadsheet row of the product (its first row in the variant layout). */
  row: number;
  /** The row of each variant in the variant layout; null in the product layout. */
  variantRows: number[] | null;
  /** The fields the file gives (a column left out keeps the stored value). */
  fields: Partial<ProductDocument>;
  /** Cells that could not be read (a price that is not rupees, a gap in the tiers, …). */
  issues: RowIssue[];
}

type Variant = ProductDocument['variants'][number];

interface ReadRow {
  code: string;
  fields: Partial<ProductDocument>;
  /** The row's own variant in the variant layout (null: its variant cells are blank). */
  variant: Variant | null;
  /**
   * The product cells the row fills (to compare a product's later rows with its first): in the
   * variant layout only.
   */
  productCells: Map<string, string> | null;
  issues: RowIssue[];
}

/** Reads one data row (`row`: its spreadsheet row number) of a file with `header`. */
function readRow(header: ImportHeader, cells: readonly string[], row: number): ReadRow {
  const issues: RowIssue[] = [];
  const at = (column: string) => {
    const i = header.cell.get(column);
    return i === undefined ? undefined : spreadsheetValue(cells[i] ?? '');
  };
  const fail = (column: string, code: string, message: string) =>
    issues.push({ row, column, code, message });
  const whole = (column: string, text: string) => {
    const value = parseWhole(text);
    if (value === undefined) fail(column, 'not_whole_number', `"${text}" is not a whole number`);
    return value;
  };
  const rupees = (column: string, text: string) => {
    const value = parseRupees(text);
    if (value === undefined)
      fail(column, 'not_rupees', `"${text}" is not an amount in rupees with at most 2 decimals`);
    return value;
  };
  const required = (column: string): undefined => {
    fail(column, 'required', 'Required');
    return undefined;
  };

  const fields: Partial<ProductDocument> = {};
  const productCells = header.layout === 'variant' ? new Map<string, string>() : null;
  const set = <F extends Field>(field: F, value: ProductDocument[F] | undefined) => {
    if (value !== undefined) fields[field] = value;
  };
  for (const column of SCALAR_COLUMNS) {
    const text = at(column);
    if (text === undefined) continue;
    if (text.trim() !== '' && column !== 'code') productCells?.set(column, text);
    const field = PRODUCT_COLUMNS[column];
    const blank = text.trim() === '';
    switch (column) {
      case 'seller_sku':
        set(field, blank ? null : text.trim());
        break;
      case 'status':
        // Blank: active for a new product, as stored for an existing one.
        if (!blank) set(field, text.trim().toLowerCase() as ProductDocument['status']);
        break;
      case 'weight_grams':
        if (blank) required(column);
        else set(field, whole(column, text));
        break;
      case 'stock':
        set(field, blank ? null : whole(column, text));
        break;
      case 'gst_rate': {
        // Blank: the rate of the store's HSN table (decision 052).
        const rate = blank ? null : parsePercent(text);
        if (rate === undefined)
          fail(column, 'not_percent', `"${text}" is not a GST rate in percent, like 18 or 0.25`);
        else set(field, rate);
        break;
      }
      case 'min_order_quantity':
      case 'order_multiple':
        set(field, blank ? 1 : whole(column, text));
        break;
      case 'mrp':
      case 'price':
        if (blank) required(column);
        else set(field, rupees(column, text));
        break;
      case 'description':
        set(field, text);
        break;
      default:
        set(field, text.trim());
    }
  }

  /** The filled entries of a numbered group, refusing a gap (entry n blank, a later one given). */
  const numbered = <T>(
    group: keyof ColumnShape,
    firstColumn: (n: number) => string,
    read: (n: number) => { blank: boolean; value?: T },
  ): T[] | undefined => {
    if (!header.groups.has(group) || (group === 'variants' && header.layout === 'variant'))
      return undefined;
    const values: T[] = [];
    let gap: number | undefined;
    for (const n of range(header.shape[group])) {
      const { blank, value } = read(n);
      if (blank) {
        gap ??= n;
        continue;
      }
      if (gap !== undefined) {
        fail(
          firstColumn(gap),
          'group_gap',
          `Empty, but ${firstColumn(n)} is filled: fill the ${group} from 1 upward`,
        );
        gap = undefined;
      }
      if (value !== undefined) values.push(value);
    }
    return values;
  };
  const cellsOf = (names: readonly string[]) => {
    const texts = names.map((name) => at(name) ?? '');
    names.forEach((name, i) => {
      if (texts[i]!.trim() !== '') productCells?.set(name, texts[i]!);
    });
    return { texts, blank: texts.every((t) => t.trim() === '') };
  };

  set(
    'features',
    numbered(
      'features',
      (n) => FEATURE_COLUMN(n)[0],
      (n) => {
        const { texts, blank } = cellsOf(FEATURE_COLUMN(n));
        return { blank, value: texts[0]!.trim() };
      },
    ),
  );
  set(
    'images',
    numbered(
      'images',
      (n) => IMAGE_COLUMN(n)[0],
      (n) => {
        const { texts, blank } = cellsOf(IMAGE_COLUMN(n));
        return { blank, value: texts[0]!.trim() };
      },
    ),
  );
  set(
    'tiers',
    numbered(
      'tiers',
      (n) => TIER_COLUMNS(n)[0],
      (n) => {
        const names = TIER_COLUMNS(n);
        const { texts, blank } = cellsOf(names);
        if (blank) return { blank };
        const [min, max, price] = texts as [string, string, string];
        const minQuantity = min.trim() === '' ? required(names[0]) : whole(names[0], min);
        const maxQuantity = max.trim() === '' ? OPEN_ENDED_MAX : whole(names[1], max);
        const pricePaise = price.trim() === '' ? required(names[2]) : rupees(names[2], price);
        if (minQuantity === undefined || maxQuantity === undefined || pricePaise === undefined)
          return { blank };
        return { blank, value: { minQuantity, maxQuantity, pricePaise } };
      },
    ),
  );
  set(
    'options',
    numbered(
      'options',
      (n) => OPTION_COLUMNS(n)[0],
      (n) => {
        const { texts, blank } = cellsOf(OPTION_COLUMNS(n));
        return { blank, value: { name: texts[0]!.trim(), values: splitValues(texts[1]!) } };
      },
    ),
  );
  const variantOf = (names: readonly [string, string, string, string]): Variant | undefined => {
    const texts = names.map((name) => at(name) ?? '') as [string, string, string, string];
    const [option, sku, price, stock] = texts;
    const pricePaise = price.trim() === '' ? null : rupees(names[2], price);
    const units = stock.trim() === '' ? null : whole(names[3], stock);
    if (pricePaise === undefined || units === undefined) return undefined;
    return { option1: normaliseOption1(option), sku: sku.trim(), pricePaise, stock: units };
  };
  set(
    'variants',
    numbered(
      'variants',
      (n) => VARIANT_COLUMNS(n)[0],
      (n) => {
        const names = VARIANT_COLUMNS(n);
        const { blank } = cellsOf(names);
        return blank ? { blank } : { blank, value: variantOf(names) };
      },
    ),
  );
  let variant: Variant | null = null;
  if (header.layout === 'variant') {
    const names = ROW_VARIANT_COLUMNS;
    const blank = names.every((name) => (at(name) ?? '').trim() === '');
    variant = blank ? null : (variantOf(names) ?? null);
  }
  return { code: (at('code') ?? '').trim(), fields, variant, productCells, issues };
}

/**
 * The names of a numbered group's columns by number, made once each: a row of the product layout
 * reads ~90, and making them row by row was a fifth of what reading a file allocated (decision 084).
 */
function columnsByNumber<Names extends readonly string[]>(
  make: (n: number) => Names,
): (n: number) => Names {
  const made: Names[] = [];
  return (n) => (made[n] ??= make(n));
}
const FEATURE_COLUMN = columnsByNumber((n) => [`feature_${n}`] as const);
const IMAGE_COLUMN = columnsByNumber((n) => [`image_${n}`] as const);
const TIER_COLUMNS = columnsByNumber(
  (n) => [`tier_${n}_min`, `tier_${n}_max`, `tier_${n}_price`] as const,
);
const OPTION_COLUMNS = columnsByNumber((n) => [`option_${n}_name`, `option_${n}_values`] as const);
const VARIANT_PART_NAMES = ['option', 'sku', 'price', 'stock'] as const;
type VariantColumns = readonly [string, string, string, string];
const VARIANT_COLUMNS = columnsByNumber(
  (n) => VARIANT_PART_NAMES.map((part) => `variant_${n}_${part}`) as unknown as VariantColumns,
);
/** The variant columns of the variant layout (one row per variant). */
const ROW_VARIANT_COLUMNS = VARIANT_PART_NAMES.map(
  (part) => `variant_${part}`,
) as unknown as VariantColumns;

/**
 * Turns a file's data rows into products, as they come: feed it each row with `add` (its
 * spreadsheet row number), and it answers each product once complete (in the variant layout,
 * when a row of another code begins, or at `end`). Memory: one product at a time.
 */
export class ProductAssembler {
  private pending: { read: ReadRow; product: ImportedProduct; blankVariantRow: boolean } | null =
    null;

  constructor(private readonly header: ImportHeader) {}

  /** Adds a row; answers the product the row completes, if any. */
  add(cells: readonly string[], row: number): ImportedProduct | undefined {
    const read = readRow(this.header, cells, row);
    if (this.header.layout === 'product') return this.productOf(read, row);
    const pending = this.pending;
    if (pending && pending.product.code === read.code && read.code !== '') {
      this.continueProduct(pending, read, row);
      return undefined;
    }
    this.pending = this.startProduct(read, row);
    return pending ? pending.product : undefined;
  }

  /** The last product of the file, if one is still open. */
  end(): ImportedProduct | undefined {
    const last = this.pending?.product;
    this.pending = null;
    return last;
  }

  private productOf(read: ReadRow, row: number): ImportedProduct {
    const issues = [...read.issues];
    if (read.code === '')
      issues.unshift({ row, column: 'code', code: 'required', message: 'Required' });
    return { code: read.code, row, variantRows: null, fields: read.fields, issues };
  }

  private startProduct(read: ReadRow, row: number) {
    const product = this.productOf(read, row);
    product.variantRows = read.variant ? [row] : [];
    product.fields.variants = read.variant ? [read.variant] : [];
    return { read, product, blankVariantRow: read.variant === null };
  }

  private continueProduct(
    pending: { read: ReadRow; product: ImportedProduct; blankVariantRow: boolean },
    read: ReadRow,
    row: number,
  ): void {
    const { product } = pending;
    // The product's cells of a later row are only compared with its first row's (below): a
    // blank one is no error there. Only the variant layout has later rows, and keeps their cells.
    product.issues.push(...read.issues.filter((issue) => issue.column?.startsWith('variant_')));
    for (const [column, text] of read.productCells!) {
      const first = pending.read.productCells!.get(column);
      if (first !== text)
        product.issues.push({
          row,
          column,
          code: 'variant_row_differs',
          message: `"${text}" differs from row ${product.row.toLocaleString('en-IN')}'s ${first === undefined ? 'blank cell' : `"${first}"`}: a product's cells come from its first row; leave them blank on its other rows`,
        });
    }
    if (read.variant === null || pending.blankVariantRow) {
      product.issues.push({
        row,
        column: 'variant_option',
        code: 'required',
        message: `Product ${product.code} has several rows, so each row needs its variant`,
      });
      pending.blankVariantRow = false;
    }
    if (read.variant) {
      product.fields.variants!.push(read.variant);
      product.variantRows!.push(row);
    }
  }
}

/** Where a document's issue (a path as `productIssues` and zod give it) is in the file. */
export function locateIssue(
  product: Pick<ImportedProduct, 'row' | 'variantRows'>,
  path: string,
): { row: number; column: string | null } {
  const [field, index, part] = path.split('.');
  const n = index === undefined ? 1 : Number(index) + 1;
  const row = product.row;
  const scalar = COLUMN_OF_FIELD.get(field ?? '');
  if (scalar) return { row, column: scalar };
  switch (field) {
    case 'features':
      return { row, column: `feature_${n}` };
    case 'images':
      return { row, column: `image_${n}` };
    case 'tiers':
      return { row, column: `tier_${n}_${partOf(TIER_PARTS, part ?? '') ?? 'min'}` };
    case 'options':
      return { row, column: `option_${n}_${partOf(OPTION_PARTS, part ?? '') ?? 'name'}` };
    case 'variants': {
      const variantPart = partOf(VARIANT_PARTS, part ?? '') ?? 'option';
      if (product.variantRows === null) return { row, column: `variant_${n}_${variantPart}` };
      return {
        row: (index === undefined ? undefined : product.variantRows[n - 1]) ?? row,
        column: `variant_${variantPart}`,
      };
    }
    default:
      return { row, column: null };
  }
}

/**
 * The document an imported product makes: its fields over the stored product's (or, for a new
 * one, the defaults), checked against the shape. Answers it, or the issues placed in the file.
 * The buyer-side rules are checked by the store's save (`blockingIssues`), placed the same way.
 */
export function completeDocument(
  product: ImportedProduct,
  stored: ProductDocument | undefined,
): { document?: ProductDocument; issues: RowIssue[] } {
  const issues: RowIssue[] = [...product.issues];
  const place = (issue: Pick<ProductIssue, 'path' | 'code' | 'message'>) => ({
    ...locateIssue(product, issue.path),
    code: issue.code,
    message: issue.message,
  });
  if (!stored)
    for (const column of REQUIRED_FOR_NEW)
      if (
        product.fields[PRODUCT_COLUMNS[column]] === undefined &&
        !issues.some((i) => i.column === column)
      )
        issues.push({
          row: product.row,
          column,
          code: 'required',
          message: 'Required for a new product',
        });
  if (issues.length > 0) return { issues };
  const parsed = ProductDocument.safeParse({
    ...(stored ?? NEW_PRODUCT_DEFAULTS),
    ...product.fields,
    code: product.code,
  });
  if (!parsed.success)
    return {
      issues: parsed.error.issues.map((issue) =>
        place({ path: issue.path.join('.'), code: issue.code, message: issue.message }),
      ),
    };
  return { document: parsed.data, issues };
}

/** "row 1,204, column tier_2_min: …": how a report line reads. */
export function issueText(
  issue: Pick<RowIssue, 'row' | 'column' | 'message'>,
  line = 'row',
): string {
  const where = `${line} ${issue.row.toLocaleString('en-IN')}`;
  return `${where}${issue.column ? `, column ${issue.column}` : ''}: ${issue.message}`;
}

// ---------------------------------------------------------------------------------------------
// The template

/** The template's columns: a product with two options, three tiers and its variants. */
export const TEMPLATE_SHAPE: ColumnShape = {
  features: 3,
  images: 3,
  tiers: 3,
  options: 2,
  variants: 4,
};

/** The template's example product (its category is one of the demo catalog's). */
export const TEMPLATE_EXAMPLE: ProductDocument = {
  code: 'BB-EXAMPLE-1',
  sellerSku: 'SUP-10001',
  name: 'Soft Baby Wipes 80 Pcs, Pack of 12',
  status: 'draft',
  brand: 'Acme Home',
  category: 'baby',
  subcategory: 'diapering',
  hsn: '9619',
  gstRateBp: 500,
  weightGrams: 1800,
  location: 'Mumbai',
  mrpPaise: 1_499_00,
  spPaise: 1_199_00,
  stock: 500,
  minOrderQuantity: 12,
  orderMultiple: 12,
  descriptionHtml: '<p>Alcohol-free wipes for retail shelves.</p>',
  features: ['Wipes: 80 Pcs', 'Material and finish: Soft', 'Fragrance-free'],
  // A photo of the zip uploaded beside the file, by its file name (docs/catalog-import.md).
  images: ['wipes-front.jpg'],
  tiers: [
    { minQuantity: 1, maxQuantity: 47, pricePaise: 1_199_00 },
    { minQuantity: 48, maxQuantity: 143, pricePaise: 1_139_00 },
    { minQuantity: 144, maxQuantity: OPEN_ENDED_MAX, pricePaise: 1_079_00 },
  ],
  options: [
    { name: 'Scent', values: ['Aloe', 'Plain'] },
    { name: 'Size', values: ['Small', 'Large'] },
  ],
  variants: [
    { option1: 'Aloe, Small', sku: 'BB-EXAMPLE-1-AS', pricePaise: null, stock: null },
    { option1: 'Aloe, Large', sku: 'BB-EXAMPLE-1-AL', pricePaise: 1_299_00, stock: 120 },
    { option1: 'Plain, Small', sku: 'BB-EXAMPLE-1-PS', pricePaise: null, stock: null },
    { option1: 'Plain, Large', sku: 'BB-EXAMPLE-1-PL', pricePaise: 1_299_00, stock: 80 },
  ],
};

/** A CSV row, RFC 4180: every cell quoted, quotes doubled, formulas disarmed, CRLF. */
export const csvRow = (cells: readonly string[]) =>
  `${cells.map((cell) => `"${spreadsheetSafe(cell).replace(/"/g, '""')}"`).join(',')}\r\n`;

/** The downloadable template: the header and the example, in either layout. */
export function templateCsv(layout: ImportLayout = 'product'): string {
  const header = columnsFor(TEMPLATE_SHAPE, layout);
  if (layout === 'product')
    return `\uFEFF${csvRow(header)}${csvRow(documentCells(TEMPLATE_EXAMPLE, TEMPLATE_SHAPE))}`;
  // One row per variant: the product's cells on its first row only.
  const productCells = documentCells(TEMPLATE_EXAMPLE, { ...TEMPLATE_SHAPE, variants: 0 });
  const rows = TEMPLATE_EXAMPLE.variants.map((variant, i) => [
    ...(i === 0
      ? productCells
      : productCells.map((_, c) => (c === 0 ? TEMPLATE_EXAMPLE.code : ''))),
    variant.option1,
    variant.sku,
    variant.pricePaise === null ? '' : rupeesText(variant.pricePaise),
    variant.stock === null ? '' : String(variant.stock),
  ]);
  return `\uFEFF${csvRow(header)}${rows.map(csvRow).join('')}`;
}

// ---------------------------------------------------------------------------------------------
// The API's contract

export const IMPORT_JOB_STATUSES = [
  'validating',
  'validated',
  'applying',
  'applied',
  'failed',
] as const;
export type ImportJobStatus = (typeof IMPORT_JOB_STATUSES)[number];

export const ImportCounts = z.object({
  /** Products the file holds (a product of the variant layout spans several rows). */
  products: z.number().int(),
  new: z.number().int(),
  changed: z.number().int(),
  unchanged: z.number().int(),
  /** Products the file moves to archived (counted here, not under changed). */
  archived: z.number().int(),
  /** Products in error: reported, and left as they are. */
  invalid: z.number().int(),
});
export type ImportCounts = z.infer<typeof ImportCounts>;
export const emptyCounts = (): ImportCounts => ({
  products: 0,
  new: 0,
  changed: 0,
  unchanged: 0,
  archived: 0,
  invalid: 0,
});

export const ImportIssue = z.object({
  /** The spreadsheet row (the header is row 1), or the line of a JSON Lines file; 1 for the header. */
  row: z.number().int(),
  /** The column (CSV) or field path (JSON Lines); null when the issue is the row's as a whole. */
  column: z.string().nullable(),
  code: z.string(),
  message: z.string(),
  /** The product code of the row, when it has one. */
  productCode: z.string().nullable(),
  /** When it was found: by the dry run, or by the apply (a product changed since). */
  phase: z.enum(['dry_run', 'apply']),
});
export type ImportIssue = z.infer<typeof ImportIssue>;

/** The issues a job's answer carries; the rest are paged with `ImportIssuesQuery`. */
export const IMPORT_ISSUES_SHOWN = 200;

/** The zip of photos uploaded beside a file: its images stored once, before the dry run reads rows. */
export const ImportImages = z.object({
  fileName: z.string(),
  /** Storing the zip's photos (the dry run waits for them), or done (the zip is then deleted). */
  status: z.enum(['storing', 'stored']),
  /** Photos stored so far. */
  stored: z.number().int(),
  /** Files of the zip that are not images it could store: an error on each row naming one. */
  problems: z.number().int(),
});
export type ImportImages = z.infer<typeof ImportImages>;

export const ImportJob = z.object({
  id: z.string(),
  fileName: z.string(),
  format: z.enum(IMPORT_FORMATS),
  status: z.enum(IMPORT_JOB_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Who uploaded it. */
  createdBy: z.string(),
  /** Bytes of the file read by the dry run, and the file's size: the dry run's progress. */
  bytesRead: z.number().int(),
  bytes: z.number().int(),
  /** Products applied, and how many there are to apply: the apply's progress. */
  done: z.number().int(),
  total: z.number().int(),
  dryRun: ImportCounts.nullable(),
  applied: ImportCounts.nullable(),
  issueCount: z.number().int(),
  issues: z.array(ImportIssue),
  /** Why it failed (a file that cannot be read, a header in error). */
  error: z.string().nullable(),
  /** The zip of photos uploaded with the file, if any. */
  images: ImportImages.nullable(),
});
export type ImportJob = z.infer<typeof ImportJob>;

export const ImportJobParams = z.object({ id: z.string().regex(/^[0-9a-f]{24}$/) }).strict();

export const ImportIssuesQuery = z
  .object({
    /** Issues after this one (the `seq` of the last seen). */
    after: z.coerce.number().int().min(0).max(2_147_483_647).default(0),
    limit: z.coerce.number().int().min(1).max(1000).default(IMPORT_ISSUES_SHOWN),
  })
  .strict();
export const ImportIssuePage = z.object({
  issues: z.array(ImportIssue.extend({ seq: z.number().int() })),
  next: z.number().int().nullable(),
});

export const ImportJobList = z.object({ jobs: z.array(ImportJob) });

export const TemplateQuery = z
  .object({ layout: z.enum(IMPORT_LAYOUTS).default('product') })
  .strict();

/** The export's filter: the whole catalog, or by status, category and text. */
export const CatalogExportQuery = z
  .object({
    status: z.enum(PRODUCT_STATUSES).optional(),
    category: z.string().trim().min(1).max(PRODUCT_LIMITS.textLength).optional(),
    q: z.string().trim().min(1).max(100).optional(),
  })
  .strict();
export type CatalogExportQuery = z.infer<typeof CatalogExportQuery>;
