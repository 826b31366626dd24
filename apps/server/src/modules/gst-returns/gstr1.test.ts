/**
 * GSTR-1 and the e-invoice from documents, without a database (decision 055): which table each
 * document lands in, figures by rate summed in paise and made rupees once, the HSN summary net of
 * credit notes, union-territory heads, the B2CL threshold, and each file valid against its
 * committed schema (compiled afresh here with Ajv).
 */
import { describe, expect, it } from 'vitest';
import {
  BUYERS,
  gstin,
  SELLER,
  taxDocumentFixture,
  type FixtureLine,
} from '../../test/gst-returns-fixtures.js';
import { eInvoiceSchema, gstr1Schema, schemaErrors } from '../../test/gst-returns-schemas.js';
import { eInvoiceJson, eInvoiceRefusals, unitPrice } from './e-invoice.js';
import { b2clLimitPaise, buildGstr1, type ReturnDocument } from './gstr1.js';
import { gstr1CsvFiles, templateDate, textCell } from './gstr1-csv.js';
import { gstr1Json, portalDate } from './gstr1-json.js';

const GSTIN = SELLER.gstin!;
const DRILL: FixtureLine = {
  description: 'Cordless drill 18V',
  hsn: '84672100',
  rateBp: 1800,
  quantity: 3,
  unitPricePaise: 4_999_00,
};
const GLOVES: FixtureLine = {
  description: 'Cotton work gloves (pair)',
  hsn: '61161000',
  rateBp: 500,
  quantity: 7,
  unitPricePaise: 129_99,
};

const invoice = (
  number: string,
  recipient = BUYERS.karnataka,
  lines = [DRILL],
  issueDate = '2027-04-10',
) =>
  ({
    document: taxDocumentFixture({ number, issueDate, recipient, lines }),
    originalInvoice: null,
  }) satisfies ReturnDocument;

/** Rupees of a JSON figure back to paise (exact for two decimals). */
const paise = (rupees: number) => Math.round(rupees * 100);

describe('the GSTR-1 tables', () => {
  it('an inter-state invoice to a registered buyer is B2B with IGST by rate', () => {
    const { document } = invoice('INV/2728/00001');
    const json = gstr1Json(buildGstr1(GSTIN, '2027-04', [{ document, originalInvoice: null }]));
    expect(schemaErrors(gstr1Schema, json)).toEqual([]);
    expect(json).toMatchObject({ gstin: GSTIN, fp: '042027', version: 'GST3.2.4', hash: 'hash' });
    // 3 × ₹4,999 = ₹14,997 gross at 18 %: taxable 14997 × 100/118 = 12709.32, IGST 2287.68.
    expect(json.b2b).toEqual([
      {
        ctin: BUYERS.karnataka.gstin,
        inv: [
          {
            inum: 'INV/2728/00001',
            idt: '10-04-2027',
            val: 14997,
            pos: '29',
            rchrg: 'N',
            inv_typ: 'R',
            itms: [{ num: 1, itm_det: { txval: 12709.32, rt: 18, iamt: 2287.68, csamt: 0 } }],
          },
        ],
      },
    ]);
    expect(json).not.toHaveProperty('cdnr');
    expect(json).not.toHaveProperty('b2cs');
  });

  it('an intra-state invoice carries CGST and SGST, IGST 0, the odd paisa to CGST', () => {
    // 7 × ₹129.99 = ₹909.93 at 5 %: taxable 866.60, tax 43.33 → CGST 21.67, SGST 21.66.
    const { document } = invoice('INV/2728/00002', BUYERS.maharashtra, [GLOVES]);
    const json = gstr1Json(buildGstr1(GSTIN, '2027-04', [{ document, originalInvoice: null }]));
    expect(schemaErrors(gstr1Schema, json)).toEqual([]);
    expect((json.b2b as { inv: { itms: unknown[] }[] }[])[0]!.inv[0]!.itms).toEqual([
      { num: 1, itm_det: { txval: 866.6, rt: 5, iamt: 0, camt: 21.67, samt: 21.66, csamt: 0 } },
    ]);
  });

  it('mixed rates in one invoice are one item a rate, lowest rate first', () => {
    const { document } = invoice('INV/2728/00003', BUYERS.karnataka, [DRILL, GLOVES, DRILL]);
    const json = gstr1Json(buildGstr1(GSTIN, '2027-04', [{ document, originalInvoice: null }]));
    expect(schemaErrors(gstr1Schema, json)).toEqual([]);
    const items = (
      json.b2b as { inv: { itms: { num: number; itm_det: { rt: number; txval: number } }[] }[] }[]
    )[0]!.inv[0]!.itms;
    expect(items.map((item) => [item.num, item.itm_det.rt])).toEqual([
      [1, 5],
      [2, 18],
    ]);
    // The 18 % item is the two drill lines' taxable values added, each rounded on its own.
    expect(paise(items[1]!.itm_det.txval)).toBe(2 * 12_709_32);
  });

  it('a union territory without a legislature has CGST and UTGST (in samt) when the seller is there', () => {
    const seller = {
      ...BUYERS.chandigarh,
      legalName: 'Sector 17 Tools',
      gstin: gstin('04AAPFS1234K1Z'),
    };
    const buyer = { ...BUYERS.chandigarh, gstin: gstin('04AABCT9876Q1Z') };
    const document = taxDocumentFixture({
      number: 'INV/2728/00004',
      issueDate: '2027-04-12',
      supplier: seller,
      recipient: buyer,
      lines: [DRILL],
    });
    expect(document.supplyType).toBe('intra-ut');
    const json = gstr1Json(
      buildGstr1(seller.gstin, '2027-04', [{ document, originalInvoice: null }]),
    );
    expect(schemaErrors(gstr1Schema, json)).toEqual([]);
    const item = (json.b2b as { inv: { pos: string; itms: { itm_det: object }[] }[] }[])[0]!
      .inv[0]!;
    expect(item.pos).toBe('04');
    expect(item.itms[0]!.itm_det).toEqual({
      txval: 12709.32,
      rt: 18,
      iamt: 0,
      camt: 1143.84,
      samt: 1143.84,
      csamt: 0,
    });
  });

  it('a credit note to a registered buyer is CDNR, note type C, its value positive', () => {
    const note = taxDocumentFixture({
      kind: 'credit_note',
      number: 'CN/2728/00001',
      issueDate: '2027-04-20',
      recipient: BUYERS.karnataka,
      lines: [{ ...DRILL, quantity: 1 }],
      original: { number: 'INV/2728/00001', issueDate: '2027-04-10' },
    });
    const json = gstr1Json(
      buildGstr1(GSTIN, '2027-04', [
        invoice('INV/2728/00001'),
        { document: note, originalInvoice: { totalPaise: 14_997_00, issueDate: '2027-04-10' } },
      ]),
    );
    expect(schemaErrors(gstr1Schema, json)).toEqual([]);
    expect(json.cdnr).toEqual([
      {
        ctin: BUYERS.karnataka.gstin,
        nt: [
          {
            ntty: 'C',
            nt_num: 'CN/2728/00001',
            nt_dt: '20-04-2027',
            val: 4999,
            pos: '29',
            rchrg: 'N',
            inv_typ: 'R',
            itms: [{ num: 1, itm_det: { txval: 4236.44, rt: 18, iamt: 762.56, csamt: 0 } }],
          },
        ],
      },
    ]);
    // The HSN summary is net of the note: 3 drills sold, 1 returned.
    const hsn = (json.hsn as { hsn_b2b: { qty: number; txval: number; iamt: number }[] }).hsn_b2b;
    expect(hsn).toEqual([
      expect.objectContaining({ hsn_sc: '84672100', qty: 2, txval: 8472.88, iamt: 1525.12 }),
    ]);
  });

  it('unregistered buyers: B2CS by place and rate, net of their notes; B2CL above the limit; exports', () => {
    const small = taxDocumentFixture({
      number: 'INV/2728/00010',
      issueDate: '2027-04-03',
      recipient: BUYERS.unregistered,
      lines: [GLOVES],
    });
    const smallNote = taxDocumentFixture({
      kind: 'credit_note',
      number: 'CN/2728/00002',
      issueDate: '2027-04-05',
      recipient: BUYERS.unregistered,
      lines: [{ ...GLOVES, quantity: 1 }],
      original: { number: 'INV/2728/00010', issueDate: '2027-04-03' },
    });
    const large = taxDocumentFixture({
      number: 'INV/2728/00011',
      issueDate: '2027-04-04',
      recipient: BUYERS.unregistered,
      lines: [{ ...DRILL, quantity: 21 }],
    });
    const largeNote = taxDocumentFixture({
      kind: 'credit_note',
      number: 'CN/2728/00003',
      issueDate: '2027-04-06',
      recipient: BUYERS.unregistered,
      lines: [{ ...DRILL, quantity: 1 }],
      original: { number: 'INV/2728/00011', issueDate: '2027-04-04' },
    });
    const exported = taxDocumentFixture({
      number: 'INV/2728/00012',
      issueDate: '2027-04-07',
      recipient: BUYERS.abroad,
      lines: [DRILL],
    });
    expect(large.totals.totalPaise).toBeGreaterThan(b2clLimitPaise('2027-04-04'));
    const json = gstr1Json(
      buildGstr1(GSTIN, '2027-04', [
        { document: small, originalInvoice: null },
        {
          document: smallNote,
          originalInvoice: { totalPaise: small.totals.totalPaise, issueDate: '2027-04-03' },
        },
        { document: large, originalInvoice: null },
        {
          document: largeNote,
          originalInvoice: { totalPaise: large.totals.totalPaise, issueDate: '2027-04-04' },
        },
        { document: exported, originalInvoice: null },
      ]),
    );
    expect(schemaErrors(gstr1Schema, json)).toEqual([]);
    // 6 pairs of gloves net: 7 × 123.80 … taxable 866.60 − 123.80 = 742.80, IGST 43.33 − 6.19.
    expect(json.b2cs).toEqual([
      { sply_ty: 'INTER', pos: '07', typ: 'OE', rt: 5, txval: 742.8, iamt: 37.14, csamt: 0 },
    ]);
    expect(json.b2cl).toEqual([
      {
        pos: '07',
        inv: [
          {
            inum: 'INV/2728/00011',
            idt: '04-04-2027',
            val: 104979,
            itms: [{ num: 1, itm_det: { txval: 88965.25, rt: 18, iamt: 16013.75, csamt: 0 } }],
          },
        ],
      },
    ]);
    expect(json.cdnur).toEqual([
      expect.objectContaining({
        typ: 'B2CL',
        ntty: 'C',
        nt_num: 'CN/2728/00003',
        pos: '07',
        val: 4999,
      }),
    ]);
    expect(json.exp).toEqual([
      {
        exp_typ: 'WPAY',
        inv: [
          {
            inum: 'INV/2728/00012',
            idt: '07-04-2027',
            val: 14997,
            itms: [{ txval: 12709.32, rt: 18, iamt: 2287.68, csamt: 0 }],
          },
        ],
      },
    ]);
    // None of them is B2B: their HSN rows are the B2C half.
    expect(json.hsn).not.toHaveProperty('hsn_b2b');
    expect((json.hsn as { hsn_b2c: unknown[] }).hsn_b2c).toHaveLength(2);
  });

  it('the B2CL limit is ₹2,50,000 for invoices to 31 July 2024 and ₹1,00,000 after', () => {
    expect(b2clLimitPaise('2024-07-31')).toBe(250_000_00);
    expect(b2clLimitPaise('2024-08-01')).toBe(100_000_00);
  });

  it('a month without documents is a nil return: the header alone, still valid', () => {
    const json = gstr1Json(buildGstr1(GSTIN, '2027-05', []));
    expect(json).toEqual({ gstin: GSTIN, fp: '052027', version: 'GST3.2.4', hash: 'hash' });
    expect(schemaErrors(gstr1Schema, json)).toEqual([]);
  });

  it('the schema refuses a figure with three decimals, a bad date and an unknown table', () => {
    const json = gstr1Json(buildGstr1(GSTIN, '2027-04', [invoice('INV/2728/00001')])) as {
      b2b: { inv: { idt: string; val: number }[] }[];
    };
    json.b2b[0]!.inv[0]!.val = 14997.001;
    json.b2b[0]!.inv[0]!.idt = '2027-04-10';
    expect(schemaErrors(gstr1Schema, { ...json, b2ba: [] })).toEqual(
      expect.arrayContaining([
        '/b2b/0/inv/0/idt must match pattern "^(0[1-9]|[12][0-9]|3[01])-(0[1-9]|1[0-2])-20[0-9]{2}$"',
        '/b2b/0/inv/0/val must be multiple of 0.01',
        ' must NOT have additional properties',
      ]),
    );
  });
});

describe('the CSV tables', () => {
  it('one row a document and rate under the template headers, and a register of every document', () => {
    const mixed = invoice('INV/2728/00003', BUYERS.karnataka, [DRILL, GLOVES]);
    const files = gstr1CsvFiles(buildGstr1(GSTIN, '2027-04', [mixed]), [mixed.document]);
    expect(files.map((file) => file.name)).toEqual([
      'b2b.csv',
      'b2cl.csv',
      'b2cs.csv',
      'exp.csv',
      'cdnr.csv',
      'cdnur.csv',
      'hsn(b2b).csv',
      'hsn(b2c).csv',
      'documents.csv',
    ]);
    const b2b = files[0]!.text.split('\r\n');
    expect(b2b[0]).toBe(
      'GSTIN/UIN of Recipient,Receiver Name,Invoice Number,Invoice date,Invoice Value,Place Of Supply,Reverse Charge,Applicable % of Tax Rate,Invoice Type,E-Commerce GSTIN,Rate,Taxable Value,Cess Amount',
    );
    expect(b2b.slice(1, -1)).toEqual([
      `${BUYERS.karnataka.gstin},Kaveri Traders LLP,INV/2728/00003,10-Apr-2027,15906.93,29-Karnataka,N,,Regular B2B,,5,866.60,0.00`,
      `${BUYERS.karnataka.gstin},Kaveri Traders LLP,INV/2728/00003,10-Apr-2027,15906.93,29-Karnataka,N,,Regular B2B,,18,12709.32,0.00`,
    ]);
    expect(files[6]!.text.split('\r\n')[0]).toBe(
      'HSN,Description,UQC,Total Quantity,Total Value,Rate,Taxable Value,Integrated Tax Amount,Central Tax Amount,State/UT Tax Amount,Cess Amount',
    );
    expect(files[6]!.text.split('\r\n')[1]).toBe(
      '61161000,Cotton work gloves (pair),NOS,7,909.93,5,866.60,43.33,0.00,0.00,0.00',
    );
    expect(files[8]!.text.split('\r\n')[1]).toBe(
      `Invoice,INV/2728/00003,10-Apr-2027,${mixed.document.orderNumber},,,Kaveri Traders LLP,${BUYERS.karnataka.gstin},29-Karnataka,Inter-State,13575.92,0.00,0.00,2331.01,0.00,15906.93`,
    );
  });

  it.each([
    ['Kaveri Traders', 'Kaveri Traders'],
    ['Ganga, "Best" Traders', '"Ganga, ""Best"" Traders"'],
    ['=HYPERLINK("http://evil")', `"'=HYPERLINK(""http://evil"")"`],
    ['-2+3', "'-2+3"],
  ])('the text %j is written %j', (value, written) => {
    expect(textCell(value)).toBe(written);
  });

  it('dates are the template’s dd-Mmm-yyyy and the portal’s dd-mm-yyyy', () => {
    expect(templateDate('2027-03-31')).toBe('31-Mar-2027');
    expect(portalDate('2027-03-31')).toBe('31-03-2027');
  });
});

describe('the e-invoice', () => {
  it('an intra-state invoice fits INV-01: item values before tax, heads, totals', () => {
    const { document } = invoice('INV/2728/00002', BUYERS.maharashtra, [GLOVES, DRILL]);
    expect(eInvoiceRefusals(document)).toEqual([]);
    const json = eInvoiceJson(document);
    expect(schemaErrors(eInvoiceSchema, json)).toEqual([]);
    expect(json).toMatchObject({
      Version: '1.1',
      TranDtls: { TaxSch: 'GST', SupTyp: 'B2B', RegRev: 'N', IgstOnIntra: 'N' },
      DocDtls: { Typ: 'INV', No: 'INV/2728/00002', Dt: '10/04/2027' },
      SellerDtls: { Gstin: GSTIN, Loc: 'Pune', Pin: 411001, Stcd: '27', Ph: '919840012345' },
      BuyerDtls: { Gstin: BUYERS.maharashtra.gstin, Pos: '27', Stcd: '27', Pin: 422001 },
      ValDtls: {
        AssVal: 13575.92,
        CgstVal: 1165.51,
        SgstVal: 1165.5,
        IgstVal: 0,
        TotInvVal: 15906.93,
      },
    });
    expect((json.ItemList as object[])[0]).toEqual({
      SlNo: '1',
      PrdDesc: 'Cotton work gloves (pair)',
      IsServc: 'N',
      HsnCd: '61161000',
      Qty: 7,
      Unit: 'NOS',
      UnitPrice: 123.8,
      TotAmt: 866.6,
      Discount: 0,
      AssAmt: 866.6,
      GstRt: 5,
      IgstAmt: 0,
      CgstAmt: 21.67,
      SgstAmt: 21.66,
      CesRt: 0,
      CesAmt: 0,
      CesNonAdvlAmt: 0,
      StateCesRt: 0,
      StateCesAmt: 0,
      StateCesNonAdvlAmt: 0,
      OthChrg: 0,
      TotItemVal: 909.93,
    });
    expect(json).not.toHaveProperty('ShipDtls');
    expect(json).not.toHaveProperty('DispDtls');
  });

  it('a credit note is CRN and names its invoice; ship-to elsewhere is ShipDtls', () => {
    const note = taxDocumentFixture({
      kind: 'credit_note',
      number: 'CN/2728/00001',
      issueDate: '2027-04-20',
      recipient: BUYERS.karnataka,
      shipTo: BUYERS.chandigarh,
      lines: [{ ...DRILL, quantity: 1 }],
      original: { number: 'INV/2728/00001', issueDate: '2027-04-10' },
    });
    const json = eInvoiceJson(note);
    expect(schemaErrors(eInvoiceSchema, json)).toEqual([]);
    expect(json).toMatchObject({
      DocDtls: { Typ: 'CRN', No: 'CN/2728/00001', Dt: '20/04/2027' },
      // The buyer's GSTIN is of Karnataka: the place of supply is the billed state (§10(1)(b)).
      BuyerDtls: { Pos: '29' },
      ShipDtls: {
        Gstin: BUYERS.chandigarh.gstin,
        LglNm: 'Sukhna Supplies',
        Stcd: '04',
        Pin: 160017,
      },
      RefDtls: {
        InvRm: 'Goods returned',
        PrecDocDtls: [{ InvNo: 'INV/2728/00001', InvDt: '10/04/2027' }],
      },
    });
  });

  it('an export is EXPWP to URP, state 96, PIN 999999', () => {
    const { document } = invoice('INV/2728/00012', BUYERS.abroad);
    const json = eInvoiceJson(document);
    expect(schemaErrors(eInvoiceSchema, json)).toEqual([]);
    expect(json).toMatchObject({
      TranDtls: { SupTyp: 'EXPWP' },
      BuyerDtls: { Gstin: 'URP', Pos: '96', Stcd: '96', Pin: 999999 },
    });
  });

  it('an HSN of 4 digits is refused, naming the line; a B2C supply is refused', () => {
    const { document } = invoice('INV/2728/00005', BUYERS.karnataka, [
      DRILL,
      { ...GLOVES, hsn: '6116', sku: 'GLV-7' },
    ]);
    expect(eInvoiceRefusals(document)).toEqual([
      {
        path: 'ItemList.1.HsnCd',
        code: 'hsn_too_short',
        message:
          'Line 2 (Cotton work gloves (pair), SKU GLV-7): HSN 6116 has 4 digits; an e-invoice needs a 6- or 8-digit HSN',
      },
    ]);
    expect(eInvoiceRefusals(invoice('INV/2728/00006', BUYERS.unregistered).document)).toEqual([
      expect.objectContaining({ code: 'b2c_not_e_invoiced' }),
    ]);
  });

  it('a double quote in a name becomes a single one; a name of two letters breaks the schema', () => {
    const { document } = invoice('INV/2728/00007', {
      ...BUYERS.karnataka,
      legalName: 'Ganga "Best" Traders',
    });
    expect((eInvoiceJson(document).BuyerDtls as { LglNm: string }).LglNm).toBe(
      "Ganga 'Best' Traders",
    );
    const short = invoice('INV/2728/00008', { ...BUYERS.karnataka, legalName: 'AB' }).document;
    expect(schemaErrors(eInvoiceSchema, eInvoiceJson(short))).toEqual([
      '/BuyerDtls/LglNm must NOT have fewer than 3 characters',
    ]);
  });

  it.each([
    [1000, 3, 3.333],
    [1001, 3, 3.337],
    [12709_32, 3, 4236.44],
    [5, 1, 0.05],
  ])('%i paise over %i units is a unit price of %d rupees', (taxable, quantity, price) => {
    expect(unitPrice(taxable, quantity)).toBe(price);
  });
});
