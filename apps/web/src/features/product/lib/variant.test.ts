import { describe, expect, it } from 'vitest';
import { initialSelection, resolveVariant } from './variant';

const options = [
  { name: 'Colour', values: ['White', 'Black'] },
  { name: 'Size', values: ['S', 'M'] },
];

describe('variant resolution', () => {
  it('preselects the first value of each option', () => {
    expect(initialSelection(options)).toEqual(['White', 'S']);
  });

  it('finds the variant whose option1 is the values joined by comma and space', () => {
    const varients = [
      { option1: 'White, S', sku: 'a', variantIndex: 0, price: null },
      { option1: 'Black, M', sku: 'b', variantIndex: 1, price: null },
    ];
    expect(resolveVariant({ options, varients }, ['Black', 'M'])).toEqual({
      ok: true,
      variantIndex: 1,
    });
  });

  it('sends the variantIndex the product gives the variant, not its place in the list', () => {
    // The variant at position 0 was removed: the server still knows 'Black, M' as 2.
    const varients = [
      { option1: 'White, S', sku: 'a', variantIndex: 1, price: null },
      { option1: 'Black, M', sku: 'b', variantIndex: 2, price: null },
    ];
    expect(resolveVariant({ options, varients }, ['Black', 'M'])).toEqual({
      ok: true,
      variantIndex: 2,
    });
    expect(resolveVariant({ options, varients }, ['White', 'S'])).toEqual({
      ok: true,
      variantIndex: 1,
    });
  });

  it('sends no variant index for a product without options', () => {
    expect(resolveVariant({ options: [], varients: [] }, [])).toEqual({
      ok: true,
      variantIndex: undefined,
    });
  });

  it('fails with the spec messages for missing variants and unknown combinations', () => {
    expect(resolveVariant({ options, varients: [] }, ['White', 'S'])).toEqual({
      ok: false,
      error: 'Product configuration error: Options defined without corresponding varients.',
    });
    expect(
      resolveVariant(
        { options, varients: [{ option1: 'White, S', sku: 'a', variantIndex: 0, price: null }] },
        ['Black', 'S'],
      ),
    ).toEqual({
      ok: false,
      error: 'Selected product variant combination (Black, S) is not available.',
    });
  });
});
