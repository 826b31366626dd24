/**
 * buildApp(config, database): registers plugins and modules, no listen (STYLE.md "Server").
 * main.ts listens; tests call inject(). Each module is a function of the ModuleContext that
 * returns a Fastify plugin; modules talk to each other only through exported services.
 */
import Fastify, { type FastifyInstance, type preHandlerAsyncHookHandler } from 'fastify';
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database, Db } from './db/connect.js';
import { authenticator, createTokenService, type TokenService } from './lib/auth.js';
import { registerCors } from './lib/cors.js';
import { frameworkErrorHandler, registerErrorHandler } from './lib/error-handler.js';
import { registerInputGuard } from './lib/input-guard.js';
import { createLogger, RequestLogController } from './lib/logger.js';
import { registerQueryCounter } from './lib/query-counter.js';
import { registerSecurityHeaders, securityHeaders } from './lib/security-headers.js';
import { ResponseCache } from './lib/response-cache.js';
import { registerSpa } from './lib/spa.js';
import { catalogPageMeta } from './modules/catalog/page-meta.js';
import { cartRoutes } from './modules/cart/routes.js';
import { catalogRoutes } from './modules/catalog/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { imageRoutes } from './modules/images/routes.js';
import { orderRoutes, type OrdersModuleOptions } from './modules/orders/routes.js';
import { algoliaConnectSrc, searchModule } from './modules/search/module.js';
import { paymentsModule, type PaymentsModuleOptions } from './modules/payments/module.js';
import { userRoutes } from './modules/users/routes.js';

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

/** What every module gets: the database, the config, and the buyer authentication. */
export interface ModuleContext {
  db: Db;
  config: Config;
  tokens: TokenService;
  /** preHandler that sets request.userId or answers 401. */
  authenticate: preHandlerAsyncHookHandler;
  now: () => Date;
}

export async function buildApp({
  config,
  database,
  clock,
  payments,
  orders,
}: AppDeps): Promise<FastifyInstance> {
  const setSecurityHeaders = securityHeaders(algoliaConnectSrc(config));
  const app = Fastify({
    loggerInstance: createLogger(config.logLevel),
    // X-Forwarded-For is believed only from the proxies TRUST_PROXY names (per-address limits).
    // A hop count as Fastify reads a number (its types omit it): the first n hops are proxies.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    bodyLimit: 256 * 1024,
    routerOptions: { maxParamLength: 200 },
    logController: new RequestLogController(),
    frameworkErrors: frameworkErrorHandler(setSecurityHeaders),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(swagger, {
    openapi: {
      info: { title: 'B2B Storefront API', version: '0.1.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  registerSecurityHeaders(app, setSecurityHeaders);
  await app.register(compress, { global: true, threshold: 1024 });
  registerErrorHandler(app);
  registerInputGuard(app);
  registerCors(app, config.corsOrigins);
  if (config.env !== 'production') registerQueryCounter(app);

  const { db } = database;
  const tokens = createTokenService(config.jwtSecret);
  const context: ModuleContext = {
    db,
    config,
    tokens,
    authenticate: authenticator(db, tokens),
    now: clock ?? (() => new Date()),
  };

  await app.register(healthRoutes(db));
  // Catalog answers are cached in-process and dropped whenever any process changes the catalog.
  const catalogCache = new ResponseCache();
  const stopListening = await database.onCatalogChange(() => catalogCache.clear());
  app.addHook('onClose', async () => stopListening());
  await app.register(catalogRoutes(db, catalogCache));
  await app.register(imageRoutes(db, config));
  await app.register(cartRoutes(context));
  await app.register(orderRoutes(context, orders));
  await app.register(userRoutes(context));
  await app.register(searchModule(context));
  await app.register(paymentsModule(context, payments));

  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  await registerSpa(app, config.webDist, catalogPageMeta(db, config.publicUrl));
  return app;
}
