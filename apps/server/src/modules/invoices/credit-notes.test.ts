/**
 * Credit notes (CGST Act §34; decision 056) through the refunds of the order desk and the
 * sandbox gateway: one for each refund of an invoiced order's payment once its money is back
 * (by lines: those lines' units; by amount: spread to the paisa; a paid order's cancellation:
 * everything left), from their own series, naming the invoice; none for a cancellation before
 * payment, a refund that failed, or a second payment's refund; never more credit than invoiced.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { financialYear, lineTax } from '@storefront/shared/gst';
import type { Order } from '@storefront/shared/orders';
import type { TaxDocument } from '@storefront/shared/tax-document';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { createBuyer } from '../../test/buyers.js';
import { createStaff, signIn } from '../../test/staff.js';
import type { PaymentProvider, RefundInput, RefundResult } from '../payments/provider.js';
import { createSandboxProvider } from '../payments/sandbox-provider.js';
import { callbackRecorder, sendSignedCallback } from '../payments/test-support.js';
import { indiaDate } from './service.js';
import {
  documentsOf,
  KARNATAKA_BUYER,
  MAHARASHTRA_BUYER,
  payOrder,
  pdfText,
  registerStore,
  shipToBilling,
  taxedOrder,
  type StoredTaxDocument,
  type TaxedLine,
} from './test-support.js';

/** The sandbox gateway, with refunds the test can make fail. */
let failRefunds = false;
let sandbox: PaymentProvider;
const gateway: PaymentProvider = {
  name: 'sandbox',
  start: (input) => sandbox.start(input),
  verifyCallback: (request) => sandbox.verifyCallback(request),
  fetchStatus: (id, options) => sandbox.fetchStatus(id, options),
  async refund(input: RefundInput): Promise<RefundResult> {
    if (failRefunds)
      return { state: 'FAILED', providerReference: null, error: 'BANK_REJECTED', raw: {} };
    return sandbox.refund(input);
  },
  fetchRefundStatus: (id) => sandbox.fetchRefundStatus(id),
};

let t: TestApp;
let fulfilment: { cookie: string };
let finance: { cookie: string };
beforeAll(async () => {
  const recorder = callbackRecorder();
  t = await buildTestApp({
    products: 2,
    config: { rateLimitScale: 20 },
    payments: { provider: gateway, deliverCallback: recorder.deliver },
  });
  recorder.attach(t);
  sandbox = createSandboxProvider(t.database.db, t.config.payments.sandboxSecret);
  await registerStore(t);
  fulfilment = await signIn(t, await createStaff(t, 'fulfilment'));
  finance = await signIn(t, await createStaff(t, 'finance'));
});
afterAll(() => t.close());
beforeEach(() => {
  failRefunds = false;
});

/** ₹1,499 × 3 at 18 %, ₹250 × 4 at 5 % and ₹99.99 × 7 at 18 %: 4497 + 1000 + 699.93. */
const LINES: TaxedLine[] = [
  { name: 'Brass Gate Valve 25 mm', spPaise: 149900, quantity: 3, rateBp: 1800, hsn: '84818030' },
  { name: 'Rubber Gasket Set', spPaise: 25000, quantity: 4, rateBp: 500, hsn: '40169390' },
  { name: 'PTFE Thread Tape', spPaise: 9999, quantity: 7, rateBp: 1800, hsn: '39199090' },
];
const TOTAL = 449700 + 100000 + 69993;

async function paidOrder(billing = KARNATAKA_BUYER, state = 'Karnataka') {
  const buyer = await createBuyer(t);
  const order = await taxedOrder(t, buyer, LINES, { billing, ship: shipToBilling(billing, state) });
  await payOrder(t, buyer, order.orderId);
  return { buyer, ...order };
}

const post = (url: string, cookie: string, payload: object = {}, key?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { cookie, ...(key ? { 'idempotency-key': key } : {}) },
    payload,
  });

let keys = 0;
async function refund(mkpOrderId: string, payload: object) {
  const response = await post(
    `/api/staff/orders/${mkpOrderId}/refunds`,
    finance.cookie,
    payload,
    `credit-${++keys}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { refund: { id: number; status: string } }).refund;
}

const creditNotes = async (orderId: string) =>
  (await documentsOf(t, orderId)).filter((d) => d.kind === 'credit_note');

/** Each line's credits summed, by position: gross, taxable, CGST, SGST, IGST, units. */
function creditedByLine(notes: StoredTaxDocument[]) {
  const sums = new Map<number, number[]>();
  for (const note of notes)
    for (const line of note.document.lines) {
      const sum = sums.get(line.orderLinePosition) ?? [0, 0, 0, 0, 0, 0];
      [
        line.grossPaise,
        line.taxablePaise,
        line.cgstPaise,
        line.sgstPaise,
        line.igstPaise,
        line.quantity,
      ].forEach((value, i) => (sum[i]! += value));
      sums.set(line.orderLinePosition, sum);
    }
  return sums;
}

const invoicedByLine = (invoice: TaxDocument) =>
  new Map(
    invoice.lines.map((line) => [
      line.orderLinePosition,
      [
        line.grossPaise,
        line.taxablePaise,
        line.cgstPaise,
        line.sgstPaise,
        line.igstPaise,
        line.quantity,
      ],
    ]),
  );

/** No line is credited beyond its invoice, in any figure. */
function expectWithinInvoice(invoice: TaxDocument, notes: StoredTaxDocument[]) {
  const invoiced = invoicedByLine(invoice);
  for (const [position, credited] of creditedByLine(notes)) {
    const limit = invoiced.get(position)!;
    credited.forEach((value, i) => expect(value).toBeLessThanOrEqual(limit[i]!));
  }
}

describe('a refund of lines', () => {
  it("credits those lines' units at their price, with the tax reversed line by line", async () => {
    const { orderId, mkpOrderId } = await paidOrder();
    const [invoice] = await documentsOf(t, orderId);
    const made = await refund(mkpOrderId, {
      reason: 'Two valves arrived cracked',
      lines: [
        { position: 0, quantity: 2 },
        { position: 2, quantity: 1 },
      ],
    });
    expect(made.status).toBe('COMPLETED');
    const [note, ...more] = await creditNotes(orderId);
    expect(more).toEqual([]);
    const fy = financialYear(indiaDate(new Date()));
    expect(note!.number).toMatch(new RegExp(`^CN/${fy.slice(2, 4)}${fy.slice(5, 7)}/\\d{5}$`));
    expect(note).toMatchObject({
      invoiceId: invoice!.id,
      refundId: made.id,
      totalPaise: 2 * 149900 + 9999,
    });
    const valves = lineTax(299800, 1800, 'inter');
    const tape = lineTax(9999, 1800, 'inter');
    expect(note!.document).toMatchObject({
      kind: 'credit_note',
      orderNumber: mkpOrderId,
      supplyType: 'inter',
      placeOfSupply: { code: '29', name: 'Karnataka' },
      recipient: { gstin: KARNATAKA_BUYER.gstin, legalName: KARNATAKA_BUYER.legalName },
      original: { number: invoice!.number, issueDate: invoice!.issueDate },
      reason: 'Two valves arrived cracked',
      totals: {
        taxablePaise: valves.taxablePaise + tape.taxablePaise,
        cgstPaise: 0,
        sgstPaise: 0,
        igstPaise: valves.integratedPaise + tape.integratedPaise,
        totalPaise: 309799,
      },
    });
    expect(
      note!.document.lines.map((l) => [
        l.serial,
        l.orderLinePosition,
        l.hsn,
        l.quantity,
        l.unitPricePaise,
        l.grossPaise,
        l.taxablePaise,
        l.igstPaise,
      ]),
    ).toEqual([
      [1, 0, '84818030', 2, 149900, 299800, valves.taxablePaise, valves.integratedPaise],
      [2, 2, '39199090', 1, 9999, 9999, tape.taxablePaise, tape.integratedPaise],
    ]);
    expect(note!.document.amountInWords).toBe(
      'Rupees Three Thousand Ninety-Seven and Ninety-Nine Paise Only',
    );
  });

  it('is emailed to the buyer with the note attached, and listed on the order', async () => {
    const { buyer, orderId, mkpOrderId } = await paidOrder(MAHARASHTRA_BUYER, 'Maharashtra');
    await refund(mkpOrderId, { reason: 'Short supplied', lines: [{ position: 1, quantity: 1 }] });
    const [note] = await creditNotes(orderId);
    // Intra-state: the credit is in CGST and SGST as the invoice was.
    const gasket = lineTax(25000, 500, 'intra');
    expect(note!.document.lines[0]).toMatchObject({
      cgstPaise: gasket.centralPaise,
      sgstPaise: gasket.statePaise,
      igstPaise: 0,
    });
    const emails = (
      await t.database.db.execute(
        sql`SELECT to_address, subject, text_body, attachments FROM email_outbox
             WHERE order_id = ${orderId} AND kind = 'credit_note'`,
      )
    ).rows as {
      to_address: string;
      subject: string;
      text_body: string;
      attachments: unknown;
    }[];
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({
      to_address: `buyer-${buyer.id}@example.com`,
      subject: `Credit note ${note!.number} for order ${mkpOrderId}`,
      attachments: [{ taxDocumentId: note!.id }],
    });
    expect(emails[0]!.text_body).toContain(
      `We have issued credit note ${note!.number} dated ${note!.issueDate} for ₹250.00 against tax invoice`,
    );
    expect(emails[0]!.text_body).toContain('Reason: Short supplied');
    const order = await t.app.inject({
      url: `/api/orders/order/${orderId}`,
      headers: buyer.headers,
    });
    const { documents } = (order.json() as { payload: Order }).payload;
    expect(documents.map((d) => [d.kind, d.number, d.total])).toEqual([
      ['invoice', (await documentsOf(t, orderId))[0]!.number, TOTAL / 100],
      ['credit_note', note!.number, 250],
    ]);
    const pdf = await t.app.inject({ url: documents[1]!.href, headers: buyer.headers });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toBe(
      `attachment; filename="${note!.number.replaceAll('/', '-')}.pdf"`,
    );
    const printed = pdfText(pdf.rawPayload);
    for (const particular of [
      note!.number,
      (await documentsOf(t, orderId))[0]!.number,
      'Short supplied',
      MAHARASHTRA_BUYER.gstin,
    ])
      expect(printed).toContain(particular);
  });
});

describe('a refund of an amount', () => {
  it('is spread over the lines in proportion and sums to the refund exactly', async () => {
    const { orderId, mkpOrderId } = await paidOrder();
    const [invoice] = await documentsOf(t, orderId);
    await refund(mkpOrderId, { reason: 'Price adjustment agreed', amountPaise: 100001 });
    const [note] = await creditNotes(orderId);
    const lines = note!.document.lines;
    expect(lines.reduce((sum, l) => sum + l.grossPaise, 0)).toBe(100001);
    expect(note!.totalPaise).toBe(100001);
    // 100001 × 449700 / 619693 = 72568.92, × 100000 / … = 16137.18, × 69993 / … = 11294.90:
    // the floors make 99999, and the two paise left go to the largest fractions (lines 0, 2).
    expect(lines.map((l) => [l.orderLinePosition, l.grossPaise, l.quantity])).toEqual([
      [0, 72569, 0],
      [1, 16137, 0],
      [2, 11295, 0],
    ]);
    for (const line of lines) {
      const tax = lineTax(line.grossPaise, line.rateBp, 'inter');
      expect([line.taxablePaise, line.igstPaise]).toEqual([tax.taxablePaise, tax.integratedPaise]);
    }
    expectWithinInvoice(invoice!.document, [note!]);
  });
});

describe('cancelling', () => {
  it("a paid order's cancellation credits everything invoiced, units and all", async () => {
    const { orderId, mkpOrderId } = await paidOrder();
    const [invoice] = await documentsOf(t, orderId);
    const cancelled = await post(`/api/staff/orders/${mkpOrderId}/cancel`, fulfilment.cookie, {
      reason: 'Out of stock at the supplier',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const [note, ...more] = await creditNotes(orderId);
    expect(more).toEqual([]);
    expect(note!.document.reason).toBe('Out of stock at the supplier');
    expect(note!.document.totals).toEqual(invoice!.document.totals);
    expect(creditedByLine([note!])).toEqual(invoicedByLine(invoice!.document));
  });

  it("the buyer's own cancellation of a paid order credits the rest after an earlier refund", async () => {
    const { buyer, orderId, mkpOrderId } = await paidOrder(MAHARASHTRA_BUYER, 'Maharashtra');
    const [invoice] = await documentsOf(t, orderId);
    await refund(mkpOrderId, { reason: 'Goodwill', amountPaise: 12345 });
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/cancel`,
      headers: buyer.headers,
      payload: { reason: 'Ordered by mistake' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const notes = await creditNotes(orderId);
    expect(notes.map((n) => [n.totalPaise, n.document.reason])).toEqual([
      [12345, 'Goodwill'],
      [TOTAL - 12345, 'Ordered by mistake'],
    ]);
    // Between them, every line is credited exactly as invoiced: each figure, each unit.
    expect(creditedByLine(notes)).toEqual(invoicedByLine(invoice!.document));
    const sequences = notes.map((n) => n.sequence);
    expect(sequences[1]).toBe(sequences[0]! + 1);
  });

  it('an order cancelled before it is paid has neither an invoice nor a credit note', async () => {
    const buyer = await createBuyer(t);
    const { orderId } = await taxedOrder(t, buyer, LINES, {
      billing: KARNATAKA_BUYER,
      ship: shipToBilling(KARNATAKA_BUYER, 'Karnataka'),
    });
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/cancel`,
      headers: buyer.headers,
      payload: {},
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await documentsOf(t, orderId)).toEqual([]);
  });

  it('a second payment of an invoiced order is refunded without a credit note', async () => {
    const { orderId } = await paidOrder();
    const [invoice] = await documentsOf(t, orderId);
    // The buyer paid twice: a second attempt completes at the gateway after the first.
    const transactionId = `TWICE-${orderId}`;
    await t.database.db.execute(sql`
      INSERT INTO sandbox_gateway_transactions (transaction_id, merchant_order_ref, amount_paise,
          state, callback_url, redirect_url)
      VALUES (${transactionId}, 'twice', ${TOTAL}, 'COMPLETED', 'https://x.test/', 'https://x.test/')`);
    const [second] = (
      await t.database.db.execute(sql`
        INSERT INTO payments (order_id, provider, merchant_transaction_id, amount_paise)
        VALUES (${orderId}, 'sandbox', ${transactionId}, ${TOTAL}) RETURNING id`)
    ).rows as { id: number }[];
    const callback = await sendSignedCallback(
      t,
      JSON.stringify({
        eventId: `twice-${transactionId}`,
        transactionId,
        state: 'COMPLETED',
        amount: TOTAL,
      }),
    );
    expect(callback.statusCode, callback.body).toBe(200);
    const refunded = await post(
      `/api/staff/payments/${second!.id}/refund`,
      finance.cookie,
      { reason: 'Paid twice' },
      `credit-${++keys}`,
    );
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect((refunded.json() as { refund: { status: string } }).refund.status).toBe('COMPLETED');
    expect((await documentsOf(t, orderId)).map((d) => d.id)).toEqual([invoice!.id]);
  });
});

describe('refunds that fail', () => {
  it('no credit note for a refund the gateway refused; its retry gets the one', async () => {
    const { orderId, mkpOrderId } = await paidOrder();
    failRefunds = true;
    const failed = await refund(mkpOrderId, { reason: 'Damaged', amountPaise: 50000 });
    expect(failed.status).toBe('FAILED');
    expect(await creditNotes(orderId)).toEqual([]);
    failRefunds = false;
    const retried = await post(`/api/staff/refunds/${failed.id}/retry`, finance.cookie);
    expect(retried.statusCode, retried.body).toBe(200);
    const retry = (retried.json() as { refund: { id: number; status: string } }).refund;
    expect(retry.status).toBe('COMPLETED');
    const notes = await creditNotes(orderId);
    expect(notes.map((n) => [n.refundId, n.totalPaise])).toEqual([[retry.id, 50000]]);
  });

  it('a failed refund paid back by hand gets its credit note when it is settled', async () => {
    const { orderId, mkpOrderId } = await paidOrder();
    failRefunds = true;
    const failed = await refund(mkpOrderId, {
      reason: 'Wrong colour',
      lines: [{ position: 1, quantity: 4 }],
    });
    expect(await creditNotes(orderId)).toEqual([]);
    const settled = await post(`/api/staff/refunds/${failed.id}/resolve`, finance.cookie, {
      note: 'Paid back by NEFT, UTR 1234',
    });
    expect(settled.statusCode, settled.body).toBe(204);
    const notes = await creditNotes(orderId);
    expect(notes.map((n) => [n.refundId, n.totalPaise])).toEqual([[failed.id, 100000]]);
    expect(notes[0]!.document.lines.map((l) => [l.orderLinePosition, l.quantity])).toEqual([
      [1, 4],
    ]);
  });
});

describe('never more credit than invoiced', () => {
  it('refunds of amounts and lines until the order is refunded in full credit each line exactly once', async () => {
    const { orderId, mkpOrderId } = await paidOrder(MAHARASHTRA_BUYER, 'Maharashtra');
    const [invoice] = await documentsOf(t, orderId);
    await refund(mkpOrderId, { reason: 'Delay', amountPaise: 33333 });
    await refund(mkpOrderId, { reason: 'Returned', lines: [{ position: 0, quantity: 3 }] });
    await refund(mkpOrderId, { reason: 'Returned', lines: [{ position: 2, quantity: 6 }] });
    let notes = await creditNotes(orderId);
    expectWithinInvoice(invoice!.document, notes);
    // What is left of the payment, by amount: the last note takes exactly what is open.
    const detail = await t.app.inject({
      url: `/api/staff/orders/${mkpOrderId}`,
      headers: { cookie: finance.cookie },
    });
    const { refundablePaise } = detail.json() as { refundablePaise: number };
    await refund(mkpOrderId, { reason: 'Closing the order', amountPaise: refundablePaise });
    notes = await creditNotes(orderId);
    expect(notes).toHaveLength(4);
    expect(notes.reduce((sum, n) => sum + n.totalPaise, 0)).toBe(TOTAL);
    expect(creditedByLine(notes).get(0)!.slice(0, 5)).toEqual(
      invoicedByLine(invoice!.document).get(0)!.slice(0, 5),
    );
    for (const [position, credited] of creditedByLine(notes))
      expect(credited.slice(0, 5), `line ${position}`).toEqual(
        invoicedByLine(invoice!.document).get(position)!.slice(0, 5),
      );
    expectWithinInvoice(invoice!.document, notes);
    // Nothing is left to refund, so nothing more can be credited.
    const more = await post(
      `/api/staff/orders/${mkpOrderId}/refunds`,
      finance.cookie,
      { reason: 'Again', amountPaise: 100 },
      `credit-${++keys}`,
    );
    expect(more.statusCode).toBe(409);
    expect(await creditNotes(orderId)).toHaveLength(4);
  });
});
