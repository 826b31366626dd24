/**
 * Tax documents by email (decision 056), through the outbox worker and a real SMTP server: the
 * payment confirmation carries the invoice's PDF, a credit note's email carries the note's, each
 * made when the message is sent and named after the document's number; a PDF that cannot be
 * made fails the send, which is retried.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { createBuyer } from '../../test/buyers.js';
import { header, mimeLeaves, startSmtp } from '../../test/smtp.js';
import { createStaff, signIn } from '../../test/staff.js';
import { createMailTransport } from '../email/transport.js';
import { createOutboxWorker } from '../email/worker.js';
import { callbackRecorder } from '../payments/test-support.js';
import { taxDocumentAttachment } from './attachments.js';
import {
  documentsOf,
  KARNATAKA_BUYER,
  payOrder,
  registerStore,
  shipToBilling,
  taxedOrder,
} from './test-support.js';

const silent = {
  info: () => {},
  warn: () => {},
  error: () => {},
  debug: () => {},
} as unknown as FastifyBaseLogger;

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtp();
  const recorder = callbackRecorder();
  t = await buildTestApp({
    products: 2,
    config: { publicUrl: 'https://shop.example.in', smtpUrl: smtp.url },
    payments: { deliverCallback: recorder.deliver },
  });
  recorder.attach(t);
  await registerStore(t);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

function worker(
  attachment = (ref: { taxDocumentId: number }) => taxDocumentAttachment(t.database.db, ref),
) {
  return createOutboxWorker({
    db: t.database.db,
    transport: createMailTransport(t.config, silent),
    log: silent,
    attachment,
  });
}

async function drain(made = worker()) {
  const sent = await made.drainOnce();
  await made.stop();
  return sent;
}

async function paidOrder() {
  const buyer = await createBuyer(t);
  const order = await taxedOrder(
    t,
    buyer,
    [
      {
        name: 'Brass Gate Valve 25 mm',
        spPaise: 149900,
        quantity: 3,
        rateBp: 1800,
        hsn: '84818030',
      },
    ],
    { billing: KARNATAKA_BUYER, ship: shipToBilling(KARNATAKA_BUYER, 'Karnataka') },
  );
  await payOrder(t, buyer, order.orderId);
  return { buyer, ...order };
}

describe('tax documents attached to emails', () => {
  it('the payment confirmation carries the invoice as a PDF named after its number', async () => {
    const { buyer, orderId, mkpOrderId } = await paidOrder();
    const [invoice] = await documentsOf(t, orderId);
    smtp.received.length = 0;
    expect(await drain()).toBe(1);
    const [message] = smtp.received;
    expect(message!.to).toEqual([`buyer-${buyer.id}@example.com`]);
    expect(header(message!.raw, 'Subject')).toBe(`Payment received for order ${mkpOrderId}`);
    const leaves = mimeLeaves(message!.raw);
    const text = leaves.find((leaf) => leaf.contentType === 'text/plain');
    expect(text!.body.toString('utf8')).toContain(
      `Your GST tax invoice ${invoice!.number} is attached as a PDF.`,
    );
    const files = leaves.filter((leaf) => leaf.disposition === 'attachment');
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({
      contentType: 'application/pdf',
      filename: `${invoice!.number.replaceAll('/', '-')}.pdf`,
    });
    expect(files[0]!.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // The same PDF the buyer downloads from the order's page.
    const download = await t.app.inject({
      url: `/api/orders/${orderId}/tax-documents/${invoice!.id}.pdf`,
      headers: buyer.headers,
    });
    expect(Buffer.compare(download.rawPayload, files[0]!.body)).toBe(0);
  });

  it("a credit note is emailed with its PDF when the refund's money is back", async () => {
    const { orderId, mkpOrderId } = await paidOrder();
    await drain();
    const finance = await signIn(t, await createStaff(t, 'finance'));
    const refunded = await t.app.inject({
      method: 'POST',
      url: `/api/staff/orders/${mkpOrderId}/refunds`,
      headers: { cookie: finance.cookie, 'idempotency-key': `email-${orderId}` },
      payload: { reason: 'One valve cracked', lines: [{ position: 0, quantity: 1 }] },
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const [, note] = await documentsOf(t, orderId);
    smtp.received.length = 0;
    await drain();
    const noteEmail = smtp.received.find(
      (m) => header(m.raw, 'Subject') === `Credit note ${note!.number} for order ${mkpOrderId}`,
    );
    expect(noteEmail).toBeDefined();
    const files = mimeLeaves(noteEmail!.raw).filter((leaf) => leaf.disposition === 'attachment');
    expect(files.map((file) => [file.contentType, file.filename])).toEqual([
      ['application/pdf', `${note!.number.replaceAll('/', '-')}.pdf`],
    ]);
    expect(files[0]!.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('a PDF that cannot be made fails the send, which is retried later', async () => {
    const { orderId } = await paidOrder();
    smtp.received.length = 0;
    const failing = worker(() => Promise.reject(new Error('renderer unavailable')));
    expect(await drain(failing)).toBe(0);
    expect(smtp.received).toHaveLength(0);
    const [row] = (
      await t.database.db.execute(
        sql`SELECT sent_at, last_error, next_attempt_at > now() AS later FROM email_outbox
             WHERE order_id = ${orderId} AND kind = 'payment_confirmation'`,
      )
    ).rows as { sent_at: Date | null; last_error: string; later: boolean }[];
    expect(row).toMatchObject({ sent_at: null, last_error: 'renderer unavailable', later: true });
  });
});
