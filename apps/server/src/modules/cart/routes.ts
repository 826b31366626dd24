import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CartItemAddBody,
  CartItemDeleteBody,
  CartItemParams,
  CartItemPatchBody,
  CartQuery,
  CartResponse,
} from '@storefront/shared/cart';
import { ErrorBody } from '@storefront/shared/errors';
import {
  QUICK_ORDER_ROWS_MAX,
  QUICK_ORDER_TEMPLATE_CSV,
  QUICK_ORDER_TEMPLATE_NAME,
  QUICK_ORDER_TEXT_TYPES,
  QuickOrderBody,
  QuickOrderReport,
} from '@storefront/shared/quick-order';
import { QUICK_ORDER_TEXT_MAX_BYTES } from '@storefront/shared/constants';
import type { ModuleContext } from '../../module-context.js';
import type { Db } from '../../db/connect.js';
import { invalid } from '../../lib/errors.js';
import { supplyOfQuery } from '../gst/tax.js';
import { callerId, checkedBuyer, routeCaller, type Caller } from '../users/authenticate.js';
import { decodeText, readQuickOrderText } from './quick-order-file.js';
import { addQuickOrder, checkQuickOrder, rowsOfBody } from './quick-order.js';
import * as cart from './service.js';

// 403 account_disabled: the owner disabled the account (users/authenticate.ts). 409: too few
// units in stock for the line, or a line of a product no longer sold (decision 048), or (an
// add) the buyer's lines of the product changed under it again and again (cart_busy, 091).
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

const isText = (type: string | undefined) =>
  QUICK_ORDER_TEXT_TYPES.some((text) => type?.toLowerCase().startsWith(text) === true);

/** A change to one of the buyer's lines, by who asks (a checked id, or a `Caller`). */
type LineChange<Who, Body> = (db: Db, who: Who, productId: string, body: Body) => Promise<void>;

/** Spec §7 cart calls. Every change answers the whole cart, so the screen needs no refetch. */
export function cartRoutes({ db, authenticate, taxSetup }: ModuleContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    // onRequest, before body validation: without a token the answer is 401, never a 400 that
    // would describe the payload to an anonymous caller.
    app.addHook('onRequest', authenticate);
    const tags = ['cart'];
    const security = [{ bearer: [] }];

    // The spec's client reads the cart at both cart/ and /api/cart (§7); one handler, one
    // documented path.
    for (const url of ['/api/cart/', '/api/cart']) {
      app.get(
        url,
        {
          schema: {
            tags,
            security,
            hide: url === '/api/cart',
            summary:
              "The buyer's cart: the spec's items map, priced lines and their GST (split between the heads when the query gives a place of supply)",
            querystring: CartQuery,
            response: { 200: CartResponse, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
          },
        },
        async (request) => {
          const setup = await taxSetup.current();
          const supply = supplyOfQuery(setup.settings.stateCode, request.query);
          return cart.getCart(db, checkedBuyer(request), setup, supply);
        },
      );
    }

    /**
     * A change to one line; every change answers the whole cart. An add checks the buyer's
     * session in its first read (decision 092), the others are checked by `authenticate`.
     */
    function lineRoute<Body extends z.ZodType>(
      method: 'POST' | 'PATCH' | 'DELETE',
      summary: string,
      body: Body,
      line:
        | { checksSession: true; change: LineChange<Caller, z.infer<Body>> }
        | { checksSession: false; change: LineChange<string, z.infer<Body>> },
    ) {
      app.route({
        method,
        url: '/api/cart/items/:productId',
        config: { checksSession: line.checksSession },
        schema: {
          tags,
          security,
          summary,
          params: CartItemParams,
          body,
          response: { 200: CartResponse, ...errors },
        },
        handler: async (request) => {
          // Validated by `body` above; the provider cannot carry a generic schema's type here.
          const parsed = request.body as z.infer<Body>;
          const { productId } = request.params;
          if (line.checksSession) await line.change(db, routeCaller(request), productId, parsed);
          else await line.change(db, checkedBuyer(request), productId, parsed);
          // The change checked the caller: its id is the buyer's.
          return cart.getCart(db, callerId(routeCaller(request)), await taxSetup.current());
        },
      });
    }

    lineRoute(
      'POST',
      'Add a quantity to the line of this product, variant and source',
      CartItemAddBody,
      { checksSession: true, change: cart.addItem },
    );
    lineRoute(
      'PATCH',
      'Set the quantity of the line of this product, variant and source',
      CartItemPatchBody,
      { checksSession: false, change: cart.setQuantity },
    );
    lineRoute('DELETE', 'Remove the line of this product, variant and source', CartItemDeleteBody, {
      checksSession: false,
      change: cart.removeItem,
    });

    // Quick order (issue 22, decision 065).
    const quickTags = ['quick order'];
    app.post(
      '/api/cart/quick-order/check',
      {
        schema: {
          tags: quickTags,
          security,
          summary: `Check rows of SKU (product code, variant SKU or seller SKU) and quantity at once, as if added in order to the cart as it stands; each row answers its problem or null. Writes nothing. At most ${QUICK_ORDER_ROWS_MAX} rows`,
          body: QuickOrderBody,
          response: { 200: QuickOrderReport, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
        },
      },
      async (request) => checkQuickOrder(db, checkedBuyer(request), rowsOfBody(request.body.rows)),
    );

    app.post(
      '/api/cart/quick-order',
      {
        schema: {
          tags: quickTags,
          security,
          summary:
            'Add every row to the cart in one transaction, merged into the lines it holds, or none: a row that fails its check answers 400 quick_order_rows_invalid with each failing row in `issues` (path rows.<index>). Answers the cart',
          body: QuickOrderBody,
          response: { 200: CartResponse, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
        },
      },
      async (request) => {
        const lines = await addQuickOrder(db, checkedBuyer(request), rowsOfBody(request.body.rows));
        return cart.cartOf(lines, await taxSetup.current());
      },
    );

    // A file or a paste, as text: this scope's own parser (the other routes take JSON only).
    app.addContentTypeParser(
      [...QUICK_ORDER_TEXT_TYPES],
      { parseAs: 'buffer', bodyLimit: QUICK_ORDER_TEXT_MAX_BYTES },
      (_request, body, done) => done(null, decodeText(body as Buffer)),
    );
    app.post(
      '/api/cart/quick-order/csv',
      {
        schema: {
          tags: quickTags,
          security,
          summary: `Read a CSV file (text/csv) or a spreadsheet paste (text/plain or text/tab-separated-values): a header row naming the SKU and Quantity columns, or two columns without one; tabs or commas; quoted cells; a byte-order mark; UTF-8 or Windows-1252; at most ${QUICK_ORDER_TEXT_MAX_BYTES / 1024} KB and 200 rows. Answers the same report as the check, each row by its row in the file; nothing is added (confirm through POST /api/cart/quick-order)`,
          consumes: [...QUICK_ORDER_TEXT_TYPES],
          body: z.string(),
          response: { 200: QuickOrderReport, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
        },
      },
      async (request) => {
        // The scope's JSON parser would hand a JSON string body through as text.
        if (!isText(request.headers['content-type']))
          throw invalid(
            'quick_order_not_text',
            'Send the file as text/csv, or pasted rows as text/plain',
          );
        return checkQuickOrder(db, checkedBuyer(request), readQuickOrderText(request.body));
      },
    );
  };
}

/** The quick order's CSV template: public, so that a plain link downloads it. */
export function quickOrderTemplateRoute() {
  return async (fastify: FastifyInstance) => {
    fastify.withTypeProvider<ZodTypeProvider>().get(
      '/api/cart/quick-order/template.csv',
      {
        schema: {
          tags: ['quick order'],
          summary: 'The quick order CSV template: its header row (SKU, Quantity)',
          response: {
            200: {
              description: 'The CSV template',
              content: { 'text/csv': { schema: z.string() } },
            },
          },
        },
      },
      async (_request, reply) =>
        (reply as FastifyReply)
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${QUICK_ORDER_TEMPLATE_NAME}"`)
          .send(QUICK_ORDER_TEMPLATE_CSV),
    );
  };
}
