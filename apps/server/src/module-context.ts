/**
 * The face every server module has (docs/architecture.md): `modules/<area>/module.ts` exports a
 * function of the ModuleContext (and its own options) that answers a Fastify plugin, which
 * registers the module's routes, builds its clients and starts its workers (when WORKERS is on,
 * on ready; stopped on close). app.ts builds the context and registers the modules in order.
 */
import type {
  FastifyInstance,
  FastifyPluginAsync,
  onRequestAsyncHookHandler,
  preHandlerAsyncHookHandler,
} from 'fastify';
import type { StaffRole } from '@storefront/shared/staff';
import type { StoreSettings } from '@storefront/shared/store-settings';
import type { Config } from './config.js';
import type { Db, DbOrTx } from './db/connect.js';
import type { Limiters } from './lib/limits.js';
import type { Metrics } from './lib/metrics.js';
import type { AccessClaims } from './modules/users/access-tokens.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in buyer's id; set by the context's `authenticate`. */
    userId?: string;
    /**
     * On a route that `checksSession`, the buyer's verified token, whose session its service's
     * first statement checks (users/authenticate.ts, decision 092); `userId` is then unset.
     */
    claims?: AccessClaims;
  }
  interface FastifyContextConfig {
    /** The route's service checks the buyer's session in its first statement (decision 092). */
    checksSession?: boolean;
  }
}

/** A preHandler (or onRequest hook) that sets `request.userId` (or `request.claims`) or answers 401. */
export type Authenticate = preHandlerAsyncHookHandler;

/**
 * An onRequest hook admitting signed-in staff of the `allowed` roles (the owner always): sets
 * `request.staff`, or answers 401 (no staff session) or 403 (a buyer, or another role) before
 * the request's body is read or validated.
 */
export type RequireStaff = (allowed: readonly StaffRole[]) => onRequestAsyncHookHandler;

/**
 * What carts, orders and the catalog tax with (issue 21, decision 052): the store's settings (the
 * seller's state, where it ships) and its HSN rate table, by prefix in basis points.
 */
export interface TaxSetup {
  settings: StoreSettings;
  rates: ReadonlyMap<string, number>;
}

/**
 * The tax setup, read in one statement and kept in memory until any process changes the settings
 * or the rate table (their 'catalog_changed' notification, migration 0019): a cart or an order
 * spends no statement on it (modules/gst/tax-setup.ts).
 */
export interface TaxSetupSource {
  current(): Promise<TaxSetup>;
  /**
   * The same for a caller inside a transaction that has not written them: the kept setup if it
   * has been read, else read through `tx` (a read on another connection may wait for `tx`
   * itself: PGlite has but one).
   */
  inTransaction(tx: Pick<DbOrTx, 'execute'>): Promise<TaxSetup>;
  /** Drops the kept setup (a change was written, or may have been missed). */
  forget(): void;
}

export interface ModuleContext {
  db: Db;
  config: Config;
  /** The buyer authentication of every signed-in route (the users module's). */
  authenticate: Authenticate;
  /** The staff guard of every staff route (the staff module's). */
  requireStaff: RequireStaff;
  /**
   * The rate limiters of lib/limits.ts (shared through Redis when REDIS_URL is set), for a module
   * that applies a limit itself; the routes of ROUTE_LIMITS are limited by the app's hook.
   */
  limiters: Limiters;
  /** The time source of rules that expire things (sessions, links, limits); tests move it. */
  now: () => Date;
  /**
   * Calls `listener` whenever any process changes the catalog (decision 018); answers a
   * function that stops listening.
   */
  onCatalogChange: (listener: () => void) => Promise<() => Promise<void>>;
  /** The store's settings and HSN rate table, cached (the gst module keeps it current). */
  taxSetup: TaxSetupSource;
  /** Answers when the database can take work; throws a class-57 error when it cannot. */
  checkDatabase: () => Promise<void>;
  /** The app's metrics (lib/metrics.ts): a module adds its caches, queues and outcomes. */
  metrics: Metrics;
}

export type ServerModule = FastifyPluginAsync;

/**
 * A module's background work, where WORKERS is on: `start` runs when the app is ready and
 * answers its stop, which the app's close awaits (so a round in flight finishes first).
 */
export function addWorker(
  app: FastifyInstance,
  config: Pick<Config, 'workers'>,
  start: () => () => Promise<void>,
): void {
  if (!config.workers) return;
  let stop: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    stop = start();
  });
  app.addHook('onClose', async () => stop?.());
}
