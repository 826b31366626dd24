/**
 * The images module: the renderer with its disk cache under DATA_DIR, its public routes, the
 * staff's photo upload, and the storage of uploads (a directory or an S3 bucket, storage.ts).
 */
import { join } from 'node:path';
import type { ModuleContext, ServerModule } from '../../module-context.js';
import { imageRoutes } from './routes.js';
import { createImageRenderer } from './service.js';
import { imageStorage } from './storage.js';
import { imageUploadRoutes } from './upload-routes.js';

export function imagesModule(context: ModuleContext): ServerModule {
  const { db, config } = context;
  const storage = imageStorage(config);
  return async (app) => {
    await app.register(
      imageRoutes(createImageRenderer(db, storage, join(config.dataDir, 'image-cache'))),
    );
    await app.register(imageUploadRoutes(context, storage));
  };
}
