/**
 * Helpers of the tax document tests: the seller's registration, and orders placed through the
 * real cart and orders API whose tax is then stored as an order of issue 21 stores it (billing
 * details, place of supply, supply type, each line's HSN, rate and heads by the shared
 * `lineTax`), so a test states the exact figures its invoice must carry.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { expect, vi } from 'vitest';
import {
  findIndianState,
  lineTax,
  placeOfSupply,
  supplyType,
  taxTotals,
} from '@storefront/shared/gst';
import { gstinCheckCharacter } from '@storefront/shared/gstin';
import type { StorePublic } from '@storefront/shared/store-settings';
import type { TaxDocument } from '@storefront/shared/tax-document';
import type { TestApp } from '../../test/app.js';
import type { TestBuyer } from '../../test/buyers.js';
import { insertProducts } from '../../test/catalog-fixtures.js';
import { startPayment } from '../payments/test-support.js';

/** A GSTIN of `stateCode` with a valid check character ('27AAACS4321K1Z…'). */
export function gstinOf(stateCode: string, pan = 'AAACS4321K'): string {
  const first14 = `${stateCode}${pan}1Z`;
  return `${first14}${gstinCheckCharacter(first14)}`;
}

export const SELLER = {
  legalName: 'Sahyadri Industrial Supplies Private Limited',
  tradeName: 'Sahyadri Supplies',
  gstin: gstinOf('27'),
  address1: 'Plot 12, MIDC Bhosari',
  address2: 'Pimpri-Chinchwad',
  city: 'Pune',
  stateCode: '27',
  postalCode: '411026',
  phone: '02027120000',
  email: 'accounts@sahyadri.example.in',
  signatory: 'Meera Kulkarni',
};

/**
 * The seller's registration, complete (Maharashtra), with `changes`; answers once the app has
 * it (orders and invoices use the process's kept setup, which the change's notification empties;
 * on PostgreSQL that comes on a connection of its own). Changes show in GET /api/store.
 */
export async function registerStore(t: TestApp, changes: Partial<typeof SELLER> = {}) {
  const s = { ...SELLER, ...changes };
  await t.database.db.execute(sql`
    UPDATE store_settings SET legal_name = ${s.legalName}, trade_name = ${s.tradeName},
           gstin = ${s.gstin}, address1 = ${s.address1}, address2 = ${s.address2},
           city = ${s.city}, state_code = ${s.stateCode}, postal_code = ${s.postalCode},
           phone = ${s.phone}, email = ${s.email}, signatory = ${s.signatory}
     WHERE id = 1`);
  // vi.waitFor: expect.poll is for tests only, and this runs in files' beforeAll too.
  await vi.waitFor(
    async () =>
      expect((await t.app.inject({ url: '/api/store' })).json<StorePublic>()).toMatchObject({
        legalName: s.legalName,
        tradeName: s.tradeName,
        gstin: s.gstin,
        stateCode: s.stateCode,
      }),
    { timeout: 10_000, interval: 20 },
  );
}

export interface TaxedLine {
  name: string;
  spPaise: number;
  quantity: number;
  rateBp: number;
  hsn: string;
}

export interface Billing {
  gstin: string;
  legalName: string;
  address1: string;
  address2: string;
  city: string;
  postalCode: string;
}

export const KARNATAKA_BUYER: Billing = {
  gstin: gstinOf('29', 'AABCK7788Q'),
  legalName: 'Kaveri Hardware Traders LLP',
  address1: '18, 2nd Cross, Peenya Industrial Area',
  address2: '',
  city: 'Bengaluru',
  postalCode: '560058',
};

export const MAHARASHTRA_BUYER: Billing = {
  gstin: gstinOf('27', 'AABCM5566P'),
  legalName: 'Mehta Engineering Works',
  address1: '14 Linking Road',
  address2: 'Bandra West',
  city: 'Mumbai',
  postalCode: '400050',
};

export interface Ship {
  recipientName: string;
  shippingAddress1: string;
  shippingAddress2?: string;
  shippingCity: string;
  shippingState: string;
  shippingPostalCode: string;
  shippingCountry: string;
  shippingPhoneNumber: string;
}

/** Ships to the billed address of `billing` in `stateName`. */
export const shipToBilling = (billing: Billing, stateName: string): Ship => ({
  recipientName: 'Stores In-charge',
  shippingAddress1: billing.address1,
  shippingAddress2: billing.address2,
  shippingCity: billing.city,
  shippingState: stateName,
  shippingPostalCode: billing.postalCode,
  shippingCountry: 'India',
  shippingPhoneNumber: '9845012345',
});

let counter = 0;

/**
 * An order of `lines` by `buyer`, shipped to `ship` and billed to `billing` (null: no billing
 * details, as an unregistered buyer), its tax stored as createOrder stores it since issue 21.
 */
export async function taxedOrder(
  t: TestApp,
  buyer: TestBuyer,
  lines: TaxedLine[],
  options: { billing: Billing | null; ship: Ship; sellerStateCode?: string },
): Promise<{ orderId: string; mkpOrderId: string }> {
  const run = `${process.pid}-${++counter}`;
  const ids = await insertProducts(
    t,
    lines.map((line, i) => ({ name: line.name, code: `INV-${run}-${i}`, spPaise: line.spPaise })),
  );
  for (const [i, line] of lines.entries()) {
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/cart/items/${ids[i]}`,
      headers: buyer.headers,
      payload: { quantity: line.quantity, source: 'Ex-china' },
    });
    if (added.statusCode !== 200) throw new Error(`cart add: ${added.body}`);
  }
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/orders/',
    headers: { ...buyer.headers, 'idempotency-key': `invoice-test-${run}` },
    payload: { shippingAddress2: '', ...options.ship },
  });
  if (created.statusCode !== 201) throw new Error(`order: ${created.body}`);
  const { payload } = created.json() as { payload: { _id: { $oid: string }; mkpOrderId: string } };
  await storeTax(t, payload._id.$oid, lines, options);
  return { orderId: payload._id.$oid, mkpOrderId: payload.mkpOrderId };
}

async function storeTax(
  t: TestApp,
  orderId: string,
  lines: TaxedLine[],
  options: { billing: Billing | null; ship: Ship; sellerStateCode?: string },
) {
  const db = t.database.db;
  const shipState = findIndianState(options.ship.shippingState);
  const shipCode = shipState?.code ?? null;
  const pos = placeOfSupply(
    { country: options.ship.shippingCountry, stateCode: shipCode },
    options.billing?.gstin ?? null,
  );
  const supply = supplyType(options.sellerStateCode ?? '27', pos);
  const rows = (
    await db.execute(
      sql`SELECT position, line_total_paise FROM order_lines WHERE order_id = ${orderId} ORDER BY position`,
    )
  ).rows as { position: number; line_total_paise: string | number }[];
  const taxes = rows.map((row, i) => {
    const line = lines[i]!;
    const tax = lineTax(Number(row.line_total_paise), line.rateBp, supply);
    return { position: row.position, hsn: line.hsn, tax };
  });
  for (const { position, hsn, tax } of taxes)
    await db.execute(sql`
      UPDATE order_lines SET hsn = ${hsn}, gst_rate_bp = ${tax.rateBp},
             taxable_paise = ${tax.taxablePaise}, cgst_paise = ${tax.centralPaise},
             sgst_paise = ${tax.statePaise}, igst_paise = ${tax.integratedPaise}
       WHERE order_id = ${orderId} AND position = ${position}`);
  const totals = taxTotals(taxes.map((x) => x.tax));
  const billing = options.billing;
  await db.execute(sql`
    UPDATE orders SET shipping_state = ${shipState?.name ?? options.ship.shippingState},
           shipping_state_code = ${shipCode},
           billing_gstin = ${billing?.gstin ?? null},
           billing_legal_name = ${billing?.legalName ?? null},
           billing_address1 = ${billing?.address1 ?? null},
           billing_address2 = ${billing?.address2 ?? null},
           billing_city = ${billing?.city ?? null},
           billing_state_code = ${billing ? billing.gstin.slice(0, 2) : null},
           billing_postal_code = ${billing?.postalCode ?? null},
           seller_state_code = ${options.sellerStateCode ?? '27'},
           place_of_supply = ${pos}, supply_type = ${supply},
           taxable_paise = ${totals.taxablePaise}, cgst_paise = ${totals.centralPaise},
           sgst_paise = ${totals.statePaise}, igst_paise = ${totals.integratedPaise}
     WHERE id = ${orderId}`);
}

/** Pays the buyer's order through the sandbox gateway (its signed callback moves it to PD). */
export async function payOrder(t: TestApp, buyer: TestBuyer, orderId: string): Promise<void> {
  const paymentUrl = await startPayment(t, buyer, orderId);
  const approved = await t.app.inject({ method: 'POST', url: `${paymentUrl}/approve` });
  expect(approved.statusCode).toBe(303);
}

export interface StoredTaxDocument {
  id: number;
  kind: string;
  number: string;
  financialYear: string;
  sequence: number;
  invoiceId: number | null;
  refundId: number | null;
  issueDate: string;
  totalPaise: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  document: TaxDocument;
}

/** The order's tax documents, oldest first. */
export async function documentsOf(t: TestApp, orderId: string): Promise<StoredTaxDocument[]> {
  const rows = (
    await t.database.db.execute(
      sql`SELECT * FROM tax_documents WHERE order_id = ${orderId} ORDER BY id`,
    )
  ).rows as Record<string, unknown>[];
  return rows.map((r) => ({
    id: Number(r.id),
    kind: r.kind as string,
    number: r.number as string,
    financialYear: r.financial_year as string,
    sequence: Number(r.sequence),
    invoiceId: r.invoice_id === null ? null : Number(r.invoice_id),
    refundId: r.refund_id === null ? null : Number(r.refund_id),
    issueDate: r.issue_date as string,
    totalPaise: Number(r.total_paise),
    taxablePaise: Number(r.taxable_paise),
    cgstPaise: Number(r.cgst_paise),
    sgstPaise: Number(r.sgst_paise),
    igstPaise: Number(r.igst_paise),
    document: (typeof r.document === 'string' ? JSON.parse(r.document) : r.document) as never,
  }));
}

/** A PDF's text as poppler's pdftotext reads it, whitespace runs made single spaces. */
export function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'tax-document-'));
  try {
    writeFileSync(join(dir, 'document.pdf'), pdf);
    return execFileSync('pdftotext', ['-raw', join(dir, 'document.pdf'), '-'], {
      encoding: 'utf8',
    })
      .replace(/\s+/g, ' ')
      .trim();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
