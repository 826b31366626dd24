/** A built web app for a test: the given files (by path) in a temporary webDist directory. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export interface TempWebDist {
  dir: string;
  remove(): void;
}

export function tempWebDist(files: Record<string, string | Uint8Array>): TempWebDist {
  const dir = mkdtempSync(join(tmpdir(), 'web-dist-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
