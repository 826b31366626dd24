/**
 * The returns' API (issue 21, decision 055) on stored documents: GSTR-1 of a month as the offline
 * tool's JSON (valid against the committed schema, its totals the month's documents' to the
 * paisa, another month's documents left out, across the 31 March / 1 April year boundary) and as
 * a zip of CSV tables; the e-invoice JSON (valid against INV-01, 4-digit HSN refused, e-invoicing
 * off refused); the IRN recorded, validated, audited and never silently overwritten; the list
 * with its sums and keyset pages; finance and the owner only.
 */
import yauzl from 'yauzl';
import { and, eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaxDocumentList, TaxDocumentRow } from '@storefront/shared/gst-returns';
import type { TaxDocument } from '@storefront/shared/tax-document';
import { parseCsv } from '@storefront/shared/testing/csv';
import { staffAuditLog, taxDocuments } from '../../db/schema.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { createBuyer, type TestBuyer } from '../../test/buyers.js';
import {
  BUYERS,
  insertTaxDocument,
  registerSeller,
  SELLER,
  taxDocumentFixture,
  type FixtureLine,
} from '../../test/gst-returns-fixtures.js';
import { eInvoiceSchema, gstr1Schema, schemaErrors } from '../../test/gst-returns-schemas.js';
import { createStaff, signIn } from '../../test/staff.js';

/** 15 May 2027, 11:00 in India. */
const NOW = new Date('2027-05-15T05:30:00Z');

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
const BITS: FixtureLine = {
  description: 'HSS drill bit set, 13 pieces',
  hsn: '82075000',
  rateBp: 1800,
  quantity: 11,
  unitPricePaise: 333_33,
};

let t: TestApp;
let finance: string;
let owner: string;
let fulfilment: string;
let catalog: string;
let buyer: TestBuyer;

/** The documents stored, by number, with their ids. */
const stored = new Map<string, { id: number; document: TaxDocument }>();

async function store(document: TaxDocument, invoiceNumber?: string) {
  const id = await insertTaxDocument(t.database, document, {
    ...(invoiceNumber ? { invoiceId: stored.get(invoiceNumber)!.id } : {}),
  });
  stored.set(document.number, { id, document });
  return id;
}

beforeAll(async () => {
  t = await buildTestApp({ clock: () => NOW });
  await registerSeller(t.database);
  finance = (await signIn(t, await createStaff(t, 'finance'), NOW)).cookie;
  owner = (await signIn(t, await createStaff(t, 'owner'), NOW)).cookie;
  fulfilment = (await signIn(t, await createStaff(t, 'fulfilment'), NOW)).cookie;
  catalog = (await signIn(t, await createStaff(t, 'catalog'), NOW)).cookie;
  buyer = await createBuyer(t);

  // The last day of FY 2026-27, and the first of 2027-28 (a new series).
  await store(
    taxDocumentFixture({
      number: 'INV/2627/00099',
      issueDate: '2027-03-31',
      recipient: BUYERS.karnataka,
      lines: [DRILL],
    }),
  );
  // April: inter-state, intra-state with mixed rates, a union territory, a credit note, an
  // unregistered buyer.
  await store(
    taxDocumentFixture({
      number: 'INV/2728/00001',
      issueDate: '2027-04-01',
      recipient: BUYERS.karnataka,
      lines: [DRILL, BITS],
    }),
  );
  await store(
    taxDocumentFixture({
      number: 'INV/2728/00002',
      issueDate: '2027-04-09',
      recipient: BUYERS.maharashtra,
      lines: [GLOVES, DRILL, BITS],
    }),
  );
  await store(
    taxDocumentFixture({
      number: 'INV/2728/00003',
      issueDate: '2027-04-15',
      recipient: BUYERS.chandigarh,
      lines: [{ ...GLOVES, quantity: 40 }],
    }),
  );
  const karnatakaInvoice = stored.get('INV/2728/00001')!.document;
  await store(
    taxDocumentFixture({
      kind: 'credit_note',
      number: 'CN/2728/00001',
      issueDate: '2027-04-20',
      recipient: BUYERS.karnataka,
      orderNumber: karnatakaInvoice.orderNumber,
      lines: [{ ...DRILL, quantity: 1 }],
      original: { number: 'INV/2728/00001', issueDate: '2027-04-01' },
    }),
    'INV/2728/00001',
  );
  await store(
    taxDocumentFixture({
      number: 'INV/2728/00004',
      issueDate: '2027-04-30',
      recipient: BUYERS.unregistered,
      lines: [GLOVES],
    }),
  );
  // May: another month.
  await store(
    taxDocumentFixture({
      number: 'INV/2728/00005',
      issueDate: '2027-05-01',
      recipient: BUYERS.maharashtra,
      lines: [{ ...DRILL, hsn: '8467' }],
    }),
  );
});
afterAll(async () => t.close());

const gstr1 = (query: string, cookie = finance) =>
  t.app.inject({ url: `/api/staff/returns/gstr1?${query}`, headers: { cookie } });

async function gstr1Json(month: string): Promise<Record<string, unknown>> {
  const response = await gstr1(`month=${month}&format=json`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Rupees of the JSON back to paise (exact for two decimals). */
const paise = (rupees: number) => Math.round(rupees * 100);

interface Item {
  itm_det: { txval: number; iamt?: number; camt?: number; samt?: number };
}
interface Sums {
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
}

function addItems(sums: Sums, items: Item[], sign: 1 | -1) {
  for (const { itm_det: item } of items) {
    sums.taxable += sign * paise(item.txval);
    sums.igst += sign * paise(item.iamt ?? 0);
    sums.cgst += sign * paise(item.camt ?? 0);
    sums.sgst += sign * paise(item.samt ?? 0);
  }
}

describe('GSTR-1 as JSON', () => {
  it('April: the offline tool layout, valid against the committed schema, April’s documents only', async () => {
    const json = await gstr1Json('2027-04');
    expect(schemaErrors(gstr1Schema, json)).toEqual([]);
    expect(json).toMatchObject({
      gstin: SELLER.gstin,
      fp: '042027',
      version: 'GST3.2.4',
      hash: 'hash',
    });
    const b2b = json.b2b as { ctin: string; inv: { inum: string; idt: string; pos: string }[] }[];
    expect(b2b.map((group) => [group.ctin, group.inv.map((inv) => inv.inum)])).toEqual(
      [
        [BUYERS.chandigarh.gstin, ['INV/2728/00003']],
        [BUYERS.maharashtra.gstin, ['INV/2728/00002']],
        [BUYERS.karnataka.gstin, ['INV/2728/00001']],
      ].sort(([a], [b]) => String(a).localeCompare(String(b))),
    );
    // 1 April is in April's return, 31 March and 1 May are not.
    const numbers = JSON.stringify(json);
    expect(numbers).toContain('"idt":"01-04-2027"');
    expect(numbers).not.toContain('INV/2627/00099');
    expect(numbers).not.toContain('INV/2728/00005');
    expect(json.cdnr).toEqual([
      {
        ctin: BUYERS.karnataka.gstin,
        nt: [
          expect.objectContaining({
            ntty: 'C',
            nt_num: 'CN/2728/00001',
            nt_dt: '20-04-2027',
            val: 4999,
          }),
        ],
      },
    ]);
    expect(json.b2cs).toEqual([expect.objectContaining({ pos: '07', rt: 5, sply_ty: 'INTER' })]);
  });

  it('an intra-state invoice of two rates has CGST and SGST by rate; the UT buyer from Maharashtra pays IGST', async () => {
    const json = await gstr1Json('2027-04');
    const invoices = (json.b2b as { inv: { inum: string; pos: string; itms: Item[] }[] }[]).flatMap(
      (group) => group.inv,
    );
    const intra = invoices.find((inv) => inv.inum === 'INV/2728/00002')!;
    expect(intra.pos).toBe('27');
    expect(intra.itms).toEqual([
      { num: 1, itm_det: { txval: 866.6, rt: 5, iamt: 0, camt: 21.67, samt: 21.66, csamt: 0 } },
      // Drill 12709.32 + bits 3666.63 × 100/118 = 3107.31: 15816.63; tax 1423.50 each half.
      {
        num: 2,
        itm_det: { txval: 15816.63, rt: 18, iamt: 0, camt: 1423.5, samt: 1423.5, csamt: 0 },
      },
    ]);
    const ut = invoices.find((inv) => inv.inum === 'INV/2728/00003')!;
    expect(ut.pos).toBe('04');
    // 40 × ₹129.99 = ₹5,199.60 at 5 %: taxable 4952.00, IGST 247.60.
    expect(ut.itms).toEqual([{ num: 1, itm_det: { txval: 4952, rt: 5, iamt: 247.6, csamt: 0 } }]);
  });

  it('its totals are the month’s documents’ to the paisa: invoices less credit notes, and the HSN summary the same', async () => {
    const json = await gstr1Json('2027-04');
    const fromJson: Sums = { taxable: 0, cgst: 0, sgst: 0, igst: 0 };
    for (const group of json.b2b as { inv: { itms: Item[] }[] }[])
      for (const inv of group.inv) addItems(fromJson, inv.itms, 1);
    for (const group of json.cdnr as { nt: { itms: Item[] }[] }[])
      for (const note of group.nt) addItems(fromJson, note.itms, -1);
    for (const row of json.b2cs as Item['itm_det'][]) addItems(fromJson, [{ itm_det: row }], 1);

    const documents = await t.database.db
      .select()
      .from(taxDocuments)
      .where(and(eq(taxDocuments.financialYear, '2027-28')));
    const april = documents.filter((row) => row.issueDate.startsWith('2027-04'));
    expect(april).toHaveLength(5);
    const fromDocuments: Sums = { taxable: 0, cgst: 0, sgst: 0, igst: 0 };
    for (const row of april) {
      const sign = row.kind === 'credit_note' ? -1 : 1;
      fromDocuments.taxable += sign * row.taxablePaise;
      fromDocuments.cgst += sign * row.cgstPaise;
      fromDocuments.sgst += sign * row.sgstPaise;
      fromDocuments.igst += sign * row.igstPaise;
    }
    expect(fromJson).toEqual(fromDocuments);

    const hsn = json.hsn as { hsn_b2b: Item['itm_det'][]; hsn_b2c: Item['itm_det'][] };
    const fromHsn: Sums = { taxable: 0, cgst: 0, sgst: 0, igst: 0 };
    addItems(
      fromHsn,
      [...hsn.hsn_b2b, ...hsn.hsn_b2c].map((row) => ({ itm_det: row })),
      1,
    );
    expect(fromHsn).toEqual(fromDocuments);

    // Each invoice's value is its stored total.
    for (const group of json.b2b as { inv: { inum: string; val: number }[] }[])
      for (const inv of group.inv)
        expect(paise(inv.val)).toBe(stored.get(inv.inum)!.document.totals.totalPaise);
  });

  it('the HSN summary sums each code, unit and rate over the month, net of the credit note', async () => {
    const json = await gstr1Json('2027-04');
    const { hsn_b2b: rows } = json.hsn as {
      hsn_b2b: {
        hsn_sc: string;
        uqc: string;
        qty: number;
        rt: number;
        txval: number;
        iamt: number;
        camt: number;
        samt: number;
      }[];
    };
    expect(rows.map((row) => row.hsn_sc)).toEqual(['61161000', '82075000', '84672100']);
    // Drills: 3 to Karnataka (IGST) + 3 to Maharashtra (CGST+SGST) − 1 returned from Karnataka.
    expect(rows[2]).toMatchObject({
      num: 3,
      uqc: 'NOS',
      qty: 5,
      rt: 18,
      txval: (2 * 12_709_32 - 4_236_44) / 100,
      iamt: (2_287_68 - 762_56) / 100,
      camt: 1143.84,
      samt: 1143.84,
      desc: 'Cordless drill 18V',
    });
    // Gloves: 7 (Maharashtra) + 40 (Chandigarh) to registered buyers; the unregistered buyer's 7
    // are the B2C half.
    expect(rows[0]).toMatchObject({ qty: 47 });
    expect((json.hsn as { hsn_b2c: { qty: number }[] }).hsn_b2c).toEqual([
      expect.objectContaining({ hsn_sc: '61161000', qty: 7 }),
    ]);
  });

  it('March and April either side of the financial year: each month its own documents and period', async () => {
    const march = await gstr1Json('2027-03');
    expect(schemaErrors(gstr1Schema, march)).toEqual([]);
    expect(march.fp).toBe('032027');
    expect(march.b2b).toEqual([
      {
        ctin: BUYERS.karnataka.gstin,
        inv: [expect.objectContaining({ inum: 'INV/2627/00099', idt: '31-03-2027' })],
      },
    ]);
    expect(march).not.toHaveProperty('cdnr');
    const may = await gstr1Json('2027-05');
    expect(may.fp).toBe('052027');
    expect((may.b2b as { inv: { inum: string }[] }[])[0]!.inv.map((inv) => inv.inum)).toEqual([
      'INV/2728/00005',
    ]);
  });

  it('is a file download named for the GSTIN and period, kept by no cache, and audited', async () => {
    const response = await gstr1('month=2027-04');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="GSTR1_${SELLER.gstin}_042027.json"`,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const entries = await t.database.db
      .select()
      .from(staffAuditLog)
      .where(eq(staffAuditLog.action, 'gst_returns.gstr1_export'));
    expect(entries.at(-1)).toMatchObject({
      targetId: '2027-04',
      after: { format: 'json', documents: 5 },
    });
  });

  it.each(['2027-13', '2027-4', 'april', '2016-12', ''])(
    'the month %j is refused with 400',
    async (month) => {
      const response = await gstr1(`month=${month}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: expect.any(String),
        detail: expect.any(String),
      });
    },
  );

  it('an unknown format is refused with 400', async () => {
    expect((await gstr1('month=2027-04&format=xlsx')).statusCode).toBe(400);
  });

  it('is refused to fulfilment and catalog staff, to buyers and to nobody signed in', async () => {
    expect((await gstr1('month=2027-04', fulfilment)).statusCode).toBe(403);
    expect((await gstr1('month=2027-04', catalog)).statusCode).toBe(403);
    expect((await gstr1('month=2027-04', owner)).statusCode).toBe(200);
    const asBuyer = await t.app.inject({
      url: '/api/staff/returns/gstr1?month=2027-04',
      headers: buyer.headers,
    });
    expect([401, 403]).toContain(asBuyer.statusCode);
    expect((await t.app.inject({ url: '/api/staff/returns/gstr1?month=2027-04' })).statusCode).toBe(
      401,
    );
  });
});

/** The entries of a zip, by name, as text. */
function unzip(buffer: Buffer): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const files = new Map<string, string>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks).toString('utf8'));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(files));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

describe('GSTR-1 as CSV', () => {
  it('is a zip of the template tables and the month’s register, which sums to the documents', async () => {
    const response = await gstr1('month=2027-04&format=csv');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="GSTR1_${SELLER.gstin}_042027_csv.zip"`,
    );
    const files = await unzip(response.rawPayload);
    expect([...files.keys()]).toEqual([
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
    // One row a document and rate: Karnataka 1 (drill and bits both 18 %), Maharashtra 2, Chandigarh 1.
    const b2b = files.get('b2b.csv')!.trim().split('\r\n');
    expect(b2b).toHaveLength(1 + 1 + 2 + 1);
    expect(files.get('cdnr.csv')!.trim().split('\r\n')[1]).toBe(
      `${BUYERS.karnataka.gstin},Kaveri Traders LLP,CN/2728/00001,20-Apr-2027,C,29-Karnataka,N,Regular B2B,4999.00,,18,4236.44,0.00`,
    );
    const register = files
      .get('documents.csv')!
      .trim()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(','));
    expect(register.map((cells) => cells[1])).toEqual([
      'INV/2728/00001',
      'INV/2728/00002',
      'INV/2728/00003',
      'CN/2728/00001',
      'INV/2728/00004',
    ]);
    // The credit note names its invoice.
    expect(register[3]!.slice(4, 6)).toEqual(['INV/2728/00001', '01-Apr-2027']);
    const taxable = register.reduce(
      (sum, cells) => sum + (cells[0] === 'Credit Note' ? -1 : 1) * paise(Number(cells[10])),
      0,
    );
    const json = await gstr1Json('2027-04');
    const hsnTaxable = [
      ...(json.hsn as { hsn_b2b: { txval: number }[] }).hsn_b2b,
      ...(json.hsn as { hsn_b2c: { txval: number }[] }).hsn_b2c,
    ].reduce((sum, row) => sum + paise(row.txval), 0);
    expect(taxable).toBe(hsnTaxable);
  });

  it('every table sums to the month’s documents to the paisa, as the JSON does', async () => {
    const files = await unzip((await gstr1('month=2027-04&format=csv')).rawPayload);
    const column = (file: string, header: string) => {
      const [headers, ...rows] = parseCsv(files.get(file)!);
      const at = headers!.indexOf(header);
      expect(at, `${file} has no column ${header}`).toBeGreaterThanOrEqual(0);
      return rows.map((row) => paise(Number(row[at])));
    };
    const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

    const april = [...stored.values()]
      .map(({ document }) => document)
      .filter((document) => document.issueDate.startsWith('2027-04'));
    const fromDocuments: Sums = { taxable: 0, cgst: 0, sgst: 0, igst: 0 };
    for (const { kind, totals } of april) {
      const sign = kind === 'credit_note' ? -1 : 1;
      fromDocuments.taxable += sign * totals.taxablePaise;
      fromDocuments.cgst += sign * totals.cgstPaise;
      fromDocuments.sgst += sign * totals.sgstPaise;
      fromDocuments.igst += sign * totals.igstPaise;
    }

    // The template's supply tables: invoices (B2CS already net of its notes) less the notes.
    const supplies = ['b2b.csv', 'b2cl.csv', 'b2cs.csv', 'exp.csv'];
    const notes = ['cdnr.csv', 'cdnur.csv'];
    expect(
      sum(supplies.flatMap((file) => column(file, 'Taxable Value'))) -
        sum(notes.flatMap((file) => column(file, 'Taxable Value'))),
    ).toBe(fromDocuments.taxable);

    // The HSN summary's two halves, head by head.
    const hsn = ['hsn(b2b).csv', 'hsn(b2c).csv'];
    const hsnSum = (header: string) => sum(hsn.flatMap((file) => column(file, header)));
    expect({
      taxable: hsnSum('Taxable Value'),
      cgst: hsnSum('Central Tax Amount'),
      sgst: hsnSum('State/UT Tax Amount'),
      igst: hsnSum('Integrated Tax Amount'),
    }).toEqual(fromDocuments);

    // The register, document by document.
    const kinds = parseCsv(files.get('documents.csv')!)
      .slice(1)
      .map((row) => (row[0] === 'Credit Note' ? -1 : 1));
    const signed = (header: string) =>
      sum(column('documents.csv', header).map((value, i) => kinds[i]! * value));
    expect({
      taxable: signed('Taxable Value'),
      cgst: signed('Central Tax Amount'),
      sgst: signed('State/UT Tax Amount'),
      igst: signed('Integrated Tax Amount'),
    }).toEqual(fromDocuments);
  });
});

const eInvoice = (id: number, cookie = finance) =>
  t.app.inject({ url: `/api/staff/tax-documents/${id}/e-invoice.json`, headers: { cookie } });

describe('the e-invoice export', () => {
  it('is refused with 409 while e-invoicing is off', async () => {
    const response = await eInvoice(stored.get('INV/2728/00002')!.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'e_invoicing_off' });
  });

  describe('with e-invoicing on', () => {
    beforeAll(async () => registerSeller(t.database, { eInvoicing: true }));
    afterAll(async () => registerSeller(t.database, { eInvoicing: false }));

    it('an invoice is INV-01 JSON valid against the committed schema, a download, audited', async () => {
      const response = await eInvoice(stored.get('INV/2728/00002')!.id);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-disposition']).toBe(
        'attachment; filename="e-invoice_INV-2728-00002.json"',
      );
      const json = response.json();
      expect(schemaErrors(eInvoiceSchema, json)).toEqual([]);
      expect(json).toMatchObject({
        Version: '1.1',
        TranDtls: { TaxSch: 'GST', SupTyp: 'B2B' },
        DocDtls: { Typ: 'INV', No: 'INV/2728/00002', Dt: '09/04/2027' },
        SellerDtls: { Gstin: SELLER.gstin, Stcd: '27' },
        BuyerDtls: { Gstin: BUYERS.maharashtra.gstin, Pos: '27' },
        ValDtls: { TotInvVal: stored.get('INV/2728/00002')!.document.totals.totalPaise / 100 },
      });
      expect(json.ItemList).toHaveLength(3);
      const [entry] = await t.database.db
        .select()
        .from(staffAuditLog)
        .where(eq(staffAuditLog.action, 'tax_document.e_invoice_export'));
      expect(entry).toMatchObject({ targetType: 'tax_document', targetId: 'INV/2728/00002' });
    });

    it('a credit note is CRN naming its invoice', async () => {
      const response = await eInvoice(stored.get('CN/2728/00001')!.id);
      expect(response.statusCode, response.body).toBe(200);
      const json = response.json();
      expect(schemaErrors(eInvoiceSchema, json)).toEqual([]);
      expect(json).toMatchObject({
        DocDtls: { Typ: 'CRN', No: 'CN/2728/00001' },
        RefDtls: { PrecDocDtls: [{ InvNo: 'INV/2728/00001', InvDt: '01/04/2027' }] },
      });
    });

    it('a document with a 4-digit HSN is refused with 422 naming the line', async () => {
      const response = await eInvoice(stored.get('INV/2728/00005')!.id);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({
        code: 'e_invoice_refused',
        detail: expect.stringContaining(
          'Line 1 (Cordless drill 18V, SKU SKU-1): HSN 8467 has 4 digits',
        ),
        issues: [{ path: 'ItemList.0.HsnCd', code: 'hsn_too_short' }],
      });
    });

    it('a B2C invoice is refused with 422; an unknown document is 404; a bad id 400', async () => {
      expect((await eInvoice(stored.get('INV/2728/00004')!.id)).json()).toMatchObject({
        code: 'e_invoice_refused',
        issues: [{ code: 'b2c_not_e_invoiced' }],
      });
      expect((await eInvoice(999_999)).statusCode).toBe(404);
      expect((await eInvoice(0)).statusCode).toBe(400);
      const text = await t.app.inject({
        url: '/api/staff/tax-documents/abc/e-invoice.json',
        headers: { cookie: finance },
      });
      expect(text.statusCode).toBe(400);
    });

    it('is refused to fulfilment and catalog staff', async () => {
      expect((await eInvoice(stored.get('INV/2728/00002')!.id, fulfilment)).statusCode).toBe(403);
      expect((await eInvoice(stored.get('INV/2728/00002')!.id, catalog)).statusCode).toBe(403);
    });
  });
});

const IRN = 'a'.repeat(40) + '0123456789abcdef01234567';
const OTHER_IRN = 'b'.repeat(64);

/** A signed QR as the portal's: a JWT whose `data` claim holds the invoice's particulars. */
async function signedQr(irn: string, docNo: string): Promise<string> {
  return new SignJWT({
    data: JSON.stringify({ Irn: irn, DocNo: docNo, DocTyp: 'INV' }),
    iss: 'NIC',
  })
    .setProtectedHeader({ alg: 'HS256' })
    .sign(new TextEncoder().encode('not the portal key, only the shape'));
}

const record = (id: number, body: Record<string, unknown>, cookie = finance) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/staff/tax-documents/${id}/e-invoice`,
    headers: { cookie },
    payload: body,
  });

describe('recording the e-invoice registration', () => {
  let id: number;
  let qr: string;
  beforeAll(async () => {
    id = stored.get('INV/2728/00001')!.id;
    qr = await signedQr(IRN, 'INV/2728/00001');
  });

  it('is refused with 409 while e-invoicing is off', async () => {
    const response = await record(id, {
      irn: IRN,
      ackNumber: '112710073901234',
      ackDate: '2027-04-01 18:20:00',
      signedQr: qr,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'e_invoicing_off' });
  });

  describe('with e-invoicing on', () => {
    beforeAll(async () => registerSeller(t.database, { eInvoicing: true }));
    afterAll(async () => registerSeller(t.database, { eInvoicing: false }));

    it.each([
      ['irn', { irn: 'a'.repeat(63) }, 'The IRN is 64 hexadecimal characters (0-9, a-f)'],
      ['irn', { irn: 'g'.repeat(64) }, 'The IRN is 64 hexadecimal characters (0-9, a-f)'],
      ['ackNumber', { ackNumber: '11271-007' }, 'The acknowledgement number is digits only'],
      [
        'ackDate',
        { ackDate: '2027-02-30 10:00:00' },
        'The acknowledgement date and time, as YYYY-MM-DD HH:MM:SS',
      ],
      [
        'signedQr',
        { signedQr: 'not-a-jwt' },
        'The signed QR code is a JWT: three parts of letters, digits, - and _ joined by dots',
      ],
    ])(
      'a bad %s is refused with 400 and its message, nothing recorded',
      async (field, change, message) => {
        const response = await record(id, {
          irn: IRN,
          ackNumber: '112710073901234',
          ackDate: '2027-04-01 18:20:00',
          signedQr: qr,
          ...change,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().fields).toMatchObject({ [field]: message });
        const [row] = await t.database.db
          .select()
          .from(taxDocuments)
          .where(eq(taxDocuments.id, id));
        expect(row!.irn).toBeNull();
      },
    );

    it('a QR code of another IRN, an acknowledgement before the invoice or in the future are refused', async () => {
      const base = { irn: IRN, ackNumber: '112710073901234', ackDate: '2027-04-01 18:20:00' };
      const other = await record(id, {
        ...base,
        signedQr: await signedQr(OTHER_IRN, 'INV/2728/00001'),
      });
      expect(other.statusCode).toBe(400);
      expect(other.json()).toMatchObject({ code: 'signed_qr_mismatch' });
      const early = await record(id, { ...base, ackDate: '2027-03-31 23:59:00', signedQr: qr });
      expect(early.json()).toMatchObject({ code: 'ack_before_issue' });
      const late = await record(id, { ...base, ackDate: '2027-05-15 11:01:00', signedQr: qr });
      expect(late.json()).toMatchObject({ code: 'ack_in_future' });
    });

    it('is recorded and audited; the list shows the document registered', async () => {
      const response = await record(id, {
        irn: IRN.toUpperCase(),
        ackNumber: '112710073901234',
        ackDate: '2027-04-01T18:20',
        signedQr: qr,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().document as TaxDocumentRow).toMatchObject({
        number: 'INV/2728/00001',
        eInvoice: {
          status: 'registered',
          irn: IRN,
          ackNumber: '112710073901234',
          ackDate: '2027-04-01 18:20:00',
        },
      });
      const [row] = await t.database.db.select().from(taxDocuments).where(eq(taxDocuments.id, id));
      expect(row).toMatchObject({ irn: IRN, signedQr: qr });
      const entries = await t.database.db
        .select()
        .from(staffAuditLog)
        .where(eq(staffAuditLog.action, 'tax_document.e_invoice_record'));
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        targetType: 'tax_document',
        targetId: 'INV/2728/00001',
        before: null,
        after: {
          irn: IRN,
          ackNumber: '112710073901234',
          ackDate: '2027-04-01 18:20:00',
          signedQr: qr,
        },
      });
    });

    it('the same values again change nothing; other values are 409 and leave it as it was', async () => {
      const same = await record(id, {
        irn: IRN,
        ackNumber: '112710073901234',
        ackDate: '2027-04-01 18:20:00',
        signedQr: qr,
      });
      expect(same.statusCode).toBe(200);
      const otherQr = await signedQr(OTHER_IRN, 'INV/2728/00001');
      const refused = await record(id, {
        irn: OTHER_IRN,
        ackNumber: '112710073909999',
        ackDate: '2027-04-02 09:00:00',
        signedQr: otherQr,
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        code: 'e_invoice_recorded',
        detail: `INV/2728/00001 already has IRN ${IRN} (acknowledgement 112710073901234); to record another, replace it`,
      });
      const [row] = await t.database.db.select().from(taxDocuments).where(eq(taxDocuments.id, id));
      expect(row!.irn).toBe(IRN);
      const audited = await t.database.db
        .select()
        .from(staffAuditLog)
        .where(eq(staffAuditLog.targetId, 'INV/2728/00001'));
      expect(audited.map((entry) => entry.action)).toEqual(['tax_document.e_invoice_record']);
    });

    it('replace: true records the new values, the old ones in the audit entry', async () => {
      const otherQr = await signedQr(OTHER_IRN, 'INV/2728/00001');
      const response = await record(
        id,
        {
          irn: OTHER_IRN,
          ackNumber: '112710073909999',
          ackDate: '2027-04-02 09:00:00',
          signedQr: otherQr,
          replace: true,
        },
        owner,
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().document.eInvoice.irn).toBe(OTHER_IRN);
      const [entry] = await t.database.db
        .select()
        .from(staffAuditLog)
        .where(eq(staffAuditLog.action, 'tax_document.e_invoice_replace'));
      expect(entry).toMatchObject({
        before: {
          irn: IRN,
          ackNumber: '112710073901234',
          ackDate: '2027-04-01 18:20:00',
          signedQr: qr,
        },
        after: { irn: OTHER_IRN, ackNumber: '112710073909999', signedQr: otherQr },
      });
    });

    it('a B2C document cannot be registered (422); fulfilment may not record (403)', async () => {
      const b2c = await record(stored.get('INV/2728/00004')!.id, {
        irn: IRN,
        ackNumber: '1',
        ackDate: '2027-04-30 12:00:00',
        signedQr: await signedQr(IRN, 'INV/2728/00004'),
      });
      expect(b2c.statusCode).toBe(422);
      const forbidden = await record(
        stored.get('INV/2728/00002')!.id,
        { irn: IRN, ackNumber: '1', ackDate: '2027-04-10 12:00:00', signedQr: qr },
        fulfilment,
      );
      expect(forbidden.statusCode).toBe(403);
    });
  });
});

describe('the list of tax documents', () => {
  const list = async (query: string, cookie = finance): Promise<TaxDocumentList> => {
    const response = await t.app.inject({
      url: `/api/staff/tax-documents?${query}`,
      headers: { cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it('a month’s documents newest first, with the month’s sums by kind', async () => {
    const page = await list('month=2027-04');
    expect(page.documents.map((row) => row.number)).toEqual([
      'INV/2728/00004',
      'CN/2728/00001',
      'INV/2728/00003',
      'INV/2728/00002',
      'INV/2728/00001',
    ]);
    const invoices = ['INV/2728/00001', 'INV/2728/00002', 'INV/2728/00003', 'INV/2728/00004'].map(
      (number) => stored.get(number)!.document.totals,
    );
    expect(page.summary).toEqual({
      invoices: {
        count: 4,
        taxablePaise: invoices.reduce((sum, totals) => sum + totals.taxablePaise, 0),
        cgstPaise: invoices.reduce((sum, totals) => sum + totals.cgstPaise, 0),
        sgstPaise: invoices.reduce((sum, totals) => sum + totals.sgstPaise, 0),
        igstPaise: invoices.reduce((sum, totals) => sum + totals.igstPaise, 0),
        totalPaise: invoices.reduce((sum, totals) => sum + totals.totalPaise, 0),
      },
      creditNotes: expect.objectContaining({ count: 1, totalPaise: 4_999_00 }),
    });
    const karnatakaOrder = stored.get('INV/2728/00001')!.document.orderNumber;
    expect(page.documents[1]).toMatchObject({
      kind: 'credit_note',
      orderNumber: karnatakaOrder,
      href: `/api/staff/orders/${karnatakaOrder}/tax-documents/${page.documents[1]!.id}.pdf`,
      recipient: { legalName: 'Kaveri Traders LLP', gstin: BUYERS.karnataka.gstin },
      placeOfSupply: { code: '29', name: 'Karnataka' },
      original: { number: 'INV/2728/00001', issueDate: '2027-04-01' },
      eInvoice: { status: 'pending', irn: null },
    });
    expect(page.documents[0]!.eInvoice.status).toBe('not_applicable');
    expect(page.eInvoicing).toBe(false);
  });

  it('pages by keyset, every document once; filters by kind', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: TaxDocumentList = await list(
        `limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(page.summary).toBeNull();
      seen.push(...page.documents.map((row) => row.number));
      cursor = page.next;
    } while (cursor);
    expect(seen).toEqual([
      'INV/2728/00005',
      'INV/2728/00004',
      'CN/2728/00001',
      'INV/2728/00003',
      'INV/2728/00002',
      'INV/2728/00001',
      'INV/2627/00099',
    ]);
    const notes = await list('kind=credit_note');
    expect(notes.documents.map((row) => row.number)).toEqual(['CN/2728/00001']);
  });

  it('refuses a bad cursor, month or kind with 400, and other roles with 403', async () => {
    for (const query of ['cursor=abc', 'month=2027-13', 'kind=receipt', 'limit=101', 'extra=1']) {
      const response = await t.app.inject({
        url: `/api/staff/tax-documents?${query}`,
        headers: { cookie: finance },
      });
      expect(response.statusCode, query).toBe(400);
    }
    for (const cookie of [fulfilment, catalog]) {
      const response = await t.app.inject({ url: '/api/staff/tax-documents', headers: { cookie } });
      expect(response.statusCode).toBe(403);
    }
    const asBuyer = await t.app.inject({ url: '/api/staff/tax-documents', headers: buyer.headers });
    expect([401, 403]).toContain(asBuyer.statusCode);
  });
});

describe('a month the portal would refuse', () => {
  it('is answered 422 with each rule broken, named by document or HSN, and nothing audited', async () => {
    await store(
      taxDocumentFixture({
        number: 'INV/2728/00000009',
        issueDate: '2027-06-02',
        recipient: BUYERS.karnataka,
        lines: [{ ...GLOVES, hsn: '61' }],
      }),
    );
    const audited = async () =>
      (
        await t.database.db
          .select()
          .from(staffAuditLog)
          .where(eq(staffAuditLog.targetId, '2027-06'))
      ).length;
    const response = await gstr1('month=2027-06');
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body.code).toBe('gstr1_invalid');
    expect(body.issues.map((issue: { message: string }) => issue.message)).toEqual([
      'INV/2728/00000009: b2b.0.inv.0.inum must match pattern "^[A-Za-z0-9/-]{1,16}$"',
      'HSN 61: hsn.hsn_b2b.0.hsn_sc must match pattern "^[0-9]{4,8}$"',
    ]);
    expect(await audited()).toBe(0);
  });
});
