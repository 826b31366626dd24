/**
 * The catalog import and export module (issue 20, decision 051): the staff routes, and the runner
 * of import jobs. A job runs in the process that took the upload or the apply; with workers, this
 * process also picks up, at start and every few seconds, any job whose process died (its lease
 * lapsed), which then resumes from its cursor.
 */
import type { ModuleContext, ServerModule } from '../../module-context.js';
import { addWorker } from '../../module-context.js';
import { ImportRunner } from './jobs.js';
import { catalogImportRoutes } from './routes.js';

/** How often a worker looks for jobs left without a process. */
const SCAN_MS = 5_000;

export function catalogImportModule(context: ModuleContext): ServerModule {
  return async (app) => {
    const runner = new ImportRunner(context.db, context.config, (message, error) =>
      app.log.error({ err: error }, message),
    );
    app.addHook('onClose', async () => runner.close());
    addWorker(app, context.config, () => {
      const scan = () =>
        runner.scan().catch((error: unknown) => app.log.error({ err: error }, 'import scan'));
      void scan();
      const timer = setInterval(() => void scan(), SCAN_MS);
      return async () => clearInterval(timer);
    });
    await app.register(catalogImportRoutes(context, runner));
  };
}
