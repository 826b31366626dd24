/**
 * The returns' API (issue 21, decision 055), for finance and the owner: the tax documents of a
 * month, GSTR-1 as the offline tool's JSON or a zip of its CSV tables, a document's e-invoice
 * JSON, and the e-invoice registration recorded against a document. Every export and every
 * registration is in the audit log as the signed-in member.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '@storefront/shared/errors';
import {
  EInvoiceRegistrationBody,
  EInvoiceRegistrationResponse,
  Gstr1Query,
  TaxDocumentList,
  TaxDocumentListQuery,
  TaxDocumentParams,
} from '@storefront/shared/gst-returns';
import type { ModuleContext } from '../../module-context.js';
import { readStoreSettings } from '../gst/settings.js';
import { actorOf } from '../staff/audit.js';
import { listTaxDocuments, recordEInvoice } from './documents.js';
import { exportEInvoice, exportGstr1, requireEInvoicing, type ExportFile } from './service.js';

const errors = (...statuses: (400 | 401 | 403 | 404 | 409 | 422)[]) =>
  Object.fromEntries(statuses.map((status) => [status, ErrorBody]));

/** A download no cache keeps: the file's type and name. */
const download = (reply: FastifyReply, file: ExportFile) =>
  reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'no-store')
    .send(file.body);

export function returnsRoutes({ db, now, requireStaff }: ModuleContext) {
  // Tax documents carry buyers' names, addresses and GSTINs, and the seller's figures.
  const finance = requireStaff(['finance']);
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['returns'];
    const security = [{ staffSession: [] }];

    app.get(
      '/api/staff/tax-documents',
      {
        schema: {
          tags,
          security,
          summary:
            "Tax invoices and credit notes, newest first, paged by keyset; a month's sums by kind (finance)",
          querystring: TaxDocumentListQuery,
          response: { 200: TaxDocumentList, ...errors(400, 401, 403) },
        },
        onRequest: finance,
      },
      async (request) =>
        listTaxDocuments(db, request.query, (await readStoreSettings(db)).eInvoicing),
    );

    app.get(
      '/api/staff/returns/gstr1',
      {
        // A HEAD would build the whole return (and its audit entry) for nobody.
        exposeHeadRoute: false,
        schema: {
          tags,
          security,
          summary:
            "A month's GSTR-1 (B2B, B2CL, B2CS, exports, credit notes, HSN summary): the offline tool's JSON, or a zip of its CSV tables; audited (finance)",
          querystring: Gstr1Query,
          response: {
            200: {
              description:
                'json: the Returns Offline Tool upload file (GSTR1_<gstin>_<MMYYYY>.json); csv: a zip of one CSV a table with the template headers, and documents.csv',
              content: {
                'application/json': { schema: z.record(z.string(), z.unknown()) },
                'application/zip': { schema: z.string() },
              },
            },
            ...errors(400, 401, 403, 409, 422),
          },
        },
        onRequest: finance,
      },
      async (request, reply) => {
        const file = await exportGstr1(
          db,
          actorOf(request),
          request.query.month,
          request.query.format,
          now(),
        );
        // The type provider types this body by its schema; the file is sent as it was made.
        return download(reply as FastifyReply, file);
      },
    );

    app.get(
      '/api/staff/tax-documents/:id/e-invoice.json',
      {
        exposeHeadRoute: false,
        schema: {
          tags,
          security,
          summary:
            'A tax invoice or credit note as INV-01 e-invoice JSON (NIC schema 1.1), when the store e-invoices; audited (finance)',
          params: TaxDocumentParams,
          response: {
            200: {
              description: 'The e-invoice JSON, checked against the committed INV-01 schema',
              content: { 'application/json': { schema: z.record(z.string(), z.unknown()) } },
            },
            ...errors(400, 401, 403, 404, 409, 422),
          },
        },
        onRequest: finance,
      },
      async (request, reply) =>
        download(
          reply as FastifyReply,
          await exportEInvoice(db, actorOf(request), request.params.id),
        ),
    );

    app.put(
      '/api/staff/tax-documents/:id/e-invoice',
      {
        schema: {
          tags,
          security,
          summary:
            'Record the IRN, acknowledgement and signed QR the registration portal returned; replacing one needs replace: true; audited (finance)',
          params: TaxDocumentParams,
          body: EInvoiceRegistrationBody,
          response: { 200: EInvoiceRegistrationResponse, ...errors(400, 401, 403, 404, 409, 422) },
        },
        onRequest: finance,
      },
      async (request) => {
        await requireEInvoicing(db);
        const document = await recordEInvoice(
          db,
          actorOf(request),
          request.params.id,
          request.body,
          now(),
        );
        return { document };
      },
    );
  };
}
