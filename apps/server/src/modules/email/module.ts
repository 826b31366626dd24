/**
 * The email module: where WORKERS is on, the outbox worker (decision 010) starts with the app
 * and finishes its round when the app closes. Other modules only enqueue (outbox.ts).
 */
import type { ModuleContext, ServerModule } from '../../module-context.js';
import { createMailTransport } from './transport.js';
import { createOutboxWorker, type OutboxWorker } from './worker.js';

export function emailModule({ db, config }: ModuleContext): ServerModule {
  return async (app) => {
    if (!config.workers) return;
    let worker: OutboxWorker | undefined;
    app.addHook('onReady', async () => {
      worker = createOutboxWorker({
        db,
        transport: createMailTransport(config, app.log),
        log: app.log,
      });
      worker.start();
    });
    app.addHook('onClose', async () => worker?.stop());
  };
}
