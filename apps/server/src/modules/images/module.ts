/** The images module: the renderer with its disk cache under DATA_DIR, and its route. */
import { join } from 'node:path';
import type { ModuleContext, ServerModule } from '../../module-context.js';
import { imageRoutes } from './routes.js';
import { createImageRenderer } from './service.js';

export function imagesModule({ db, config }: ModuleContext): ServerModule {
  return async (app) => {
    await app.register(imageRoutes(createImageRenderer(db, join(config.dataDir, 'image-cache'))));
  };
}
