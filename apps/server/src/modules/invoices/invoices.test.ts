/**
 * Tax invoices (issue 21, decision 056): issued in the payment's transaction with every Rule 46
 * particular taken from the order as it was sold, once per order however the confirmations
 * race, none for an order from before issue 21; listed on the buyer's and the console's order;
 * downloaded as PDF by the order's buyer and the staff who see orders, by nobody else.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { financialYear, lineTax } from '@storefront/shared/gst';
import type { DeskOrderDetail } from '@storefront/shared/order-desk';
import type { Order } from '@storefront/shared/orders';
import { buildTestApp, testDbKind, type TestApp } from '../../test/app.js';
import { createBuyer, type TestBuyer } from '../../test/buyers.js';
import { createStaff, signIn } from '../../test/staff.js';
import { eInvoiceRegistrationFixture } from '../../test/tax-document-fixtures.js';
import {
  callbackRecorder,
  placeOrder,
  startPayment,
  type CallbackRecorder,
} from '../payments/test-support.js';
import { indiaDate } from './service.js';
import {
  documentsOf,
  KARNATAKA_BUYER,
  MAHARASHTRA_BUYER,
  payOrder,
  pdfText,
  registerStore,
  SELLER,
  shipToBilling,
  taxedOrder,
  type TaxedLine,
} from './test-support.js';

let t: TestApp;
let recorder: CallbackRecorder;
beforeAll(async () => {
  recorder = callbackRecorder();
  t = await buildTestApp({
    products: 2,
    config: { rateLimitScale: 20 },
    payments: { deliverCallback: recorder.deliver },
  });
  recorder.attach(t);
  await registerStore(t);
});
afterAll(() => t.close());

const db = () => t.database.db;

/** ₹1,499 × 3 at 18 % and ₹250 × 4 at 5 %: 4497 + 1000 = ₹5,497. */
const LINES: TaxedLine[] = [
  { name: 'Brass Gate Valve 25 mm', spPaise: 149900, quantity: 3, rateBp: 1800, hsn: '84818030' },
  { name: 'Rubber Gasket Set', spPaise: 25000, quantity: 4, rateBp: 500, hsn: '40169390' },
];

async function paidTaxedOrder(
  options: Parameters<typeof taxedOrder>[3],
  lines: TaxedLine[] = LINES,
  buyer?: TestBuyer,
) {
  const who = buyer ?? (await createBuyer(t));
  const order = await taxedOrder(t, who, lines, options);
  await payOrder(t, who, order.orderId);
  return { buyer: who, ...order };
}

const statusOf = async (orderId: string) =>
  (
    (await db().execute(sql`SELECT p_status FROM orders WHERE id = ${orderId}`)).rows[0] as {
      p_status: string;
    }
  ).p_status;

async function buyerOrder(buyer: TestBuyer, orderId: string): Promise<Order> {
  const response = await t.app.inject({
    url: `/api/orders/order/${orderId}`,
    headers: buyer.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { payload: Order }).payload;
}

async function historyOf(orderId: string) {
  return (
    await db().execute(
      sql`SELECT cause, detail FROM order_status_history WHERE order_id = ${orderId} ORDER BY id`,
    )
  ).rows as { cause: string; detail: Record<string, unknown> | null }[];
}

async function confirmations(orderId: string) {
  return (
    await db().execute(
      sql`SELECT text_body, attachments FROM email_outbox
           WHERE order_id = ${orderId} AND kind = 'payment_confirmation' ORDER BY id`,
    )
  ).rows as { text_body: string; attachments: { taxDocumentId: number }[] | null }[];
}

describe('issuing the invoice when the order is paid', () => {
  it('a buyer in Karnataka paying a seller in Maharashtra gets an IGST invoice with every Rule 46 particular', async () => {
    const { buyer, orderId, mkpOrderId } = await paidTaxedOrder({
      billing: KARNATAKA_BUYER,
      ship: shipToBilling(KARNATAKA_BUYER, 'Karnataka'),
    });
    expect(await statusOf(orderId)).toBe('PD');
    const [invoice, ...others] = await documentsOf(t, orderId);
    expect(others).toEqual([]);
    const today = indiaDate(new Date());
    const fy = financialYear(today);
    expect(invoice!.kind).toBe('invoice');
    expect(invoice!.number).toBe(
      `INV/${fy.slice(2, 4)}${fy.slice(5, 7)}/${String(invoice!.sequence).padStart(5, '0')}`,
    );
    expect(invoice!.number.length).toBeLessThanOrEqual(16);

    const valve = lineTax(149900 * 3, 1800, 'inter');
    const gasket = lineTax(25000 * 4, 500, 'inter');
    const document = invoice!.document;
    expect(document).toEqual({
      kind: 'invoice',
      number: invoice!.number,
      issueDate: today,
      financialYear: fy,
      orderNumber: mkpOrderId,
      orderDate: today,
      supplier: {
        legalName: SELLER.legalName,
        tradeName: SELLER.tradeName,
        gstin: SELLER.gstin,
        address: {
          lines: [SELLER.address1, SELLER.address2],
          city: 'Pune',
          postalCode: '411026',
          stateCode: '27',
          stateName: 'Maharashtra',
          country: 'India',
        },
        phone: SELLER.phone,
        email: SELLER.email,
      },
      recipient: {
        legalName: KARNATAKA_BUYER.legalName,
        tradeName: null,
        gstin: KARNATAKA_BUYER.gstin,
        address: {
          lines: [KARNATAKA_BUYER.address1],
          city: 'Bengaluru',
          postalCode: '560058',
          stateCode: '29',
          stateName: 'Karnataka',
          country: 'India',
        },
        phone: '9845012345',
        email: `buyer-${buyer.id}@example.com`,
      },
      shipTo: null,
      placeOfSupply: { code: '29', name: 'Karnataka' },
      supplyType: 'inter',
      reverseCharge: false,
      lines: [
        {
          serial: 1,
          orderLinePosition: 0,
          description: 'Brass Gate Valve 25 mm',
          sku: expect.any(String) as string,
          hsn: '84818030',
          quantity: 3,
          unit: 'NOS',
          unitPricePaise: 149900,
          grossPaise: 449700,
          taxablePaise: valve.taxablePaise,
          rateBp: 1800,
          cgstPaise: 0,
          sgstPaise: 0,
          igstPaise: valve.integratedPaise,
        },
        {
          serial: 2,
          orderLinePosition: 1,
          description: 'Rubber Gasket Set',
          sku: expect.any(String) as string,
          hsn: '40169390',
          quantity: 4,
          unit: 'NOS',
          unitPricePaise: 25000,
          grossPaise: 100000,
          taxablePaise: gasket.taxablePaise,
          rateBp: 500,
          cgstPaise: 0,
          sgstPaise: 0,
          igstPaise: gasket.integratedPaise,
        },
      ],
      totals: {
        taxablePaise: valve.taxablePaise + gasket.taxablePaise,
        cgstPaise: 0,
        sgstPaise: 0,
        igstPaise: valve.integratedPaise + gasket.integratedPaise,
        totalPaise: 549700,
      },
      amountInWords: 'Rupees Five Thousand Four Hundred and Ninety-Seven Only',
      signatory: SELLER.signatory,
      original: null,
      reason: null,
    });
    // 449700 × 100/118 = 381101.69… → 381102; 100000 × 100/105 = 95238.10 → 95238.
    expect([valve.taxablePaise, gasket.taxablePaise]).toEqual([381102, 95238]);
    // The totals are copied out for the returns, the recipient's GSTIN too.
    expect(invoice).toMatchObject({
      financialYear: fy,
      issueDate: today,
      invoiceId: null,
      refundId: null,
      taxablePaise: 476340,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 549700 - 476340,
      totalPaise: 549700,
    });
    const [{ recipient_gstin }] = (
      await db().execute(sql`SELECT recipient_gstin FROM tax_documents WHERE id = ${invoice!.id}`)
    ).rows as [{ recipient_gstin: string }];
    expect(recipient_gstin).toBe(KARNATAKA_BUYER.gstin);
  });

  it('a buyer in Maharashtra gets CGST and SGST, and goods shipped elsewhere name the consignee', async () => {
    const { orderId } = await paidTaxedOrder({
      billing: MAHARASHTRA_BUYER,
      ship: {
        recipientName: 'Site Engineer, Nashik Plant',
        shippingAddress1: 'Gat No. 44, Ambad MIDC',
        shippingCity: 'Nashik',
        shippingState: 'Maharashtra',
        shippingPostalCode: '422010',
        shippingCountry: 'India',
        shippingPhoneNumber: '9822012345',
      },
    });
    const [invoice] = await documentsOf(t, orderId);
    const document = invoice!.document;
    const valve = lineTax(449700, 1800, 'intra');
    const gasket = lineTax(100000, 500, 'intra');
    expect(document.supplyType).toBe('intra');
    expect(document.placeOfSupply).toEqual({ code: '27', name: 'Maharashtra' });
    expect(
      document.lines.map((l) => [l.taxablePaise, l.cgstPaise, l.sgstPaise, l.igstPaise]),
    ).toEqual([
      [valve.taxablePaise, valve.centralPaise, valve.statePaise, 0],
      [gasket.taxablePaise, gasket.centralPaise, gasket.statePaise, 0],
    ]);
    // 449700 − 381102 = 68598 of tax: 34299 each; 100000 − 95238 = 4762: 2381 each.
    expect([valve.centralPaise, valve.statePaise, gasket.centralPaise]).toEqual([
      34299, 34299, 2381,
    ]);
    expect(document.totals).toEqual({
      taxablePaise: 476340,
      cgstPaise: 36680,
      sgstPaise: 36680,
      igstPaise: 0,
      totalPaise: 549700,
    });
    expect(document.recipient.gstin).toBe(MAHARASHTRA_BUYER.gstin);
    expect(document.shipTo).toEqual({
      legalName: 'Site Engineer, Nashik Plant',
      tradeName: null,
      gstin: null,
      address: {
        lines: ['Gat No. 44, Ambad MIDC'],
        city: 'Nashik',
        postalCode: '422010',
        stateCode: '27',
        stateName: 'Maharashtra',
        country: 'India',
      },
      phone: '9822012345',
      email: null,
    });
    expect(invoice).toMatchObject({ cgstPaise: 36680, sgstPaise: 36680, igstPaise: 0 });
  });

  it('a buyer without billing details is invoiced by name and delivery address, without a GSTIN', async () => {
    const { orderId } = await paidTaxedOrder(
      { billing: null, ship: shipToBilling(KARNATAKA_BUYER, 'Karnataka') },
      [LINES[1]!],
    );
    const [invoice] = await documentsOf(t, orderId);
    expect(invoice!.document.recipient).toMatchObject({
      legalName: 'Stores In-charge',
      gstin: null,
      address: { city: 'Bengaluru', stateCode: '29', stateName: 'Karnataka' },
    });
    expect(invoice!.document.shipTo).toBeNull();
    expect(invoice!.document.placeOfSupply).toEqual({ code: '29', name: 'Karnataka' });
  });

  it('the payment confirmation carries the invoice as an attachment and names it', async () => {
    const { orderId } = await paidTaxedOrder({
      billing: KARNATAKA_BUYER,
      ship: shipToBilling(KARNATAKA_BUYER, 'Karnataka'),
    });
    const [invoice] = await documentsOf(t, orderId);
    const [email, ...more] = await confirmations(orderId);
    expect(more).toEqual([]);
    expect(email!.attachments).toEqual([{ taxDocumentId: invoice!.id }]);
    expect(email!.text_body).toContain(
      `Your GST tax invoice ${invoice!.number} is attached as a PDF.`,
    );
  });

  it('an order from before issue 21 (no tax stored) is paid without an invoice', async () => {
    const buyer = await createBuyer(t);
    const { orderId } = await placeOrder(t, buyer);
    // What migration 0018 left on an order placed before it: no place of supply or tax.
    await db().execute(
      sql`UPDATE orders SET place_of_supply = NULL, supply_type = NULL, taxable_paise = NULL,
                 cgst_paise = NULL, sgst_paise = NULL, igst_paise = NULL
           WHERE id = ${orderId}`,
    );
    await payOrder(t, buyer, orderId);
    expect(await statusOf(orderId)).toBe('PD');
    expect(await documentsOf(t, orderId)).toEqual([]);
    const [email] = await confirmations(orderId);
    expect(email!.attachments).toBeNull();
    expect(email!.text_body).not.toContain('tax invoice');
    expect((await buyerOrder(buyer, orderId)).documents).toEqual([]);
  });

  it('without a complete registration the order is paid, and its history says why there is no invoice', async () => {
    await registerStore(t, { gstin: '' });
    try {
      const { orderId } = await paidTaxedOrder({
        billing: KARNATAKA_BUYER,
        ship: shipToBilling(KARNATAKA_BUYER, 'Karnataka'),
      });
      expect(await statusOf(orderId)).toBe('PD');
      expect(await documentsOf(t, orderId)).toEqual([]);
      const history = await historyOf(orderId);
      expect(history.at(-1)).toEqual({
        cause: 'invoice_not_issued',
        detail: {
          error:
            "The store's registration lacks a valid GSTIN, the registered address's state, matching the GSTIN",
        },
      });
    } finally {
      await registerStore(t);
    }
  });

  it('an invoice that cannot be made rolls back alone: the order is paid and the number is given back', async () => {
    const buyer = await createBuyer(t);
    const broken = await taxedOrder(t, buyer, LINES, {
      billing: KARNATAKA_BUYER,
      ship: shipToBilling(KARNATAKA_BUYER, 'Karnataka'),
    });
    // A line whose stored tax does not add up to its total: its invoice would misstate the tax.
    await db().execute(
      sql`UPDATE order_lines SET taxable_paise = taxable_paise + 1 WHERE order_id = ${broken.orderId} AND position = 0`,
    );
    const fy = financialYear(indiaDate(new Date()));
    const next = async () =>
      Number(
        (
          (
            await db().execute(
              sql`SELECT next_sequence FROM document_series WHERE kind = 'invoice' AND financial_year = ${fy}`,
            )
          ).rows[0] as { next_sequence: number }
        ).next_sequence,
      );
    const before = await next();
    await payOrder(t, buyer, broken.orderId);
    expect(await statusOf(broken.orderId)).toBe('PD');
    expect(await documentsOf(t, broken.orderId)).toEqual([]);
    expect(await next()).toBe(before);
    const last = (await historyOf(broken.orderId)).at(-1)!;
    expect(last.cause).toBe('invoice_not_issued');
    expect(String(last.detail?.error)).toMatch(/line 0: taxable .* ≠ total 449700/);
    // The next invoice takes the number the failed one gave back.
    const { orderId } = await paidTaxedOrder({
      billing: KARNATAKA_BUYER,
      ship: shipToBilling(KARNATAKA_BUYER, 'Karnataka'),
    });
    expect((await documentsOf(t, orderId))[0]!.sequence).toBe(before);
  });

  it('exactly one invoice when the callback, its replays and the status polls race', async () => {
    const buyer = await createBuyer(t);
    const { orderId } = await taxedOrder(t, buyer, LINES, {
      billing: KARNATAKA_BUYER,
      ship: shipToBilling(KARNATAKA_BUYER, 'Karnataka'),
    });
    // The gateway approves, but its callback is lost on the way: it is held back to race.
    const deliverCallback = await heldCallback(buyer, orderId);
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, deliverCallback),
      ...Array.from({ length: 4 }, () =>
        t.app.inject({
          method: 'POST',
          url: `/api/payments/status/${orderId}`,
          headers: buyer.headers,
        }),
      ),
    ]);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    expect(await statusOf(orderId)).toBe('PD');
    const documents = await documentsOf(t, orderId);
    expect(documents.map((d) => d.kind)).toEqual(['invoice']);
    expect(await confirmations(orderId)).toHaveLength(1);
  });

  /** The order's callback, held back from the gateway's approval: the test delivers it. */
  async function heldCallback(buyer: TestBuyer, orderId: string) {
    const paymentUrl = await startPayment(t, buyer, orderId);
    recorder.drop = true;
    const delivered = recorder.delivered.length;
    try {
      const approved = await t.app.inject({ method: 'POST', url: `${paymentUrl}/approve` });
      expect(approved.statusCode).toBe(303);
    } finally {
      recorder.drop = false;
    }
    const callback = recorder.delivered[delivered]!;
    return () =>
      t.app.inject({
        method: 'POST',
        url: new URL(callback.url).pathname,
        payload: callback.body,
        headers: callback.headers,
      });
  }

  it('a callback pays and invoices in 16 statements (and BEGIN, COMMIT on PostgreSQL): none on the kept settings, the order with its lines in one', async () => {
    const buyer = await createBuyer(t);
    const { orderId } = await taxedOrder(t, buyer, LINES, {
      billing: KARNATAKA_BUYER,
      ship: shipToBilling(KARNATAKA_BUYER, 'Karnataka'),
    });
    const deliver = await heldCallback(buyer, orderId);
    // The setup kept: GET /api/store answers from what it kept until a change empties both.
    await expect
      .poll(async () => (await t.app.inject({ url: '/api/store' })).headers['x-sql-statements'], {
        timeout: 10_000,
        interval: 20,
      })
      .toBe('0');
    const answer = await deliver();
    expect(answer.statusCode, answer.body).toBe(200);
    expect((await documentsOf(t, orderId)).map((d) => d.kind)).toEqual(['invoice']);
    // The invoice's six: an invoice already issued?, the order's tax facts with its lines, the
    // savepoint, the number, the document, the savepoint's release.
    expect(Number(answer.headers['x-sql-statements'])).toBe(testDbKind === 'postgres' ? 18 : 16);
  });

  it('a payment just after a change to the settings reads them in its own transaction and is invoiced', async () => {
    const buyer = await createBuyer(t);
    const { orderId } = await taxedOrder(t, buyer, LINES, {
      billing: KARNATAKA_BUYER,
      ship: shipToBilling(KARNATAKA_BUYER, 'Karnataka'),
    });
    const deliver = await heldCallback(buyer, orderId);
    // The notification empties the kept setup (on PGlite before the statement answers): a read
    // of it outside the payment's transaction would wait for that transaction on PGlite's one
    // connection, and the callback would never answer.
    await db().execute(sql`UPDATE store_settings SET signatory = signatory`);
    const answer = await deliver();
    expect(answer.statusCode, answer.body).toBe(200);
    expect((await documentsOf(t, orderId)).map((d) => d.kind)).toEqual(['invoice']);
  });

  it('the unique index stands behind it: a second invoice of an order is refused by the database', async () => {
    const { orderId } = await paidTaxedOrder({
      billing: KARNATAKA_BUYER,
      ship: shipToBilling(KARNATAKA_BUYER, 'Karnataka'),
    });
    const [invoice] = await documentsOf(t, orderId);
    await expect(
      db().execute(sql`
        INSERT INTO tax_documents (kind, number, financial_year, sequence, order_id, issue_date,
            taxable_paise, cgst_paise, sgst_paise, igst_paise, total_paise, document)
        VALUES ('invoice', 'INV/9999/99999', ${invoice!.financialYear}, 99999, ${orderId},
            ${invoice!.issueDate}, 0, 0, 0, 0, 0, '{}'::jsonb)`),
    ).rejects.toThrow();
  });
});

describe("the order's documents and their downloads", () => {
  let owner: { cookie: string };
  let fulfilment: { cookie: string };
  let finance: { cookie: string };
  let catalog: { cookie: string };
  let paid: { buyer: TestBuyer; orderId: string; mkpOrderId: string };
  let invoiceId: number;
  let invoiceNumber: string;

  beforeAll(async () => {
    [owner, fulfilment, finance, catalog] = (await Promise.all(
      (['owner', 'fulfilment', 'finance', 'catalog'] as const).map(async (role) =>
        signIn(t, await createStaff(t, role)),
      ),
    )) as { cookie: string }[] as [typeof owner, typeof owner, typeof owner, typeof owner];
    paid = await paidTaxedOrder({
      billing: KARNATAKA_BUYER,
      ship: shipToBilling(KARNATAKA_BUYER, 'Karnataka'),
    });
    const [invoice] = await documentsOf(t, paid.orderId);
    invoiceId = invoice!.id;
    invoiceNumber = invoice!.number;
  });

  const buyerHref = () => `/api/orders/${paid.orderId}/tax-documents/${invoiceId}.pdf`;
  const staffHref = () => `/api/staff/orders/${paid.mkpOrderId}/tax-documents/${invoiceId}.pdf`;

  it("the buyer's order lists the invoice with the buyer's download address", async () => {
    const order = await buyerOrder(paid.buyer, paid.orderId);
    expect(order.documents).toEqual([
      {
        kind: 'invoice',
        number: invoiceNumber,
        issueDate: indiaDate(new Date()),
        total: 5497,
        href: buyerHref(),
      },
    ]);
    const list = await t.app.inject({ url: '/api/orders/', headers: paid.buyer.headers });
    const listed = (list.json() as { payload: Order[] }).payload.find(
      (o) => o._id.$oid === paid.orderId,
    );
    expect(listed!.documents.map((d) => d.href)).toEqual([buyerHref()]);
  });

  it("the console's order lists it with the console's address", async () => {
    const response = await t.app.inject({
      url: `/api/staff/orders/${paid.mkpOrderId}`,
      headers: { cookie: fulfilment.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect((response.json() as DeskOrderDetail).documents).toEqual([
      {
        kind: 'invoice',
        number: invoiceNumber,
        issueDate: indiaDate(new Date()),
        total: 5497,
        href: staffHref(),
      },
    ]);
  });

  it('the buyer downloads the PDF, named after its number, never cached; the same bytes each time', async () => {
    const first = await t.app.inject({ url: buyerHref(), headers: paid.buyer.headers });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    expect(first.headers['content-disposition']).toBe(
      `attachment; filename="${invoiceNumber.replaceAll('/', '-')}.pdf"`,
    );
    expect(first.headers['cache-control']).toBe('private, no-store');
    expect(first.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const second = await t.app.inject({ url: buyerHref(), headers: paid.buyer.headers });
    expect(Buffer.compare(second.rawPayload, first.rawPayload)).toBe(0);
    // It is this order's invoice, as stored.
    const printed = pdfText(first.rawPayload);
    for (const particular of [
      invoiceNumber,
      paid.mkpOrderId,
      SELLER.gstin,
      KARNATAKA_BUYER.gstin,
      KARNATAKA_BUYER.legalName,
      'Rupees Five Thousand Four Hundred and Ninety-Seven Only',
    ])
      expect(printed).toContain(particular);
  });

  it('prints the e-invoice registration recorded on the document: IRN and acknowledgement', async () => {
    const before = await t.app.inject({ url: staffHref(), headers: { cookie: finance.cookie } });
    expect(pdfText(before.rawPayload)).not.toContain('IRN');
    const registration = eInvoiceRegistrationFixture();
    await db().execute(sql`
      UPDATE tax_documents SET irn = ${registration.irn}, ack_number = ${registration.ackNumber},
             ack_date = ${registration.ackDate}, signed_qr = ${registration.signedQr}
       WHERE id = ${invoiceId}`);
    try {
      const after = await t.app.inject({ url: buyerHref(), headers: paid.buyer.headers });
      const printed = pdfText(after.rawPayload);
      expect(printed).toContain(registration.irn);
      expect(printed).toContain(registration.ackNumber);
      const again = await t.app.inject({ url: staffHref(), headers: { cookie: finance.cookie } });
      expect(Buffer.compare(again.rawPayload, after.rawPayload)).toBe(0);
    } finally {
      await db().execute(sql`
        UPDATE tax_documents SET irn = NULL, ack_number = NULL, ack_date = NULL, signed_qr = NULL
         WHERE id = ${invoiceId}`);
    }
  });

  it('another buyer gets 404 for it, as for an unknown document; no session gets 401', async () => {
    const other = await createBuyer(t);
    const theirs = await t.app.inject({ url: buyerHref(), headers: other.headers });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ detail: 'Tax document not found', code: 'document_not_found' });
    // Their own order's address with this document: still not theirs.
    const { orderId } = await placeOrder(t, other);
    const crossed = await t.app.inject({
      url: `/api/orders/${orderId}/tax-documents/${invoiceId}.pdf`,
      headers: other.headers,
    });
    expect(crossed.statusCode).toBe(404);
    const unknown = await t.app.inject({
      url: `/api/orders/${paid.orderId}/tax-documents/${invoiceId + 100000}.pdf`,
      headers: paid.buyer.headers,
    });
    expect(unknown.statusCode).toBe(404);
    const anonymous = await t.app.inject({ url: buyerHref() });
    expect(anonymous.statusCode).toBe(401);
    // A staff session is not a buyer's.
    const staff = await t.app.inject({ url: buyerHref(), headers: { cookie: owner.cookie } });
    expect(staff.statusCode).toBe(401);
  });

  it('malformed addresses are refused with 400', async () => {
    for (const url of [
      `/api/orders/${paid.orderId}/tax-documents/abc.pdf`,
      `/api/orders/${paid.orderId}/tax-documents/0.pdf`,
      `/api/orders/not-an-id/tax-documents/${invoiceId}.pdf`,
    ]) {
      const response = await t.app.inject({ url, headers: paid.buyer.headers });
      expect(response.statusCode, url).toBe(400);
    }
    const staff = await t.app.inject({
      url: `/api/staff/orders/NOT-AN-ORDER/tax-documents/${invoiceId}.pdf`,
      headers: { cookie: finance.cookie },
    });
    expect(staff.statusCode).toBe(400);
  });

  it('owners, fulfilment and finance download it from the console; catalog staff get 403', async () => {
    for (const session of [owner, fulfilment, finance]) {
      const response = await t.app.inject({
        url: staffHref(),
        headers: { cookie: session.cookie },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['cache-control']).toBe('private, no-store');
      expect(response.headers['content-disposition']).toContain(
        `${invoiceNumber.replaceAll('/', '-')}.pdf`,
      );
    }
    const refused = await t.app.inject({ url: staffHref(), headers: { cookie: catalog.cookie } });
    expect(refused.statusCode).toBe(403);
    const anonymous = await t.app.inject({ url: staffHref() });
    expect(anonymous.statusCode).toBe(401);
    const buyer = await t.app.inject({ url: staffHref(), headers: paid.buyer.headers });
    expect(buyer.statusCode).toBe(403);
  });

  it("a document under another order's number is not found in the console either", async () => {
    const other = await paidTaxedOrder({
      billing: MAHARASHTRA_BUYER,
      ship: shipToBilling(MAHARASHTRA_BUYER, 'Maharashtra'),
    });
    const response = await t.app.inject({
      url: `/api/staff/orders/${other.mkpOrderId}/tax-documents/${invoiceId}.pdf`,
      headers: { cookie: finance.cookie },
    });
    expect(response.statusCode).toBe(404);
  });
});
