/**
 * buildApp(config, database): registers plugins and modules, no listen (STYLE.md "Server").
 * main.ts listens; tests call inject(). Every module has the same face (module-context.ts): a
 * function of the ModuleContext that answers a Fastify plugin; modules talk to each other only
 * through exported services. docs/architecture.md draws the whole.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/connect.js';
import { registerCors } from './lib/cors.js';
import {
  clientErrorHandler,
  frameworkErrorHandler,
  registerErrorHandler,
} from './lib/error-handler.js';
import { registerInputGuard } from './lib/input-guard.js';
import { registerRateLimits } from './lib/limits.js';
import { createLogger, RequestLogController } from './lib/logger.js';
import { registerEveryResponse } from './lib/every-response.js';
import { Metrics } from './lib/metrics.js';
import { registerQueryCounter } from './lib/query-counter.js';
import { requestId } from './lib/request-id.js';
import { securityHeaders } from './lib/security-headers.js';
import { registerStrictInput } from './lib/strict-input.js';
import type { ModuleContext } from './module-context.js';
import { buyersModule } from './modules/buyers/module.js';
import { cartModule } from './modules/cart/module.js';
import { catalogModule } from './modules/catalog/module.js';
import { catalogImportModule } from './modules/catalog-import/module.js';
import { catalogPageMeta } from './modules/catalog/page-meta.js';
import { emailModule } from './modules/email/module.js';
import { gstModule } from './modules/gst/module.js';
import { TaxSetupCache } from './modules/gst/tax-setup.js';
import { gstReturnsModule } from './modules/gst-returns/module.js';
import { healthModule } from './modules/health/module.js';
import { imagesModule } from './modules/images/module.js';
import { invoicesModule } from './modules/invoices/module.js';
import { ordersModule, type OrdersModuleOptions } from './modules/orders/module.js';
import { quotesModule } from './modules/quotes/module.js';
import { addressBookModule } from './modules/address-book/module.js';
import { paymentsModule, type PaymentsModuleOptions } from './modules/payments/module.js';
import { algoliaConnectSrc, searchModule } from './modules/search/module.js';
import { registerStaffActivity, staffGuard } from './modules/staff/authenticate.js';
import { staffModule } from './modules/staff/module.js';
import { staffCookie } from './modules/staff/sessions.js';
import { createTokenService } from './modules/users/access-tokens.js';
import { buyerAuthenticator } from './modules/users/authenticate.js';
import { usersModule } from './modules/users/module.js';
import { webAppModule } from './modules/web-app/module.js';

export interface AppDeps {
  config: Config;
  database: Database;
  /** The time source of rules that expire things (sessions, links, limits); tests move it. */
  clock?: () => Date;
  /** Test seams of the payments module (callback delivery, a provider pointed at a fake). */
  payments?: PaymentsModuleOptions;
  /** The orders module's lock timeout (tests shorten or lengthen it). */
  orders?: OrdersModuleOptions;
}

export async function buildApp({
  config,
  database,
  clock,
  payments,
  orders,
}: AppDeps): Promise<FastifyInstance> {
  const headers = securityHeaders(algoliaConnectSrc(config));
  const app = Fastify({
    loggerInstance: createLogger(config.logLevel),
    // Fastify would take any X-Request-Id as given; requestId takes only a plain token.
    requestIdHeader: false,
    genReqId: requestId,
    // lib/every-response.ts answers requests that arrive while closing, in the API's error format.
    return503OnClosing: false,
    // X-Forwarded-For is believed only from the proxies TRUST_PROXY names (per-address limits).
    // A hop count as Fastify reads a number (its types omit it): the first n hops are proxies.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    bodyLimit: 256 * 1024,
    routerOptions: { maxParamLength: 200 },
    logController: new RequestLogController(),
    frameworkErrors: frameworkErrorHandler(headers),
    clientErrorHandler: clientErrorHandler(headers),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(swagger, {
    openapi: {
      info: { title: 'B2B Storefront API', version: '0.1.0' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          // The console's session (modules/staff/sessions.ts); `__Host-staff_session` over HTTPS.
          staffSession: { type: 'apiKey', in: 'cookie', name: 'staff_session' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  registerEveryResponse(app, headers);
  const metrics = new Metrics(database.statements);
  // Counted only where a scraper reads them: a request pays nothing for metrics nobody reads.
  if (config.metricsToken) {
    metrics.countRequests(app);
    metrics.collectProcessMetrics();
    if (database.threadHeap) metrics.addThread('database', database.threadHeap);
  }
  await app.register(compress, { global: true, threshold: 1024 });
  registerErrorHandler(app);
  registerInputGuard(app);
  registerStrictInput(app);
  registerCors(app, config.corsOrigins);
  if (config.env !== 'production') registerQueryCounter(app);
  const now = clock ?? (() => new Date());
  const limiters = await registerRateLimits(app, config, now);

  const { db } = database;
  const tokens = createTokenService(config.jwtSecret);
  const context: ModuleContext = {
    db,
    config,
    authenticate: buyerAuthenticator(db, tokens),
    requireStaff: staffGuard(db, staffCookie(config.publicUrl).name, now),
    limiters,
    now,
    onCatalogChange: (listener) => database.onCatalogChange(listener),
    taxSetup: new TaxSetupCache(db),
    checkDatabase: () => database.check(),
    metrics,
  };

  registerStaffActivity(app, db, now);

  await app.register(healthModule(context));
  // First: the tax setup it keeps current is what the catalog, cart and orders tax with.
  await app.register(gstModule(context));
  await app.register(catalogModule(context));
  await app.register(catalogImportModule(context));
  await app.register(imagesModule(context));
  await app.register(cartModule(context));
  await app.register(ordersModule(context, orders));
  await app.register(quotesModule(context));
  await app.register(addressBookModule(context));
  await app.register(usersModule(context, tokens));
  await app.register(staffModule(context));
  await app.register(buyersModule(context));
  await app.register(searchModule(context));
  await app.register(paymentsModule(context, payments));
  await app.register(invoicesModule(context));
  await app.register(emailModule(context));
  await app.register(gstReturnsModule(context));

  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  await app.register(
    webAppModule(context, catalogPageMeta(db, config.publicUrl, context.taxSetup)),
  );
  return app;
}
