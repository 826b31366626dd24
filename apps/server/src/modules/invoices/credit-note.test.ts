/**
 * The credit note's arithmetic (decision 056), pure: the largest-remainder allocation of an
 * amount, a line's tax reversed with the shared rule and held to what the line has open, and
 * whole notes built against an invoice and the notes before them.
 */
import { describe, expect, it } from 'vitest';
import { lineTax, type SupplyType } from '@storefront/shared/gst';
import type { TaxDocument, TaxDocumentLine } from '@storefront/shared/tax-document';
import {
  allocateProportionally,
  buildCreditNote,
  creditLineTax,
  openLines,
  type CreditedRefund,
} from './credit-note.js';
import { totalsOf } from './document.js';

const party = {
  legalName: 'X',
  tradeName: null,
  gstin: null,
  address: {
    lines: ['1 Road'],
    city: 'Pune',
    postalCode: '411001',
    stateCode: '27',
    stateName: 'Maharashtra',
    country: 'India',
  },
  phone: null,
  email: null,
};

function invoiceOf(
  lines: { unitPaise: number; quantity: number; rateBp: number }[],
  supply: SupplyType = 'intra',
): TaxDocument {
  const documentLines = lines.map((line, i): TaxDocumentLine => {
    const gross = line.unitPaise * line.quantity;
    const tax = lineTax(gross, line.rateBp, supply);
    return {
      serial: i + 1,
      orderLinePosition: i,
      description: `Item ${i}`,
      sku: `SKU-${i}`,
      hsn: '84818090',
      quantity: line.quantity,
      unit: 'NOS',
      unitPricePaise: line.unitPaise,
      grossPaise: gross,
      taxablePaise: tax.taxablePaise,
      rateBp: line.rateBp,
      cgstPaise: tax.centralPaise,
      sgstPaise: tax.statePaise,
      igstPaise: tax.integratedPaise,
    };
  });
  const totals = totalsOf(documentLines);
  return {
    kind: 'invoice',
    number: 'INV/2627/00001',
    issueDate: '2026-11-26',
    financialYear: '2026-27',
    orderNumber: 'MKP-20261126-AAAAAA',
    orderDate: '2026-11-26',
    supplier: party,
    recipient: party,
    shipTo: null,
    placeOfSupply: { code: '27', name: 'Maharashtra' },
    supplyType: supply,
    reverseCharge: false,
    lines: documentLines,
    totals,
    amountInWords: '',
    signatory: 'S',
    original: null,
    reason: null,
  };
}

let sequence = 0;
const numbering = () => ({
  number: `CN/2627/${String(++sequence).padStart(5, '0')}`,
  issueDate: '2026-11-27',
  financialYear: '2026-27',
});

const refundOf = (refund: Partial<CreditedRefund> & { amountPaise: number }): CreditedRefund => ({
  lines: null,
  cancellation: false,
  reason: 'Damaged in transit',
  ...refund,
});

/** Every line's figures add up, and the note's totals are its lines' sums. */
function expectConsistent(note: TaxDocument) {
  for (const line of note.lines)
    expect(line.taxablePaise + line.cgstPaise + line.sgstPaise + line.igstPaise).toBe(
      line.grossPaise,
    );
  expect(note.totals).toEqual(totalsOf(note.lines));
}

describe('allocating an amount by the largest remainder', () => {
  it.each([
    // amount, capacities, shares
    [100, [100, 100, 100], [34, 33, 33]],
    [2, [1, 1, 1], [1, 1, 0]],
    [1000, [3000, 1000], [750, 250]],
    [1001, [3000, 1000], [751, 250]],
    [10, [7, 0, 3], [7, 0, 3]],
    [5, [10, 10, 10, 10, 10, 10, 10], [1, 1, 1, 1, 1, 0, 0]],
    [0, [5, 5], [0, 0]],
  ])('%i paise over %j gives %j', (amount, capacities, shares) => {
    const result = allocateProportionally(amount, new Map(capacities.map((c, i) => [i, c])));
    expect([...result.values()]).toEqual(shares);
    expect([...result.values()].reduce((a, b) => a + b, 0)).toBe(amount);
  });

  it('ties go to the earlier line and the largest fraction wins', () => {
    // 100 × 5/12 = 41.67, 100 × 4/12 = 33.33, 100 × 3/12 = 25: the odd paisa to the first.
    const result = allocateProportionally(
      100,
      new Map([
        [0, 500],
        [1, 400],
        [2, 300],
      ]),
    );
    expect([...result.values()]).toEqual([42, 33, 25]);
  });

  it('exact at amounts where amount × capacity passes 2^53', () => {
    const capacities = new Map([
      [0, 9_999_999_999_97],
      [1, 3],
    ]);
    const result = allocateProportionally(9_999_999_999_99, capacities);
    expect(result.get(0)! + result.get(1)!).toBe(9_999_999_999_99);
    expect(result.get(0)!).toBeLessThanOrEqual(9_999_999_999_97);
    expect(result.get(1)!).toBeLessThanOrEqual(3);
  });

  it('refuses more than the capacities hold', () => {
    expect(() =>
      allocateProportionally(
        11,
        new Map([
          [0, 5],
          [1, 5],
        ]),
      ),
    ).toThrow(RangeError);
  });
});

describe("a line's tax reversed", () => {
  const open = (gross: number, rateBp: number, supply: SupplyType) => {
    const tax = lineTax(gross, rateBp, supply);
    return {
      position: 0,
      units: 1,
      grossPaise: gross,
      taxablePaise: tax.taxablePaise,
      cgstPaise: tax.centralPaise,
      sgstPaise: tax.statePaise,
      igstPaise: tax.integratedPaise,
    };
  };

  it('a part of a line takes the shared rule on its share', () => {
    // ₹500 at 18 %: taxable 423.73, tax 76.27 (CGST 38.14, SGST 38.13).
    expect(creditLineTax(open(100000, 1800, 'intra'), 50000, 1800, 'intra')).toEqual({
      taxablePaise: 42373,
      cgstPaise: 3814,
      sgstPaise: 3813,
      igstPaise: 0,
    });
  });

  it('the whole of what is open takes exactly what is open', () => {
    const line = open(100000, 1800, 'inter');
    expect(creditLineTax(line, 100000, 1800, 'inter')).toEqual({
      taxablePaise: line.taxablePaise,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: line.igstPaise,
    });
  });

  it('never more taxable or tax than the line has open', () => {
    // A line with 3 paise open of which 2 are tax: the rule would make 1 paisa of 2 taxable.
    const tiny = {
      position: 0,
      units: 0,
      grossPaise: 3,
      taxablePaise: 1,
      cgstPaise: 1,
      sgstPaise: 1,
      igstPaise: 0,
    };
    const credited = creditLineTax(tiny, 2, 1800, 'intra');
    expect(credited.taxablePaise).toBeLessThanOrEqual(1);
    expect(credited.cgstPaise).toBeLessThanOrEqual(1);
    expect(credited.sgstPaise).toBeLessThanOrEqual(1);
    expect(credited.taxablePaise + credited.cgstPaise + credited.sgstPaise).toBe(2);
  });
});

describe('credit notes against an invoice', () => {
  // ₹1,000 × 2 at 18 % and ₹333.33 × 3 at 5 %: 200000 + 99999 = 299999 paise.
  const invoice = invoiceOf([
    { unitPaise: 100000, quantity: 2, rateBp: 1800 },
    { unitPaise: 33333, quantity: 3, rateBp: 500 },
  ]);

  it('a refund of lines credits those lines, units and all', () => {
    const note = buildCreditNote(
      invoice,
      [],
      refundOf({ amountPaise: 33333 * 2, lines: [{ position: 1, quantity: 2 }] }),
      numbering(),
    );
    expect(note.lines).toHaveLength(1);
    const tax = lineTax(66666, 500, 'intra');
    expect(note.lines[0]).toMatchObject({
      serial: 1,
      orderLinePosition: 1,
      quantity: 2,
      unitPricePaise: 33333,
      grossPaise: 66666,
      taxablePaise: tax.taxablePaise,
      cgstPaise: tax.centralPaise,
      sgstPaise: tax.statePaise,
      rateBp: 500,
    });
    expect(note.totals.totalPaise).toBe(66666);
    expect(note.original).toEqual({ number: 'INV/2627/00001', issueDate: '2026-11-26' });
    expect(note.reason).toBe('Damaged in transit');
    expectConsistent(note);
  });

  it('a refund of an amount is spread in proportion and sums to the refund exactly', () => {
    const note = buildCreditNote(invoice, [], refundOf({ amountPaise: 100001 }), numbering());
    // 100001 × 200000/299999 = 66667.56 → 66667 (+1: the larger fraction) ; × 99999/299999 = 33333.44.
    expect(note.lines.map((line) => line.grossPaise)).toEqual([66668, 33333]);
    expect(note.lines.map((line) => line.quantity)).toEqual([0, 0]);
    expect(note.totals.totalPaise).toBe(100001);
    expectConsistent(note);
  });

  it('a cancellation credits everything left, with its units', () => {
    const first = buildCreditNote(
      invoice,
      [],
      refundOf({ amountPaise: 100000, lines: [{ position: 0, quantity: 1 }] }),
      numbering(),
    );
    const rest = buildCreditNote(
      invoice,
      [first],
      refundOf({ amountPaise: 199999, cancellation: true }),
      numbering(),
    );
    expect(rest.lines.map((line) => [line.quantity, line.grossPaise])).toEqual([
      [1, 100000],
      [3, 99999],
    ]);
    // Everything credited: each line's credits are its invoice to the paisa.
    for (const [i, line] of invoice.lines.entries()) {
      const credited = [first, rest].flatMap((note) =>
        note.lines.filter((l) => l.orderLinePosition === i),
      );
      const sum = (key: 'grossPaise' | 'taxablePaise' | 'cgstPaise' | 'sgstPaise' | 'quantity') =>
        credited.reduce((total, l) => total + l[key], 0);
      expect([
        sum('grossPaise'),
        sum('taxablePaise'),
        sum('cgstPaise'),
        sum('sgstPaise'),
        sum('quantity'),
      ]).toEqual([
        line.grossPaise,
        line.taxablePaise,
        line.cgstPaise,
        line.sgstPaise,
        line.quantity,
      ]);
    }
  });

  it('a line already partly credited by an amount spills a refund of its units to the others', () => {
    const three = invoiceOf([
      { unitPaise: 100000, quantity: 1, rateBp: 1800 },
      { unitPaise: 100000, quantity: 1, rateBp: 1800 },
      { unitPaise: 100000, quantity: 1, rateBp: 500 },
    ]);
    const byAmount = buildCreditNote(three, [], refundOf({ amountPaise: 150000 }), numbering());
    expect(byAmount.lines.map((line) => line.grossPaise)).toEqual([50000, 50000, 50000]);
    // Line 0's unit (₹1,000) is refunded: it has ₹500 open, the other ₹500 goes to the others.
    const units = buildCreditNote(
      three,
      [byAmount],
      refundOf({ amountPaise: 100000, lines: [{ position: 0, quantity: 1 }] }),
      numbering(),
    );
    expect(
      units.lines.map((line) => [line.orderLinePosition, line.quantity, line.grossPaise]),
    ).toEqual([
      [0, 1, 50000],
      [1, 0, 25000],
      [2, 0, 25000],
    ]);
    expect(units.totals.totalPaise).toBe(100000);
    const open = openLines(three, [byAmount, units]);
    expect(open.map((line) => line.grossPaise)).toEqual([0, 25000, 25000]);
    for (const line of open) {
      expect(line.taxablePaise).toBeGreaterThanOrEqual(0);
      expect(line.cgstPaise).toBeGreaterThanOrEqual(0);
      expect(line.sgstPaise).toBeGreaterThanOrEqual(0);
    }
    expect([open[0]!.taxablePaise, open[0]!.cgstPaise, open[0]!.sgstPaise]).toEqual([0, 0, 0]);
    expectConsistent(units);
  });

  it('never more credit than invoiced: a refund beyond what is open is refused', () => {
    const all = buildCreditNote(invoice, [], refundOf({ amountPaise: 299999 }), numbering());
    expect(() =>
      buildCreditNote(invoice, [all], refundOf({ amountPaise: 100 }), numbering()),
    ).toThrow(/has 0 paise left/);
  });

  it('many small amounts never credit a line past its invoice', () => {
    const notes: TaxDocument[] = [];
    let left = invoice.totals.totalPaise;
    while (left > 0) {
      const amount = Math.min(left, 137);
      notes.push(buildCreditNote(invoice, notes, refundOf({ amountPaise: amount }), numbering()));
      left -= amount;
    }
    const open = openLines(invoice, notes);
    expect(
      open.map((line) => [line.grossPaise, line.taxablePaise, line.cgstPaise, line.sgstPaise]),
    ).toEqual([
      [0, 0, 0, 0],
      [0, 0, 0, 0],
    ]);
  });

  it('an inter-state invoice is credited in IGST', () => {
    const inter = invoiceOf([{ unitPaise: 118000, quantity: 1, rateBp: 1800 }], 'inter');
    const note = buildCreditNote(inter, [], refundOf({ amountPaise: 59000 }), numbering());
    expect(note.lines[0]).toMatchObject({
      taxablePaise: 50000,
      igstPaise: 9000,
      cgstPaise: 0,
      sgstPaise: 0,
    });
    expect(note.supplyType).toBe('inter');
  });
});
