/**
 * The staff console's build (decision 045): admin.html and src/admin/**, built after the
 * storefront into the same dist/ with a manifest of its own. A separate build, so no module the
 * two share is split into a chunk the storefront would then load: the storefront's build is
 * the same with or without the console.
 */
import { defineConfig, mergeConfig } from 'vite';
import storefront from './vite.config';

export default defineConfig((env) =>
  mergeConfig(storefront(env), {
    // The storefront's build has copied public/ already.
    publicDir: false,
    build: {
      emptyOutDir: false,
      manifest: '.vite/admin-manifest.json',
      rollupOptions: { input: 'admin.html' },
    },
  }),
);
