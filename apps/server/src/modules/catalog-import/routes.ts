/**
 * The catalog's import and export API (issue 20) under /api/staff/catalog, for catalog staff and
 * owners: upload a file (multipart, size-capped), with a zip of its photos if it names any → a
 * job whose dry run starts at once (after the zip's photos are stored);
 * the job's report and progress; apply; the issues page by page; the template; the export.
 * Every upload, apply and export is in the audit log as the signed-in member.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CatalogExportQuery,
  IMPORT_FILE_MAX_BYTES,
  ImportIssuePage,
  ImportIssuesQuery,
  ImportJob,
  ImportJobList,
  ImportJobParams,
  TemplateQuery,
  templateCsv,
} from '@storefront/shared/catalog-transfer';
import { IMPORT_ZIP_MAX_BYTES } from '@storefront/shared/catalog-images';
import { ErrorBody } from '@storefront/shared/errors';
import type { AppError } from '../../lib/errors.js';
import { invalid } from '../../lib/errors.js';
import type { ModuleContext } from '../../module-context.js';
import { actorOf } from '../staff/audit.js';
import { exportCatalog } from './export.js';
import {
  createImportJob,
  importIssues,
  importJob,
  recentImportJobs,
  requestApply,
  type ImportRunner,
} from './jobs.js';

const errors = (...statuses: (400 | 401 | 403 | 404 | 409)[]) =>
  Object.fromEntries(statuses.map((status) => [status, ErrorBody]));

/** The multipart plugin's refusals while reading the form's parts, as this API's errors. */
function partsError(fastify: FastifyInstance, error: unknown): AppError {
  const known = fastify.multipartErrors;
  if (
    error instanceof known.FilesLimitError ||
    error instanceof known.FieldsLimitError ||
    error instanceof known.PartsLimitError
  )
    return invalid(
      'import_parts',
      'The upload takes the file (part "file") and a zip of its photos (part "images"), nothing else',
    );
  // busboy's own: a missing boundary, a body that ends mid-part, a malformed part header.
  return invalid('invalid_multipart', 'The upload is not a well-formed multipart/form-data body');
}

const csvResponse = (description: string) => ({
  200: { description, content: { 'text/csv': { schema: z.string() } } },
});

export function catalogImportRoutes(
  { db, config, now, requireStaff }: ModuleContext,
  runner: ImportRunner,
) {
  const catalogStaff = requireStaff(['catalog']);
  return async (fastify: FastifyInstance) => {
    // This module's own: multipart parsing exists for the upload route only. Two files at most
    // (the catalog and its photos' zip), each held to its own size as it is stored (jobs.ts).
    await fastify.register(multipart, {
      limits: {
        fileSize: Math.max(IMPORT_FILE_MAX_BYTES, IMPORT_ZIP_MAX_BYTES),
        files: 2,
        fields: 0,
        parts: 2,
        headerPairs: 100,
      },
    });
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['catalog import'];
    const security = [{ staffSession: [] }];

    app.post(
      '/api/staff/catalog/imports',
      {
        schema: {
          tags,
          security,
          summary:
            'Upload a catalog file (multipart/form-data: a part "file", .csv or .jsonl, at most 256 MB; optionally a part "images", a .zip of the photos its image cells name, at most 1 GB and 2,000 files); its dry run starts at once (catalog)',
          response: { 202: ImportJob, ...errors(400, 401, 403) },
        },
        onRequest: catalogStaff,
      },
      async (request, reply) => {
        if (!request.isMultipart())
          throw invalid('import_not_multipart', 'Send the file as multipart/form-data');
        const parts = async function* () {
          try {
            for await (const part of request.files())
              yield { field: part.fieldname, fileName: part.filename, stream: part.file };
          } catch (error) {
            throw partsError(fastify, error);
          }
        };
        let job;
        try {
          job = await createImportJob(db, config.dataDir, actorOf(request), parts());
        } catch (error) {
          // Past the larger part's limit the plugin cuts the stream (each part's own is jobs.ts's).
          if (error instanceof fastify.multipartErrors.RequestFileTooLargeError)
            throw invalid(
              'import_images_too_large',
              `A file is larger than the upload takes: ${IMPORT_FILE_MAX_BYTES / 1024 / 1024} MB for the catalog, ${IMPORT_ZIP_MAX_BYTES / 1024 / 1024 / 1024} GB for its photos' zip`,
            );
          throw error;
        }
        void runner.start(job.id);
        return reply.status(202).send(job);
      },
    );

    app.get(
      '/api/staff/catalog/imports',
      {
        schema: {
          tags,
          security,
          summary: 'The latest 20 imports, newest first, without their issues (catalog)',
          response: { 200: ImportJobList, ...errors(400, 401, 403) },
        },
        onRequest: catalogStaff,
      },
      async () => ({ jobs: await recentImportJobs(db) }),
    );

    app.get(
      '/api/staff/catalog/imports/:id',
      {
        schema: {
          tags,
          security,
          summary:
            "An import's status, progress, dry-run counts, summary and first 200 issues (catalog)",
          params: ImportJobParams,
          response: { 200: ImportJob, ...errors(400, 401, 403, 404) },
        },
        onRequest: catalogStaff,
      },
      async (request) => importJob(db, request.params.id),
    );

    app.get(
      '/api/staff/catalog/imports/:id/issues',
      {
        schema: {
          tags,
          security,
          summary: "An import's issues, every row and column in error, by page (catalog)",
          params: ImportJobParams,
          querystring: ImportIssuesQuery,
          response: { 200: ImportIssuePage, ...errors(400, 401, 403, 404) },
        },
        onRequest: catalogStaff,
      },
      async (request) => importIssues(db, request.params.id, request.query),
    );

    app.post(
      '/api/staff/catalog/imports/:id/apply',
      {
        schema: {
          tags,
          security,
          summary:
            'Apply a validated import whose dry run found no error, in batches, in the background; audited (catalog)',
          params: ImportJobParams,
          response: { 202: ImportJob, ...errors(400, 401, 403, 404, 409) },
        },
        onRequest: catalogStaff,
      },
      async (request, reply) => {
        const job = await requestApply(db, actorOf(request), request.params.id);
        void runner.start(job.id);
        return reply.status(202).send(job);
      },
    );

    app.get(
      '/api/staff/catalog/import-template.csv',
      {
        schema: {
          tags,
          security,
          summary: 'The import template: the header and an example product (catalog)',
          querystring: TemplateQuery,
          response: {
            ...csvResponse('The CSV template, one row per product or (layout=variant) per variant'),
            ...errors(400, 401, 403),
          },
        },
        onRequest: catalogStaff,
      },
      async (request, reply) =>
        (reply as FastifyReply)
          .header('content-type', 'text/csv; charset=utf-8')
          .header(
            'content-disposition',
            `attachment; filename="catalog-template${request.query.layout === 'variant' ? '-variants' : ''}.csv"`,
          )
          .send(templateCsv(request.query.layout)),
    );

    app.get(
      '/api/staff/catalog/export.csv',
      {
        // A HEAD would run the whole export (and its audit entry) for nobody.
        exposeHeadRoute: false,
        schema: {
          tags,
          security,
          summary:
            'The catalog, or the products of a status, category or text, as a CSV file in the import’s columns; audited (catalog)',
          querystring: CatalogExportQuery,
          response: {
            ...csvResponse(
              'RFC 4180 CSV, UTF-8 with a byte-order mark; one row a product (docs/catalog-import.md)',
            ),
            ...errors(400, 401, 403),
          },
        },
        onRequest: catalogStaff,
      },
      async (request, reply) => {
        const file = await exportCatalog(db, actorOf(request), request.query, now());
        return (reply as FastifyReply)
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${file.filename}"`)
          .header('cache-control', 'no-store')
          .send(file.body);
      },
    );
  };
}
