import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { ResolvedConfig } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import { precompress } from './precompress';

let root: string;
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** Runs the plugin over a build output holding `files`. */
function buildWith(files: Record<string, string>) {
  root = mkdtempSync(join(tmpdir(), 'precompress-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(root, 'dist', path, '..'), { recursive: true });
    writeFileSync(join(root, 'dist', path), content);
  }
  const plugin = precompress() as {
    configResolved: (config: ResolvedConfig) => void;
    closeBundle: () => void;
  };
  plugin.configResolved({ root, build: { outDir: 'dist' } } as ResolvedConfig);
  plugin.closeBundle();
  return (path: string) => join(root, 'dist', path);
}

const big = (text: string) => text.repeat(400);

describe('the build’s precompressed copies', () => {
  it('writes a Brotli and a gzip copy of each text file that decode to it', () => {
    const file = buildWith({
      'assets/app.js': big('export const a = 1;'),
      'hero/a.svg': big('<g/>'),
    });
    for (const path of ['assets/app.js', 'hero/a.svg']) {
      const original = readFileSync(file(path), 'utf8');
      expect(brotliDecompressSync(readFileSync(file(`${path}.br`))).toString()).toBe(original);
      expect(gunzipSync(readFileSync(file(`${path}.gz`))).toString()).toBe(original);
    }
  });

  it('leaves small files, images and the server’s manifest alone', () => {
    const file = buildWith({
      'assets/tiny.js': 'export {};',
      'placeholder-image.jpg': big('x'),
      '.vite/manifest.json': big('{}'),
      'index.html': big('<p></p>'),
    });
    for (const path of [
      'assets/tiny.js',
      'placeholder-image.jpg',
      '.vite/manifest.json',
      'index.html',
    ]) {
      expect(existsSync(file(`${path}.br`)), path).toBe(false);
      expect(existsSync(file(`${path}.gz`)), path).toBe(false);
    }
  });
});
