/**
 * The email module: where WORKERS is on, the outbox worker (decision 010) starts with the app
 * and finishes its round when the app closes. Other modules only enqueue (outbox.ts); the
 * invoices module makes the tax documents' PDFs the worker attaches.
 */
import { sql } from 'drizzle-orm';
import { backlogOf } from '../../lib/metrics.js';
import { addWorker, type ModuleContext, type ServerModule } from '../../module-context.js';
import { taxDocumentAttachment } from '../invoices/attachments.js';
import { createMailTransport } from './transport.js';
import { createOutboxWorker, dueAndUnclaimed } from './worker.js';

export function emailModule({ db, config, metrics, now }: ModuleContext): ServerModule {
  return async (app) => {
    // The messages a worker would claim now.
    metrics.addQueue('email', () => {
      const at = now();
      return backlogOf(
        db,
        sql`FROM email_outbox WHERE ${dueAndUnclaimed(at)}`,
        sql`next_attempt_at`,
        at,
      );
    });
    addWorker(app, config, () => {
      const worker = createOutboxWorker({
        db,
        transport: createMailTransport(config, app.log),
        log: app.log,
        // Tax documents' PDFs, made when the message is sent (decision 056).
        attachment: (ref) => taxDocumentAttachment(db, ref),
      });
      worker.start();
      return () => worker.stop();
    });
  };
}
