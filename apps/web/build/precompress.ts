/**
 * Writes every text file of the build also as `.br` (quality 11) and `.gz` (level 9), which
 * the server sends as they are (`preCompressed`, decision 037): no asset is compressed again
 * on each request, and browsers that take Brotli get the smallest encoding there is.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const TEXT = /\.(js|css|svg|json|txt)$/;
/** Below this a compressed copy saves nothing worth a file (as @fastify/compress's threshold). */
const MIN_BYTES = 1024;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'storefront:precompress',
    apply: 'build',
    configResolved(config: ResolvedConfig) {
      outDir = join(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of filesUnder(outDir)) {
        // The manifest is the server's to read, never served.
        if (!TEXT.test(file) || file.includes(`${sep}.vite${sep}`)) continue;
        if (statSync(file).size < MIN_BYTES) continue;
        const bytes = readFileSync(file);
        writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(bytes, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            },
          }),
        );
      }
    },
  };
}
