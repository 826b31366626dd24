/**
 * Returns of delivered goods (issue 22, decision 061): the buyer's requests on their own orders
 * and their private photos; the staff's queue of return requests (fulfilment and finance) with
 * accept, refuse and receive (which refunds), every action audited. Photos are served only
 * here, to their buyer and to staff, never through the public /images service.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '@storefront/shared/errors';
import { OrderParams } from '@storefront/shared/orders';
import {
  DeskReturnList,
  DeskReturnQuery,
  DeskReturnRequest,
  RETURN_PHOTO_MAX_BYTES,
  ReturnAcceptBody,
  ReturnCreateBody,
  ReturnList,
  ReturnParams,
  ReturnPhoto,
  ReturnPhotoParams,
  ReturnRefuseBody,
  ReturnRequest,
} from '@storefront/shared/return-requests';
import type { ModuleContext } from '../../module-context.js';
import { readForm, registerUploadForm, UploadForm } from '../images/upload-routes.js';
import { actorOf } from '../staff/audit.js';
import type { ReturnsService } from '../returns/service.js';
import { checkedBuyer } from '../users/authenticate.js';

const errors = (...statuses: (400 | 401 | 403 | 404 | 409 | 413 | 415 | 422)[]) =>
  Object.fromEntries(statuses.map((status) => [status, ErrorBody]));

const image = {
  description: 'The photo (JPEG or PNG, re-encoded without metadata)',
  content: { 'image/jpeg': { schema: z.string() }, 'image/png': { schema: z.string() } },
};

function sendPhoto(
  reply: FastifyReply,
  photo: { data: Buffer; contentType: string; etag: string },
) {
  return (
    reply
      .header('content-type', photo.contentType)
      // Private evidence: never kept by a shared cache, nor sniffed as anything but an image.
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .header('etag', photo.etag)
      .send(photo.data)
  );
}

export function returnRoutes(
  { authenticate, requireStaff }: ModuleContext,
  returns: ReturnsService,
) {
  const desk = requireStaff(['fulfilment', 'finance']);
  const finance = requireStaff(['finance']);
  return async (fastify: FastifyInstance) => {
    await registerUploadForm(fastify, RETURN_PHOTO_MAX_BYTES);
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const buyer = { tags: ['orders'], security: [{ bearer: [] }] };
    const staff = { tags: ['return requests'], security: [{ staffSession: [] }] };

    app.post(
      '/api/orders/:id/returns',
      {
        onRequest: authenticate,
        schema: {
          ...buyer,
          summary:
            'Ask to return units of lines of the buyer’s own delivered order, within 7 days of delivery, as damaged, defective or the wrong item. One open request a line; the refund is the lines’ sold prices.',
          params: OrderParams,
          body: ReturnCreateBody,
          response: { 201: ReturnRequest, ...errors(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await returns.create(checkedBuyer(request), request.params.id, request.body)),
    );

    app.get(
      '/api/orders/:id/returns',
      {
        onRequest: authenticate,
        schema: {
          ...buyer,
          summary:
            'The return requests of one of the buyer’s orders, newest first, and what of the order may be returned now (and if not, why)',
          params: OrderParams,
          response: { 200: ReturnList, ...errors(400, 401, 403, 404) },
        },
      },
      async (request) => returns.listOwn(checkedBuyer(request), request.params.id),
    );

    app.post(
      '/api/returns/:returnId/photos',
      {
        onRequest: authenticate,
        schema: {
          ...buyer,
          summary:
            'Add a photo to the buyer’s own waiting return request (at most 5, 5 MB each; decoded, stripped of metadata and re-encoded; private to the buyer and staff)',
          consumes: ['multipart/form-data'],
          params: ReturnParams,
          body: UploadForm,
          response: { 201: ReturnPhoto, ...errors(400, 401, 403, 404, 409, 413, 415) },
        },
        preValidation: async (request) => readForm(fastify, request, RETURN_PHOTO_MAX_BYTES),
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await returns.addPhoto(
              checkedBuyer(request),
              request.params.returnId,
              request.body.file.data,
            ),
          ),
    );

    app.get(
      '/api/returns/:returnId/photos/:photoId',
      {
        onRequest: authenticate,
        schema: {
          ...buyer,
          summary: 'A photo of the buyer’s own return request',
          params: ReturnPhotoParams,
          response: { 200: image, ...errors(400, 401, 403, 404) },
        },
      },
      async (request, reply) =>
        sendPhoto(
          reply as FastifyReply,
          await returns.photo(
            request.params.returnId,
            request.params.photoId,
            checkedBuyer(request),
          ),
        ),
    );

    app.get(
      '/api/staff/return-requests',
      {
        onRequest: desk,
        schema: {
          ...staff,
          summary:
            'Return requests of delivered goods, newest first, by status, a page at a time (fulfilment, finance)',
          querystring: DeskReturnQuery,
          response: { 200: DeskReturnList, ...errors(400, 401, 403) },
        },
      },
      async (request) => returns.deskList(request.query),
    );

    app.get(
      '/api/staff/return-requests/:returnId',
      {
        onRequest: desk,
        schema: {
          ...staff,
          summary: 'One return request with its buyer (fulfilment, finance)',
          params: ReturnParams,
          response: { 200: DeskReturnRequest, ...errors(400, 401, 403, 404) },
        },
      },
      async (request) => returns.deskOne(request.params.returnId),
    );

    app.get(
      '/api/staff/return-requests/:returnId/photos/:photoId',
      {
        onRequest: desk,
        schema: {
          ...staff,
          summary: 'A photo of a return request (fulfilment, finance)',
          params: ReturnPhotoParams,
          response: { 200: image, ...errors(400, 401, 403, 404) },
        },
      },
      async (request, reply) =>
        sendPhoto(
          reply as FastifyReply,
          await returns.photo(request.params.returnId, request.params.photoId),
        ),
    );

    app.post(
      '/api/staff/return-requests/:returnId/accept',
      {
        onRequest: desk,
        schema: {
          ...staff,
          summary:
            'Accept a waiting return request, with an optional note to the buyer (fulfilment, finance)',
          params: ReturnParams,
          body: ReturnAcceptBody,
          response: { 200: DeskReturnRequest, ...errors(400, 401, 403, 404, 409) },
        },
      },
      async (request) =>
        returns.decide(
          actorOf(request),
          request.params.returnId,
          'accepted',
          request.body.note ?? null,
        ),
    );

    app.post(
      '/api/staff/return-requests/:returnId/refuse',
      {
        onRequest: desk,
        schema: {
          ...staff,
          summary: 'Refuse a waiting return request, saying why (fulfilment, finance)',
          params: ReturnParams,
          body: ReturnRefuseBody,
          response: { 200: DeskReturnRequest, ...errors(400, 401, 403, 404, 409) },
        },
      },
      async (request) =>
        returns.decide(actorOf(request), request.params.returnId, 'refused', request.body.note),
    );

    app.post(
      '/api/staff/return-requests/:returnId/receive',
      {
        onRequest: desk,
        schema: {
          ...staff,
          summary:
            'Mark an accepted return’s goods received; refunds the returned lines’ value through the order desk’s refunds, with its credit note (fulfilment, finance)',
          params: ReturnParams,
          response: { 200: DeskReturnRequest, ...errors(400, 401, 403, 404, 409, 422) },
        },
      },
      async (request) => returns.receive(actorOf(request), request.params.returnId),
    );

    app.post(
      '/api/staff/return-requests/:returnId/refund',
      {
        onRequest: finance,
        schema: {
          ...staff,
          summary:
            'Refund a received return whose refund did not go through when it was received (finance)',
          params: ReturnParams,
          response: { 200: DeskReturnRequest, ...errors(400, 401, 403, 404, 409, 422) },
        },
      },
      async (request) => returns.refund(actorOf(request), request.params.returnId),
    );
  };
}
