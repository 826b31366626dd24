/**
 * The address book API (issue 22, decision 066), under the buyer's account: every route is the
 * signed-in buyer's own book; another buyer's entry id is unknown (404). Every answer is the
 * whole book as it now is.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AddressBookEntryParams,
  AddressBookResponse,
  BillingEntityBody,
  ShippingAddressBody,
} from '@storefront/shared/address-book';
import { ErrorBody } from '@storefront/shared/errors';
import type { ModuleContext } from '../../module-context.js';
import * as book from './service.js';
import { checkedBuyer } from '../users/authenticate.js';

const errors = (...statuses: (400 | 401 | 403 | 404 | 409)[]) =>
  Object.fromEntries(statuses.map((status) => [status, ErrorBody]));

export function addressBookRoutes({ db, authenticate }: ModuleContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    // Before validation: an anonymous caller gets 401, not a description of the payload.
    app.addHook('onRequest', authenticate);
    const tags = ['address book'];
    const security = [{ bearer: [] }];

    app.get(
      '/api/user/address-book',
      {
        schema: {
          tags,
          security,
          summary: "The buyer's saved shipping addresses and billing entities, defaults first",
          response: { 200: AddressBookResponse, ...errors(401, 403) },
        },
      },
      async (request) => ({ payload: await book.getAddressBook(db, checkedBuyer(request)) }),
    );

    app.post(
      '/api/user/addresses',
      {
        schema: {
          tags,
          security,
          summary: 'Save a shipping address (at most 20; the first is the default)',
          body: ShippingAddressBody,
          response: { 201: AddressBookResponse, ...errors(400, 401, 403, 409) },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send({ payload: await book.addAddress(db, checkedBuyer(request), request.body) }),
    );

    app.put(
      '/api/user/addresses/:id',
      {
        schema: {
          tags,
          security,
          summary: 'Change a saved shipping address (orders keep their own copy)',
          params: AddressBookEntryParams,
          body: ShippingAddressBody,
          response: { 200: AddressBookResponse, ...errors(400, 401, 403, 404) },
        },
      },
      async (request) => ({
        payload: await book.updateAddress(
          db,
          checkedBuyer(request),
          request.params.id,
          request.body,
        ),
      }),
    );

    app.delete(
      '/api/user/addresses/:id',
      {
        schema: {
          tags,
          security,
          summary: 'Delete a saved shipping address (a default hands over to the next)',
          params: AddressBookEntryParams,
          response: { 200: AddressBookResponse, ...errors(400, 401, 403, 404) },
        },
      },
      async (request) => ({
        payload: await book.deleteEntry(db, 'address', checkedBuyer(request), request.params.id),
      }),
    );

    app.post(
      '/api/user/addresses/:id/default',
      {
        schema: {
          tags,
          security,
          summary: 'Make a saved shipping address the default',
          params: AddressBookEntryParams,
          response: { 200: AddressBookResponse, ...errors(400, 401, 403, 404) },
        },
      },
      async (request) => ({
        payload: await book.setDefault(db, 'address', checkedBuyer(request), request.params.id),
      }),
    );

    app.post(
      '/api/user/billing-entities',
      {
        schema: {
          tags,
          security,
          summary: 'Save a billing entity: a GSTIN, legal name and registered address, one a state',
          body: BillingEntityBody,
          response: { 201: AddressBookResponse, ...errors(400, 401, 403, 409) },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send({ payload: await book.addBillingEntity(db, checkedBuyer(request), request.body) }),
    );

    app.put(
      '/api/user/billing-entities/:id',
      {
        schema: {
          tags,
          security,
          summary: 'Change a billing entity (orders keep the details they were billed with)',
          params: AddressBookEntryParams,
          body: BillingEntityBody,
          response: { 200: AddressBookResponse, ...errors(400, 401, 403, 404, 409) },
        },
      },
      async (request) => ({
        payload: await book.updateBillingEntity(
          db,
          checkedBuyer(request),
          request.params.id,
          request.body,
        ),
      }),
    );

    app.delete(
      '/api/user/billing-entities/:id',
      {
        schema: {
          tags,
          security,
          summary: 'Delete a billing entity (a default hands over to the next)',
          params: AddressBookEntryParams,
          response: { 200: AddressBookResponse, ...errors(400, 401, 403, 404) },
        },
      },
      async (request) => ({
        payload: await book.deleteEntry(db, 'billing', checkedBuyer(request), request.params.id),
      }),
    );

    app.post(
      '/api/user/billing-entities/:id/default',
      {
        schema: {
          tags,
          security,
          summary: 'Make a billing entity the default',
          params: AddressBookEntryParams,
          response: { 200: AddressBookResponse, ...errors(400, 401, 403, 404) },
        },
      },
      async (request) => ({
        payload: await book.setDefault(db, 'billing', checkedBuyer(request), request.params.id),
      }),
    );
  };
}
