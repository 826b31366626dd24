import { describe, expect, it } from 'vitest';
import {
  allowedQuantity,
  isAllowedQuantity,
  largestQuantity,
  smallestQuantity,
} from './order-quantity.js';
import {
  availableFor,
  quantityProblem,
  quantityRulesText,
  stockShortMessage,
  stockState,
} from './stock.js';

const packs = { minOrderQuantity: 10, orderMultiple: 5 };
const any = { minOrderQuantity: 1, orderMultiple: 1 };

describe('what a buyer is told of stock', () => {
  it.each([
    [null, { kind: 'in_stock' }],
    [10, { kind: 'in_stock' }],
    [9, { kind: 'low', left: 9 }],
    [1, { kind: 'low', left: 1 }],
    [0, { kind: 'out' }],
  ])('%s units on hand is %j', (stock, state) => {
    expect(stockState(stock)).toEqual(state);
  });

  it('a variant without units of its own is answered its product’s by the server', () => {
    const availability = { stock: 4, variants: [{ variantIndex: 3, stock: 0 }] };
    expect(availableFor(availability, undefined)).toBe(4);
    expect(availableFor(availability, 3)).toBe(0);
    expect(availableFor(availability, 7)).toBeNull();
  });

  it('says how many are left, or that none are', () => {
    expect(stockShortMessage('Mug', 3, 5)).toBe('Only 3 of Mug left in stock; you asked for 5.');
    expect(stockShortMessage('Mug', 0, 5)).toBe('Mug is out of stock.');
  });
});

describe('the minimum order and the pack size', () => {
  it.each([
    [1, 10],
    [10, 10],
    [11, 15],
    [15, 15],
    [100_001, 100_000],
  ])('a typed %i becomes %i', (typed, allowed) => {
    expect(allowedQuantity(typed, packs)).toBe(allowed);
  });

  it('rounds a minimum that is not whole packs up to whole packs', () => {
    expect(smallestQuantity({ minOrderQuantity: 7, orderMultiple: 5 })).toBe(10);
    expect(largestQuantity({ minOrderQuantity: 1, orderMultiple: 7 })).toBe(99_995);
    expect(allowedQuantity(3, any)).toBe(3);
  });

  it('names the rule a quantity breaks, with the quantities that keep it', () => {
    expect(isAllowedQuantity(15, packs)).toBe(true);
    expect(quantityProblem('Ties', 15, packs)).toBeNull();
    expect(quantityProblem('Ties', 5, packs)).toBe(
      'Ties has a minimum order of 10 units; you chose 5.',
    );
    expect(quantityProblem('Ties', 12, packs)).toBe(
      'Ties is sold in packs of 5: choose a multiple of 5, such as 10 or 15.',
    );
    expect(quantityProblem('Ties', 12, { minOrderQuantity: 12, orderMultiple: 12 })).toBeNull();
    expect(quantityProblem('Ties', 13, { minOrderQuantity: 12, orderMultiple: 12 })).toBe(
      'Ties is sold in packs of 12: choose a multiple of 12, such as 12 or 24.',
    );
    expect(quantityProblem('Ties', 11, { minOrderQuantity: 10, orderMultiple: 4 })).toBe(
      'Ties is sold in packs of 4: choose a multiple of 4, such as 12.',
    );
    // The pack below would be under the minimum: only the pack above is offered.
  });

  it('states the rules for the product page and the cart', () => {
    expect(quantityRulesText(packs)).toBe('Minimum order 10 units, sold in packs of 5');
    expect(quantityRulesText({ minOrderQuantity: 1, orderMultiple: 6 })).toBe('Sold in packs of 6');
    expect(quantityRulesText(any)).toBeNull();
  });
});
