/**
 * Counts the SQL statements each request runs, so that tests can hold reads to their budget
 * (issue 8: a product read and a category page run at most 2 statements each). Outside
 * production the count is sent back in an `x-sql-statements` header.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger } from 'drizzle-orm/logger';
import type { FastifyInstance } from 'fastify';

const storage = new AsyncLocalStorage<{ count: number }>();

export const queryCounter: Logger = {
  logQuery() {
    const store = storage.getStore();
    if (store) store.count++;
  },
};

export function registerQueryCounter(app: FastifyInstance) {
  const stores = new WeakMap<object, { count: number }>();
  app.addHook('onRequest', (request, _reply, done) => {
    const store = { count: 0 };
    stores.set(request, store);
    // Run the rest of the request's lifecycle inside this store's context.
    storage.run(store, done);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const store = stores.get(request);
    if (store) reply.header('x-sql-statements', String(store.count));
    return payload;
  });
}
