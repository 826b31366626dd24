import { describe, expect, it } from 'vitest';
import { productIssues, type ProductDocument } from './catalog-product.js';
import {
  columnsFor,
  completeDocument,
  documentCells,
  issueText,
  locateIssue,
  parsePercent,
  parseWhole,
  percentText,
  ProductAssembler,
  readHeader,
  shapeOf,
  spreadsheetSafe,
  spreadsheetValue,
  TEMPLATE_EXAMPLE,
  TEMPLATE_SHAPE,
  type ImportedProduct,
} from './catalog-transfer.js';
import { parseRupees, rupeesText } from './rupees-text.js';

/** Reads rows (the header first) into products, as the server's import does. */
function products(rows: string[][]): ImportedProduct[] {
  const { header, issues } = readHeader(rows[0]!);
  expect(issues).toEqual([]);
  const assembler = new ProductAssembler(header!);
  const out: ImportedProduct[] = [];
  rows.slice(1).forEach((cells, i) => {
    const done = assembler.add(cells, i + 2);
    if (done) out.push(done);
  });
  const last = assembler.end();
  if (last) out.push(last);
  return out;
}

describe('rupees to paise', () => {
  it.each([
    ['1499', 149900],
    ['1499.5', 149950],
    ['1499.50', 149950],
    ['0.01', 1],
    ['₹1,499.50', 149950],
    ['₹ 12,34,567.89', 123456789],
    ['1,234,567', 123456700],
    [' 7 ', 700],
  ])('%s is %i paise', (text, paise) => expect(parseRupees(text)).toBe(paise));

  it.each(['', '12.345', '-5', '1e3', 'abc', '12,34', '1.2.3', '0x10', '12.'])(
    '"%s" is refused',
    (text) => expect(parseRupees(text)).toBeUndefined(),
  );

  it('reads whole numbers with Indian or international grouping, and nothing else', () => {
    expect(['12', '1,000', '1,00,000', '100,000'].map(parseWhole)).toEqual([
      12, 1000, 100000, 100000,
    ]);
    expect(['1.5', '-1', '1,0', ''].map(parseWhole)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});

describe('cells a spreadsheet would run as a formula', () => {
  it.each(['=SUM(A1)', '+91', '-5', '@cmd', '\tx', '\rx', "'quoted", "'=x"])(
    '%j is written disarmed and read back as it was',
    (value) => {
      const cell = spreadsheetSafe(value);
      expect(cell.startsWith("'")).toBe(true);
      expect(spreadsheetValue(cell)).toBe(value);
    },
  );

  it('leaves every other cell alone', () => {
    expect(spreadsheetSafe('Steel Bottle')).toBe('Steel Bottle');
    expect(spreadsheetValue("it's")).toBe("it's");
  });
});

describe('the header', () => {
  it('refuses unknown, repeated and out-of-range columns and a missing code, naming each', () => {
    const { header, issues } = readHeader(['name', 'prise', 'name', 'tier_11_min', '']);
    expect(header).toBeUndefined();
    expect(issues.map((i) => i.message)).toEqual([
      'Unknown column prise: docs/catalog-import.md lists the columns',
      'Column name appears twice in the header',
      'Column tier_11_min: a product has at most 10 tiers',
      'Column 5 has no name',
      'The header has no code column: every row needs the product code it is about',
    ]);
  });

  it('refuses the two variant layouts mixed', () => {
    expect(readHeader(['code', 'variant_option', 'variant_1_sku']).issues[0]!.code).toBe(
      'layout_mixed',
    );
  });

  it('reads either layout, case and byte-order mark aside', () => {
    expect(readHeader(['\uFEFFCode', 'Variant_SKU']).header!.layout).toBe('variant');
    expect(readHeader(['code', 'variant_2_sku']).header!.shape.variants).toBe(2);
  });
});

describe('a product as a row and back', () => {
  const header = columnsFor(TEMPLATE_SHAPE);

  it('the export’s row of a document imports as the same document', () => {
    const [product] = products([header, documentCells(TEMPLATE_EXAMPLE, TEMPLATE_SHAPE)]);
    expect(product!.issues).toEqual([]);
    expect(completeDocument(product!, undefined)).toEqual({
      document: TEMPLATE_EXAMPLE,
      issues: [],
    });
  });

  it('one row per variant makes the same document, each variant placed on its row', () => {
    const variantHeader = columnsFor(TEMPLATE_SHAPE, 'variant');
    const productCells = documentCells(TEMPLATE_EXAMPLE, { ...TEMPLATE_SHAPE, variants: 0 });
    const rows = TEMPLATE_EXAMPLE.variants.map((v, i) => [
      ...(i === 0 ? productCells : productCells.map((c, n) => (n === 0 ? c : ''))),
      v.option1.replace(', ', ','),
      v.sku,
      v.pricePaise === null ? '' : rupeesText(v.pricePaise),
      v.stock === null ? '' : String(v.stock),
    ]);
    const [product] = products([variantHeader, ...rows]);
    expect(product!.variantRows).toEqual([2, 3, 4, 5]);
    expect(completeDocument(product!, undefined).document).toEqual(TEMPLATE_EXAMPLE);
    expect(locateIssue(product!, 'variants.2.sku')).toEqual({ row: 4, column: 'variant_sku' });
  });

  it('a later row of a product that differs from its first is reported there', () => {
    const rows = [
      ['code', 'name', 'variant_option', 'variant_sku'],
      ['P1', 'Bottle', 'Red', 'P1-R'],
      ['P1', 'Flask', 'Blue', 'P1-B'],
      ['P2', 'Cup', '', ''],
    ];
    const [p1, p2] = products(rows);
    expect(p1!.issues.map((i) => issueText(i))).toEqual([
      `row 3, column name: "Flask" differs from row 2's "Bottle": a product's cells come from its first row; leave them blank on its other rows`,
    ]);
    expect(p2!.fields.variants).toEqual([]);
  });

  it('places a tier rule broken in the file on its row and column', () => {
    const doc: ProductDocument = {
      ...TEMPLATE_EXAMPLE,
      tiers: [
        { minQuantity: 1, maxQuantity: 9, pricePaise: 100_00 },
        { minQuantity: 12, maxQuantity: 999_999, pricePaise: 90_00 },
      ],
    };
    const product = { row: 1204, variantRows: null };
    const issue = productIssues(doc).find((i) => i.code === 'tier_not_contiguous')!;
    expect(issueText({ ...locateIssue(product, issue.path), message: issue.message })).toBe(
      'row 1,204, column tier_2_min: Tier 2 starts at 12, but tier 1 ends at 9: tiers must be contiguous (expected 10)',
    );
  });

  it('reports cells it cannot read, a gap in a group, and what a new product lacks', () => {
    const [product] = products([
      ['code', 'price', 'stock', 'tier_1_min', 'tier_1_price', 'tier_2_min', 'tier_2_price'],
      ['P1', '12.345', 'lots', '', '', '10', '9'],
    ]);
    const { document, issues } = completeDocument(product!, undefined);
    expect(document).toBeUndefined();
    expect(issues.map((i) => issueText(i))).toEqual([
      'row 2, column price: "12.345" is not an amount in rupees with at most 2 decimals',
      'row 2, column stock: "lots" is not a whole number',
      'row 2, column tier_1_min: Empty, but tier_2_min is filled: fill the tiers from 1 upward',
      'row 2, column name: Required for a new product',
      'row 2, column brand: Required for a new product',
      'row 2, column category: Required for a new product',
      'row 2, column subcategory: Required for a new product',
      'row 2, column weight_grams: Required for a new product',
      'row 2, column location: Required for a new product',
      'row 2, column mrp: Required for a new product',
    ]);
  });

  it('a price list of a few columns changes those fields only', () => {
    const [product] = products([
      ['code', 'price', 'stock'],
      [TEMPLATE_EXAMPLE.code, '1,099', ''],
    ]);
    expect(completeDocument(product!, TEMPLATE_EXAMPLE).document).toEqual({
      ...TEMPLATE_EXAMPLE,
      spPaise: 1_099_00,
      stock: null,
    });
  });

  it('reads the GST rate in percent, blank for the HSN table’s, and places a rate not in force', () => {
    const rows = [
      ['code', 'gst_rate'],
      [TEMPLATE_EXAMPLE.code, '18'],
      [TEMPLATE_EXAMPLE.code, '0.25 %'],
      [TEMPLATE_EXAMPLE.code, ''],
      [TEMPLATE_EXAMPLE.code, '12'],
      [TEMPLATE_EXAMPLE.code, 'eighteen'],
    ];
    const [eighteen, quarter, blank, twelve, words] = rows
      .slice(1)
      .map((row) => products([rows[0]!, row])[0]!);
    expect(completeDocument(eighteen!, TEMPLATE_EXAMPLE).document?.gstRateBp).toBe(1800);
    expect(completeDocument(quarter!, TEMPLATE_EXAMPLE).document?.gstRateBp).toBe(25);
    expect(completeDocument(blank!, TEMPLATE_EXAMPLE).document?.gstRateBp).toBeNull();
    expect(completeDocument(twelve!, TEMPLATE_EXAMPLE).issues.map((i) => issueText(i))).toEqual([
      'row 2, column gst_rate: Choose one of the GST rates: 0%, 0.1%, 0.25%, 0.5%, 3%, 5%, 18%, 40%',
    ]);
    expect(completeDocument(words!, TEMPLATE_EXAMPLE).issues.map((i) => issueText(i))).toEqual([
      'row 2, column gst_rate: "eighteen" is not a GST rate in percent, like 18 or 0.25',
    ]);
  });

  it('writes a GST rate as percent and reads it back in integer arithmetic', () => {
    expect([0, 10, 25, 50, 300, 500, 1800, 4000].map(percentText)).toEqual([
      '0',
      '0.1',
      '0.25',
      '0.5',
      '3',
      '5',
      '18',
      '40',
    ]);
    for (const rate of [0, 10, 25, 50, 300, 500, 1800, 4000])
      expect(parsePercent(percentText(rate))).toBe(rate);
    expect(parsePercent('18%')).toBe(1800);
    expect(parsePercent('0.1')).toBe(10);
    expect(parsePercent('-5')).toBeUndefined();
    expect(parsePercent('1.234')).toBeUndefined();
    expect(
      documentCells(TEMPLATE_EXAMPLE, TEMPLATE_SHAPE)[
        columnsFor(TEMPLATE_SHAPE).indexOf('gst_rate')
      ],
    ).toBe('5');
  });

  it('places a shape error of the completed document on its column', () => {
    const [product] = products([
      ['code', 'status', 'variant_1_option', 'variant_1_sku'],
      [TEMPLATE_EXAMPLE.code, 'live', 'Aloe, Small', ''],
    ]);
    const { issues } = completeDocument(product!, TEMPLATE_EXAMPLE);
    expect(issues.map((i) => [i.row, i.column]).sort()).toEqual([
      [2, 'status'],
      [2, 'variant_1_sku'],
    ]);
  });

  it('measures the columns a set of documents needs', () => {
    expect(shapeOf([TEMPLATE_EXAMPLE])).toEqual({
      features: 3,
      images: 1,
      tiers: 3,
      options: 2,
      variants: 4,
    });
  });
});
