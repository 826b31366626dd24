import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { precompress } from './build/precompress';
import { zodJitlessFirst } from './build/zod-jitless';

// `--ssr`: the server's renderer (src/entry-server.tsx, decision 070) into dist-ssr, beside the
// browser's build and never served; its dependencies stay in node_modules, but for React Router
// (below) and lucide-react, which are bundled.
/**
 * React Router's package exports only its development build (react-router#12532); the production
 * build beside it differs in one constant, ENABLE_DEV_WARNINGS, which lets the minifier drop the
 * warnings' code and strings. Both builds take it: the server's renderer then bundles React
 * Router's production build instead of loading the development one from node_modules (its
 * warnings at run time, and 0.75 MB more of the server's heap: its source has characters beyond
 * Latin-1, so V8 keeps it at two bytes a character).
 */
const reactRouterProduction = (entry: string) =>
  fileURLToPath(import.meta.resolve(entry)).replace(/\/dist\/development\//, '/dist/production/');

export default defineConfig(({ isSsrBuild, mode }) => ({
  plugins: [
    react(),
    tailwindcss(),
    ...(isSsrBuild ? [] : [precompress()]),
    // Zod parses jitless in every chunking (the CSP refuses its eval probe): see the plugin.
    zodJitlessFirst(fileURLToPath(new URL('./src/lib/zod-config.ts', import.meta.url))),
  ],
  resolve: {
    // Radix Dialog's scroll lock injects a <style> element, which the CSP blocks; this stand-in
    // applies the same CSS through a constructed stylesheet (see the file's comment).
    alias: [
      {
        find: /^react-style-singleton$/,
        replacement: fileURLToPath(new URL('./src/lib/vendor/style-singleton.ts', import.meta.url)),
      },
      // InstantSearch's history router (unused: the app owns the search URL) is all qs is for.
      {
        find: /^qs$/,
        replacement: fileURLToPath(new URL('./src/lib/vendor/qs-unused.ts', import.meta.url)),
      },
      ...(mode === 'production'
        ? [{ find: /^react-router$/, replacement: reactRouterProduction('react-router') }]
        : []),
    ],
  },
  ssr: {
    // React Router's own dependencies go with it into the bundle, as it resolves them (its
    // cookie@1 beside it, not the root's cookie@2, whose API differs).
    noExternal: ['lucide-react', 'cookie', 'set-cookie-parser'],
  },
  build: {
    outDir: isSsrBuild ? 'dist-ssr' : 'dist',
    copyPublicDir: !isSsrBuild,
    sourcemap: false,
    // dist/.vite/manifest.json: the bench reads each route's initial chunks from it.
    manifest: !isSsrBuild,
    target: 'es2022',
    rolldownOptions: {
      // page-scripts.ts starts a server-rendered page's scripts after its paint (decision 085).
      ...(isSsrBuild
        ? {}
        : { input: { index: 'index.html', 'page-scripts': 'src/page-scripts.ts' } }),
      output: {
        codeSplitting: {
          // What the entry imports statically, the frame every route loads first, is one chunk:
          // Rolldown had split React, React Query's core and a few helpers into chunks of their
          // own (the pages import them too), and six files gzipped apart came to 2 KB more.
          groups: [
            {
              name: 'index',
              tags: ['$initial'],
              // page-scripts.ts, an entry of its own, stays a few hundred bytes apart.
              test: (id: string) => !id.endsWith('/src/page-scripts.ts'),
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/images': 'http://127.0.0.1:3000',
      '/sandbox-pay': 'http://127.0.0.1:3000',
    },
  },
}));
