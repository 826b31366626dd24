/**
 * The GST settings' API (issue 21, decision 052): the store's settings under /api/staff/settings
 * (the owner edits them; finance reads them), the HSN rate table under /api/staff/tax-rates
 * (catalog staff and the owner edit it; finance reads it), every change audited as the signed-in
 * member; and GET /api/store, public and cached, for the storefront. A change empties the
 * process's tax setup and cached answers at once (other processes hear it as a notification).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '@storefront/shared/errors';
import {
  StorePublic,
  StoreSettingsBody,
  StoreSettingsView,
} from '@storefront/shared/store-settings';
import { TaxRate, TaxRateBody, TaxRateList, TaxRateParams } from '@storefront/shared/tax-rates';
import { CACHED_ROUTE, sendCached, type ResponseCache } from '../../lib/response-cache.js';
import type { ModuleContext } from '../../module-context.js';
import { actorOf } from '../staff/audit.js';
import { deleteRate, listRates, setRate } from './rates.js';
import { saveStoreSettings, settingsView, storePublic } from './settings.js';

const errors = (...statuses: (400 | 401 | 403 | 404)[]) =>
  Object.fromEntries(statuses.map((status) => [status, ErrorBody]));

export function gstRoutes(
  { db, config, requireStaff, taxSetup }: ModuleContext,
  cache: ResponseCache,
) {
  const owner = requireStaff(['owner']);
  const settingsReaders = requireStaff(['finance']);
  const rateEditors = requireStaff(['catalog']);
  const rateReaders = requireStaff(['catalog', 'finance']);
  /** After a change: this process drops what it kept now, the others on the notification. */
  const changed = () => {
    taxSetup.forget();
    cache.clear();
  };
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const security = [{ staffSession: [] }];

    app.get(
      '/api/store',
      {
        ...CACHED_ROUTE,
        schema: {
          tags: ['store'],
          summary: 'Who sells (legal name, GSTIN, state) and the countries the store ships to',
          response: { 200: StorePublic },
        },
      },
      (request, reply) =>
        sendCached(cache, request, reply as FastifyReply, StorePublic, async () =>
          storePublic((await taxSetup.current()).settings),
        ),
    );

    const tags = ['store settings'];
    app.get(
      '/api/staff/settings',
      {
        schema: {
          tags,
          security,
          summary:
            "The store's settings (registration, ships-to, series, e-invoicing) with what the registration lacks (owner, finance)",
          response: { 200: StoreSettingsView, ...errors(401, 403) },
        },
        onRequest: settingsReaders,
      },
      async () => settingsView(db, config.env),
    );

    app.put(
      '/api/staff/settings',
      {
        schema: {
          tags,
          security,
          summary: "Save the store's settings (owner)",
          body: StoreSettingsBody,
          response: { 200: StoreSettingsView, ...errors(400, 401, 403) },
        },
        onRequest: owner,
      },
      async (request) => {
        const saved = await saveStoreSettings(db, actorOf(request), request.body, config.env);
        changed();
        return saved;
      },
    );

    app.get(
      '/api/staff/tax-rates',
      {
        schema: {
          tags,
          security,
          summary: 'The HSN rate table (catalog, finance)',
          response: { 200: TaxRateList, ...errors(401, 403) },
        },
        onRequest: rateReaders,
      },
      async () => listRates(db),
    );

    app.put(
      '/api/staff/tax-rates/:hsnPrefix',
      {
        schema: {
          tags,
          security,
          summary: "Set an HSN prefix's GST rate, adding the prefix if new (catalog)",
          params: TaxRateParams,
          body: TaxRateBody,
          response: { 200: TaxRate, ...errors(400, 401, 403) },
        },
        onRequest: rateEditors,
      },
      async (request) => {
        const rate = await setRate(db, actorOf(request), request.params.hsnPrefix, request.body);
        changed();
        return rate;
      },
    );

    app.delete(
      '/api/staff/tax-rates/:hsnPrefix',
      {
        schema: {
          tags,
          security,
          summary:
            "Remove an HSN prefix's rate (its goods take a shorter prefix's, else 18 %) (catalog)",
          params: TaxRateParams,
          response: { 204: z.null(), ...errors(400, 401, 403, 404) },
        },
        onRequest: rateEditors,
      },
      async (request, reply) => {
        await deleteRate(db, actorOf(request), request.params.hsnPrefix);
        changed();
        return reply.status(204).send(null);
      },
    );
  };
}
