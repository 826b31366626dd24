import { describe, expect, it } from 'vitest';
import { OPEN_ENDED_MAX } from '@storefront/shared/pricing';
import {
  combinations,
  documentFromForm,
  EMPTY_FORM,
  formFromDocument,
  generateVariants,
  paiseToRupees,
  rupeesToPaise,
  type ProductForm,
} from './product-form';

const form: ProductForm = {
  ...EMPTY_FORM,
  code: 'BAG-1',
  name: 'Canvas Tote',
  brand: 'Acme',
  category: 'bags',
  subcategory: 'totes',
  hsn: '4202',
  weightGrams: '350',
  location: 'Surat',
  mrp: '1,999',
  sp: '1499.5',
  tiers: [
    { min: '1', max: '9', price: '1499.50' },
    { min: '10', max: '', price: '1399.29' },
  ],
};

describe('rupees typed into paise', () => {
  it.each([
    ['1499', 149900],
    ['1499.5', 149950],
    ['1,499.50', 149950],
    ['₹ 0.29', 29],
    ['0.07', 7],
    ['1234567.89', 123456789],
  ])('%s is %i paise, exactly', (text, paise) => {
    expect(rupeesToPaise(text)).toBe(paise);
  });

  it.each(['', 'abc', '1.234', '-5', '1e3'])('refuses %j', (text) => {
    expect(rupeesToPaise(text)).toBeUndefined();
  });

  it('shows paise as rupees and back without drift', () => {
    for (const paise of [1, 29, 100, 149950, 9999999999])
      expect(rupeesToPaise(paiseToRupees(paise))).toBe(paise);
    expect(paiseToRupees(149950)).toBe('1499.50');
    expect(paiseToRupees(150000)).toBe('1500');
  });
});

describe('the form as a document', () => {
  it('converts money to paise and an empty top tier to the open-ended one', () => {
    const result = documentFromForm(form);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.document).toMatchObject({
      mrpPaise: 199900,
      spPaise: 149950,
      weightGrams: 350,
      sellerSku: null,
      stock: null,
      tiers: [
        { minQuantity: 1, maxQuantity: 9, pricePaise: 149950 },
        { minQuantity: 10, maxQuantity: OPEN_ENDED_MAX, pricePaise: 139929 },
      ],
    });
    expect(formFromDocument(result.document)).toMatchObject({
      mrp: '1999',
      sp: '1499.50',
      tiers: [
        { min: '1', max: '9', price: '1499.50' },
        { min: '10', max: '', price: '1399.29' },
      ],
    });
  });

  it('names each field it cannot read by the path the server would use', () => {
    const result = documentFromForm({
      ...form,
      sp: '14,99.999',
      name: '',
      tiers: [{ min: 'ten', max: '', price: '5' }],
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues.map((issue) => [issue.path, issue.message])).toEqual([
      ['spPaise', 'Enter rupees, like 1499 or 1499.50'],
      ['tiers.0.minQuantity', 'Enter a whole number'],
      ['name', 'Required'],
    ]);
  });
});

describe('variants from the options', () => {
  it('makes every combination in the options’ order, keeping the variants already there', () => {
    const options = [
      { name: 'Colour', values: 'Red, Blue' },
      { name: 'Size', values: 'S,M , L' },
    ];
    expect(combinations(options)).toEqual([
      'Red, S',
      'Red, M',
      'Red, L',
      'Blue, S',
      'Blue, M',
      'Blue, L',
    ]);
    const variants = generateVariants({
      ...form,
      options,
      variants: [{ option1: 'Blue, M', sku: 'OWN-SKU', price: '1599', stock: '4' }],
    });
    expect(variants).toHaveLength(6);
    expect(variants[0]).toEqual({ option1: 'Red, S', sku: 'BAG-1-RED-S', price: '', stock: '' });
    expect(variants[4]).toEqual({ option1: 'Blue, M', sku: 'OWN-SKU', price: '1599', stock: '4' });
    expect(generateVariants({ ...form, options: [] })).toEqual([]);
  });
});
