import { describe, expect, it } from 'vitest';
import {
  INDIAN_STATES,
  documentNumber,
  financialYear,
  findIndianState,
  lineTax,
  placeOfSupply,
  rateForHsn,
  supplyType,
  taxHeads,
  taxTotals,
} from './gst.js';

describe('lineTax: the tax inside a GST-inclusive line total', () => {
  it.each([
    // gross, rate, supply, taxable, cgst, sgst, igst
    [118_00, 1800, 'inter', 100_00, 0, 0, 18_00],
    [118_00, 1800, 'intra', 100_00, 9_00, 9_00, 0],
    [118_00, 1800, 'intra-ut', 100_00, 9_00, 9_00, 0],
    [105_00, 500, 'intra', 100_00, 2_50, 2_50, 0],
    [140_00, 4000, 'inter', 100_00, 0, 0, 40_00],
    [100_00, 0, 'intra', 100_00, 0, 0, 0],
    // ₹1,723.85 at 18 %: 172385 × 100 / 118 = 146088.98… → 146089; tax 26296, halves 13148.
    [1723_85, 1800, 'intra', 1460_89, 131_48, 131_48, 0],
    // An odd paisa of tax: the central head takes it. 1 × 100/118 = 0.847 → 1; tax 0.
    [1, 1800, 'intra', 1, 0, 0, 0],
    [3, 1800, 'intra', 3, 0, 0, 0],
    [7, 1800, 'intra', 6, 1, 0, 0],
    // 0.25 %: 10025 paise → exactly 10000 taxable.
    [100_25, 25, 'inter', 100_00, 0, 0, 25],
    // Half a paisa rounds up: 59 × 100/118 = 50.0 exactly; 177 × 100/118 = 150.
    [177, 1800, 'inter', 150, 0, 0, 27],
  ] as const)('%i paise at %i bp (%s)', (gross, rate, supply, taxable, cgst, sgst, igst) => {
    const tax = lineTax(gross, rate, supply);
    expect(tax).toEqual({
      rateBp: rate,
      taxablePaise: taxable,
      centralPaise: cgst,
      statePaise: sgst,
      integratedPaise: igst,
    });
    expect(tax.taxablePaise + tax.centralPaise + tax.statePaise + tax.integratedPaise).toBe(gross);
  });

  it('rounds the taxable value to the nearest paisa', () => {
    // 60 × 100/118 = 50.85 → 51; 58 × 100/118 = 49.15 → 49. No slab's fraction can land on
    // exactly half a paisa (each reduces to an even numerator over an odd denominator).
    expect(lineTax(60, 1800).taxablePaise).toBe(51);
    expect(lineTax(58, 1800).taxablePaise).toBe(49);
    expect(lineTax(155, 300).taxablePaise).toBe(150);
  });

  it('keeps taxable + tax = gross for every amount and rate', () => {
    for (const rate of [0, 10, 25, 50, 300, 500, 1800, 4000])
      for (let gross = 0; gross < 5000; gross += 7)
        for (const supply of ['intra', 'intra-ut', 'inter'] as const) {
          const t = lineTax(gross, rate, supply);
          expect(t.taxablePaise + t.centralPaise + t.statePaise + t.integratedPaise).toBe(gross);
          expect(t.centralPaise - t.statePaise).toBeGreaterThanOrEqual(0);
          expect(t.centralPaise - t.statePaise).toBeLessThanOrEqual(1);
        }
  });

  it('refuses a fractional or negative gross', () => {
    expect(() => lineTax(1.5, 1800)).toThrow(RangeError);
    expect(() => lineTax(-1, 1800)).toThrow(RangeError);
  });

  it('adds lines rounded one by one (a mixed-rate order)', () => {
    const lines = [
      lineTax(118_00, 1800, 'intra'),
      lineTax(105_00, 500, 'intra'),
      lineTax(7, 1800, 'intra'),
    ];
    expect(taxTotals(lines)).toEqual({
      taxablePaise: 200_06,
      centralPaise: 11_51,
      statePaise: 11_50,
      integratedPaise: 0,
      taxPaise: 23_01,
    });
  });
});

describe('place of supply and the heads', () => {
  it('is the ship-to state, or the billed GSTIN state for bill-to/ship-to, or 96 abroad', () => {
    expect(placeOfSupply({ country: 'India', stateCode: '29' }, null)).toBe('29');
    expect(placeOfSupply({ country: 'India', stateCode: '29' }, '29AAPFU0939F1ZV')).toBe('29');
    expect(placeOfSupply({ country: 'India', stateCode: '29' }, '27AAPFU0939F1ZV')).toBe('27');
    expect(placeOfSupply({ country: 'Singapore', stateCode: null }, '27AAPFU0939F1ZV')).toBe('96');
  });

  it("knows India by the code the checkout sends ('in') as well as by its name", () => {
    expect(placeOfSupply({ country: 'in', stateCode: '29' }, null)).toBe('29');
    expect(placeOfSupply({ country: ' IN ', stateCode: '33' }, null)).toBe('33');
    expect(placeOfSupply({ country: 'sg', stateCode: null }, null)).toBe('96');
  });

  it('is CGST + SGST in one state, CGST + UTGST in a UT without a legislature, IGST across', () => {
    expect(supplyType('27', '27')).toBe('intra');
    expect(supplyType('04', '04')).toBe('intra-ut');
    expect(supplyType('07', '07')).toBe('intra'); // Delhi has a legislature: SGST
    expect(supplyType('27', '29')).toBe('inter');
    expect(supplyType('27', '96')).toBe('inter');
    expect(taxHeads('intra')).toEqual(['CGST', 'SGST']);
    expect(taxHeads('intra-ut')).toEqual(['CGST', 'UTGST']);
    expect(taxHeads('inter')).toEqual(['IGST']);
  });
});

describe('states', () => {
  it('lists the 36 states and union territories with their codes, by name', () => {
    expect(INDIAN_STATES).toHaveLength(36);
    expect(INDIAN_STATES.map((s) => s.code)).not.toContain('97');
    expect(INDIAN_STATES.filter((s) => s.utgst).map((s) => s.name)).toEqual([
      'Andaman and Nicobar Islands',
      'Chandigarh',
      'Dadra and Nagar Haveli and Daman and Diu',
      'Ladakh',
      'Lakshadweep',
    ]);
  });

  it('finds a state by code or by name in any case or spacing', () => {
    expect(findIndianState('29')?.name).toBe('Karnataka');
    expect(findIndianState('7')?.name).toBe('Delhi');
    expect(findIndianState('  karnataka ')?.code).toBe('29');
    expect(findIndianState('Andaman & Nicobar Islands')?.code).toBe('35');
    expect(findIndianState('Atlantis')).toBeUndefined();
    expect(findIndianState('97')).toBeUndefined();
  });
});

describe('rate table', () => {
  it('takes the longest matching HSN prefix, else 18 %', () => {
    const table = new Map([
      ['85', 1800],
      ['8517', 500],
      ['851713', 4000],
    ]);
    expect(rateForHsn('85171300', table)).toBe(4000);
    expect(rateForHsn('85176200', table)).toBe(500);
    expect(rateForHsn('8501', table)).toBe(1800);
    expect(rateForHsn('3401', table)).toBe(1800);
    expect(rateForHsn('3401', new Map([['34', 500]]))).toBe(500);
  });
});

describe('financial years and numbers', () => {
  it('runs April to March', () => {
    expect(financialYear('2026-03-31')).toBe('2025-26');
    expect(financialYear('2026-04-01')).toBe('2026-27');
    expect(financialYear('2026-11-26')).toBe('2026-27');
    expect(financialYear('2099-12-31')).toBe('2099-00');
  });

  it('numbers documents within 16 characters', () => {
    expect(documentNumber('INV', '2026-27', 42)).toBe('INV/2627/00042');
    expect(documentNumber('ABCD', '2026-27', 999_999)).toBe('ABCD/2627/999999');
    expect(() => documentNumber('ABCD', '2026-27', 1_000_000)).toThrow(RangeError);
  });
});
