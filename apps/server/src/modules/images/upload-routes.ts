/**
 * The console's photo upload (issue 20): one image a request, as multipart/form-data field
 * `file`, at most IMAGE_UPLOAD_MAX_BYTES, for the catalog role and owners. The answer's source
 * goes into a product's `images`; nothing else changes until the product is saved. Each upload is
 * in the audit log as the member who made it.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IMAGE_UPLOAD_MAX_BYTES, ImageUploadResponse } from '@storefront/shared/catalog-images';
import { ErrorBody } from '@storefront/shared/errors';
import { invalid } from '../../lib/errors.js';
import type { ModuleContext } from '../../module-context.js';
import { actorOf, recordAudit } from '../staff/audit.js';
import type { ImageStorage } from './storage.js';
import { imageTooLarge, storeImage } from './upload.js';

const errors = (...statuses: (400 | 401 | 403 | 413 | 415)[]) =>
  Object.fromEntries(statuses.map((status) => [status, ErrorBody]));

/** A file part of the form, read whole (it is at most IMAGE_UPLOAD_MAX_BYTES). */
interface UploadedFile {
  filename: string;
  mimetype: string;
  data: Buffer;
}

const isUploadedFile = (value: unknown): value is UploadedFile =>
  typeof value === 'object' && value !== null && Buffer.isBuffer((value as UploadedFile).data);

/**
 * The form: its one file. Other fields are refused by name, as every route refuses fields it
 * does not declare (lib/strict-input.ts). Described to OpenAPI as a binary string.
 */
export const UploadForm = z.object({
  file: z
    .custom<UploadedFile>(isUploadedFile, { message: 'Attach the image as the form’s file field' })
    .meta({ type: 'string', format: 'binary', description: 'The image file' }),
});

/** Control characters and excess length off a client's file name before it reaches the log. */
const cleanName = (name: string) =>
  name
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .trim()
    .slice(0, 200);

/** The multipart plugin's refusals, as this API's errors. */
function multipartError(fastify: FastifyInstance, error: unknown, maxBytes: number): Error {
  const known = fastify.multipartErrors;
  if (error instanceof known.RequestFileTooLargeError) return imageTooLarge(maxBytes);
  if (error instanceof known.FilesLimitError)
    return invalid('too_many_files', 'Upload one image a request');
  if (error instanceof known.FieldsLimitError || error instanceof known.PartsLimitError)
    return invalid('too_many_fields', 'The form has more fields than an upload takes');
  if (error instanceof known.PrototypeViolationError)
    return invalid('invalid_multipart', 'The form names a field __proto__ or constructor');
  // busboy's own: a missing boundary, a body that ends mid-part, a malformed part header.
  return invalid('invalid_multipart', 'The upload is not a well-formed multipart/form-data body');
}

/**
 * Reads the form into `request.body` ({file, ...fields}) before validation. A file over the
 * limit (`maxBytes`, as registerUploadForm was given) stops the read there: the rest of the body
 * is not buffered, and the refusal names that limit.
 */
export async function readForm(
  fastify: FastifyInstance,
  request: FastifyRequest,
  maxBytes = IMAGE_UPLOAD_MAX_BYTES,
): Promise<void> {
  if (!request.isMultipart()) return; // a JSON or empty body: validation refuses it
  const body: Record<string, unknown> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        body[part.fieldname] = {
          filename: cleanName(part.filename),
          mimetype: part.mimetype,
          data: await part.toBuffer(),
        } satisfies UploadedFile;
      } else {
        body[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    throw multipartError(fastify, error, maxBytes);
  }
  request.body = body;
}

/** The multipart reader of a one-image form in this plugin's scope: one file of `fileSize` at most. */
export async function registerUploadForm(fastify: FastifyInstance, fileSize: number) {
  await fastify.register(multipart, {
    limits: { fileSize, files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 20 },
  });
}

export function imageUploadRoutes({ db, requireStaff }: ModuleContext, storage: ImageStorage) {
  const catalog = requireStaff(['catalog']);
  return async (fastify: FastifyInstance) => {
    await registerUploadForm(fastify, IMAGE_UPLOAD_MAX_BYTES);
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.post(
      '/api/staff/catalog/images',
      {
        schema: {
          tags: ['catalog management'],
          security: [{ staffSession: [] }],
          summary:
            'Upload a product photo (catalog): decoded, turned upright, stripped of its metadata and stored; answers the source for a product’s images. At most 10 MB and 50 megapixels; JPEG, PNG, WebP, GIF, AVIF or TIFF.',
          consumes: ['multipart/form-data'],
          body: UploadForm,
          response: { 201: ImageUploadResponse, ...errors(400, 401, 403, 413, 415) },
        },
        onRequest: catalog,
        preValidation: async (request) => readForm(fastify, request),
      },
      async (request, reply) => {
        const { file } = request.body;
        const stored = await storeImage(storage, file.data);
        // The object is stored first: an audit entry never names an image that is not there. A
        // failure between the two leaves an unlisted image, which no product shows.
        await recordAudit(db, actorOf(request), {
          action: 'catalog.image_upload',
          targetType: 'image',
          targetId: stored.source,
          after: { ...stored, fileName: file.filename },
        });
        return reply.status(201).send(stored);
      },
    );
  };
}
