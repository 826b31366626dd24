/**
 * Tax documents' PDFs (issue 21, decision 056): the buyer's, of their own order only (another
 * buyer's is unknown, 404), and the console's, for the members who see orders' buyer data
 * (fulfilment, finance, owners). Each PDF is made from the stored document and its e-invoice
 * registration, so the same document answers the same bytes every time.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '@storefront/shared/errors';
import { DeskOrderParams } from '@storefront/shared/order-desk';
import { OrderParams } from '@storefront/shared/orders';
import { BUYER_DATA_ROLES } from '@storefront/shared/staff';
import { TaxDocumentId } from '@storefront/shared/tax-summary';
import type { ModuleContext } from '../../module-context.js';
import { renderStoredDocument } from './attachments.js';
import { buyerDocument, staffDocument, type StoredDocument } from './service.js';
import { checkedBuyer } from '../users/authenticate.js';

const errors = (...statuses: (400 | 401 | 403 | 404)[]) =>
  Object.fromEntries(statuses.map((status) => [status, ErrorBody]));

const pdf = {
  description: "The document's PDF (A4), as an attachment named after its number",
  content: { 'application/pdf': { schema: z.string() } },
};

async function sendPdf(reply: FastifyReply, stored: StoredDocument) {
  const file = await renderStoredDocument(stored);
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'private, no-store')
    .send(file.content);
}

export function taxDocumentRoutes({ db, authenticate, requireStaff }: ModuleContext) {
  const buyerData = requireStaff(BUYER_DATA_ROLES);
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/api/orders/:id/tax-documents/:documentId.pdf',
      {
        schema: {
          tags: ['orders'],
          security: [{ bearer: [] }],
          summary: "A tax invoice or credit note of one of the buyer's orders, as a PDF",
          params: OrderParams.extend({ documentId: TaxDocumentId }).strict(),
          response: { 200: pdf, ...errors(400, 401, 403, 404) },
        },
        onRequest: authenticate,
      },
      async (request, reply) =>
        sendPdf(
          reply as FastifyReply,
          await buyerDocument(
            db,
            checkedBuyer(request),
            request.params.id,
            request.params.documentId,
          ),
        ),
    );

    app.get(
      '/api/staff/orders/:mkpOrderId/tax-documents/:documentId.pdf',
      {
        schema: {
          tags: ['order desk'],
          security: [{ staffSession: [] }],
          summary: 'A tax invoice or credit note of an order, as a PDF (fulfilment, finance)',
          params: DeskOrderParams.extend({ documentId: TaxDocumentId }).strict(),
          response: { 200: pdf, ...errors(400, 401, 403, 404) },
        },
        onRequest: buyerData,
      },
      async (request, reply) =>
        sendPdf(
          reply as FastifyReply,
          await staffDocument(db, request.params.mkpOrderId, request.params.documentId),
        ),
    );
  };
}
