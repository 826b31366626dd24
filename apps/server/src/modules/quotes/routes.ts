/**
 * The quotes API (issue 22, decision 060): the buyer's under /api/quotes (their own quotes
 * only; another's is 404; they may withdraw or decline one, decision 073), the staff's queue
 * under /api/staff/quotes (owner, finance), each staff action audited.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ErrorBody } from '@storefront/shared/errors';
import { OrderCreateResponse } from '@storefront/shared/orders';
import {
  QuoteAcceptBody,
  QuoteAnswerBody,
  QuoteBuyerDeclineBody,
  QuoteDeclineBody,
  QuoteListResponse,
  QuoteMessageBody,
  QuoteParams,
  QuoteRequestBody,
  QuoteResponse,
  QuoteWithdrawBody,
  StaffQuoteQuery,
} from '@storefront/shared/quotes';
import type { ModuleContext } from '../../module-context.js';
import { actorOf } from '../staff/audit.js';
import * as quotes from './service.js';
import { checkedBuyer } from '../users/authenticate.js';

const errors = (...statuses: (400 | 401 | 403 | 404 | 409 | 422)[]) =>
  Object.fromEntries(statuses.map((status) => [status, ErrorBody]));

export function buyerQuoteRoutes({ db, config, authenticate, taxSetup, now }: ModuleContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.addHook('onRequest', authenticate);
    const tags = ['quotes'];
    const security = [{ bearer: [] }];

    app.post(
      '/api/quotes/',
      {
        schema: {
          tags,
          security,
          summary: 'Ask for a quote on lines of any quantity, with a note and target prices',
          body: QuoteRequestBody,
          response: { 201: QuoteResponse, ...errors(400, 401, 403, 404, 422) },
        },
      },
      async (request, reply) =>
        reply.status(201).send({
          payload: await quotes.requestQuote(db, checkedBuyer(request), request.body, now()),
        }),
    );

    app.get(
      '/api/quotes/',
      {
        schema: {
          tags,
          security,
          summary: "The buyer's quotes, newest first",
          response: { 200: QuoteListResponse, ...errors(401, 403) },
        },
      },
      async (request) => {
        const { payload } = await quotes.listQuotes(db, {
          userId: checkedBuyer(request),
          now: now(),
        });
        return { payload };
      },
    );

    app.get(
      '/api/quotes/:id',
      {
        schema: {
          tags,
          security,
          summary: "One of the buyer's quotes, with its versions and messages",
          params: QuoteParams,
          response: { 200: QuoteResponse, ...errors(400, 401, 403, 404) },
        },
      },
      async (request) => ({
        payload: await quotes.getQuote(db, request.params.id, {
          userId: checkedBuyer(request),
          now: now(),
        }),
      }),
    );

    app.post(
      '/api/quotes/:id/messages',
      {
        schema: {
          tags,
          security,
          summary: 'The buyer writes on their quote',
          params: QuoteParams,
          body: QuoteMessageBody,
          response: { 200: QuoteResponse, ...errors(400, 401, 403, 404) },
        },
      },
      async (request) => ({
        payload: await quotes.addMessage(
          db,
          request.params.id,
          request.body.body,
          { userId: checkedBuyer(request) },
          now(),
        ),
      }),
    );

    /**
     * The buyer ends their quote (decision 073): withdrawing a request and declining a price
     * share one handler; each keeps its own summary and body.
     */
    function closingRoute<Body extends z.ZodType<{ reason: string }>>(
      action: quotes.BuyerClosing['action'],
      summary: string,
      body: Body,
      closingOf: (body: z.infer<Body>) => quotes.BuyerClosing,
    ) {
      app.post(
        `/api/quotes/:id/${action}`,
        {
          schema: {
            tags,
            security,
            summary,
            params: QuoteParams,
            body,
            response: { 200: QuoteResponse, ...errors(400, 401, 403, 404, 409) },
          },
        },
        async (request) => {
          // Validated by `body` above; the provider cannot carry a generic schema's type here.
          const parsed = request.body as z.infer<Body>;
          return {
            payload: await quotes.closeQuote(
              db,
              checkedBuyer(request),
              request.params.id,
              closingOf(parsed),
              parsed.reason,
              { now: now(), publicUrl: config.publicUrl },
            ),
          };
        },
      );
    }

    closingRoute(
      'withdraw',
      'Withdraw a request not yet priced, with an optional reason; final, emailed to the quote desk',
      QuoteWithdrawBody,
      () => ({ action: 'withdraw' }),
    );
    closingRoute(
      'decline',
      'Decline the price seen (its version, unexpired), with an optional reason; final, emailed to the quote desk',
      QuoteBuyerDeclineBody,
      ({ version }) => ({ action: 'decline', version }),
    );

    app.post(
      '/api/quotes/:id/accept',
      {
        schema: {
          tags,
          security,
          summary:
            'Accept the latest price before it expires: one order at the quoted prices (then paid as any order)',
          params: QuoteParams,
          body: QuoteAcceptBody,
          response: { 201: OrderCreateResponse, ...errors(400, 401, 403, 404, 409, 422) },
        },
      },
      async (request, reply) => {
        const order = await quotes.acceptQuote(
          db,
          checkedBuyer(request),
          request.params.id,
          request.body,
          { setup: await taxSetup.current(), env: config.env },
          now(),
        );
        return reply.status(201).send(order);
      },
    );
  };
}

export function staffQuoteRoutes({ db, config, requireStaff, now }: ModuleContext) {
  // Prices and buyers' details: the owner and finance.
  const sales = requireStaff(quotes.QUOTE_DESK_ROLES);
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['quote desk'];
    const security = [{ staffSession: [] }];
    const context = () => ({ now: now(), publicUrl: config.publicUrl });

    app.get(
      '/api/staff/quotes',
      {
        schema: {
          tags,
          security,
          summary: 'The quote queue, newest first, by status, a page at a time (owner, finance)',
          querystring: StaffQuoteQuery,
          response: { 200: QuoteListResponse, ...errors(400, 401, 403) },
        },
        onRequest: sales,
      },
      async (request) => quotes.listQuotes(db, { ...request.query, now: now() }),
    );

    app.get(
      '/api/staff/quotes/:id',
      {
        schema: {
          tags,
          security,
          summary: 'A quote with its buyer, versions and messages (owner, finance)',
          params: QuoteParams,
          response: { 200: QuoteResponse, ...errors(400, 401, 403, 404) },
        },
        onRequest: sales,
      },
      async (request) => ({
        payload: await quotes.getQuote(db, request.params.id, { now: now(), withBuyer: true }),
      }),
    );

    app.post(
      '/api/staff/quotes/:id/answer',
      {
        schema: {
          tags,
          security,
          summary: 'Price each line and set the expiry: a new version, emailed; audited',
          params: QuoteParams,
          body: QuoteAnswerBody,
          response: { 200: QuoteResponse, ...errors(400, 401, 403, 404, 409, 422) },
        },
        onRequest: sales,
      },
      async (request) => ({
        payload: await quotes.answerQuote(
          db,
          actorOf(request),
          request.params.id,
          request.body,
          context(),
        ),
      }),
    );

    app.post(
      '/api/staff/quotes/:id/decline',
      {
        schema: {
          tags,
          security,
          summary: 'Decline a quote with a reason, emailed; audited',
          params: QuoteParams,
          body: QuoteDeclineBody,
          response: { 200: QuoteResponse, ...errors(400, 401, 403, 404, 409) },
        },
        onRequest: sales,
      },
      async (request) => ({
        payload: await quotes.declineQuote(
          db,
          actorOf(request),
          request.params.id,
          request.body.reason,
          context(),
        ),
      }),
    );

    app.post(
      '/api/staff/quotes/:id/messages',
      {
        schema: {
          tags,
          security,
          summary: 'Write to the buyer on a quote, emailed; audited',
          params: QuoteParams,
          body: QuoteMessageBody,
          response: { 200: QuoteResponse, ...errors(400, 401, 403, 404) },
        },
        onRequest: sales,
      },
      async (request) => ({
        payload: await quotes.addMessage(
          db,
          request.params.id,
          request.body.body,
          { who: actorOf(request), publicUrl: config.publicUrl },
          now(),
        ),
      }),
    );
  };
}
