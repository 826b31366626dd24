// Bundles the server into dist/main.mjs (and the seed CLI, and the PGlite thread's code, which
// main.mjs starts from beside itself): our code and @storefront/shared (TypeScript source)
// inlined, every npm dependency left external and loaded from node_modules. A folder given as
// the argument gets the bundle instead of dist/: the tests' own (src/test/server-bundle.ts).
// Data files the bundled code reads from beside itself are copied there (the PDF fonts:
// modules/invoices/pdf.ts reads `./pdf-fonts/` relative to its own module, which is main.mjs
// once bundled).
import { build } from 'esbuild';
import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@storefront/'));

const outdir = process.argv[2] ?? 'dist';

await build({
  entryPoints: {
    main: 'src/main.ts',
    'seed-cli': 'src/seed/cli.ts',
    'pglite-thread': 'src/db/pglite-thread-main.ts',
  },
  outdir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24', // the Node line of package.json engines.node
  sourcemap: true,
  // Comments and indentation out (stack traces map back through the source map with
  // --enable-source-maps): V8 keeps the bundle's source in the heap for the process's life,
  // 0.8 MB instead of 1 MB, and ASCII, so one byte a character. esbuild escapes strings but not
  // regular expressions or the comments it keeps: a '₹' in either had made it 2 MB
  // (src/build.test.ts).
  minifyWhitespace: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
  logLevel: 'warning',
});

cpSync(
  fileURLToPath(new URL('./src/modules/invoices/pdf-fonts', import.meta.url)),
  join(outdir, 'pdf-fonts'),
  {
    recursive: true,
  },
);
