/**
 * Vitest globalSetup of the projects whose tests start the real server as a child process
 * (crash-server.ts's serverArgs): the server bundled once per run by its own build
 * (apps/server/build.mjs, decision 006), so that each start loads one file, as production's
 * does, instead of compiling the sources through tsx's loader, ~2 s more per start (decision
 * 041). The bundle's folder is this run's own, beside dist/: from there it finds node_modules
 * and the repository's root as dist/main.mjs does.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { repoRoot } from '../config.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The path of the server's bundle (main.mjs) built for this run. */
    serverBundle: string;
  }
}

const serverDir = join(repoRoot, 'apps', 'server');

export function setup(project: TestProject): () => void {
  const outdir = mkdtempSync(join(serverDir, '.test-server-'));
  const build = spawnSync(process.execPath, ['build.mjs', outdir], {
    cwd: serverDir,
    encoding: 'utf8',
  });
  if (build.status !== 0) {
    rmSync(outdir, { recursive: true, force: true });
    throw new Error(`the server's build failed:\n${build.stdout}${build.stderr}`);
  }
  project.provide('serverBundle', join(outdir, 'main.mjs'));
  return () => rmSync(outdir, { recursive: true, force: true });
}

/**
 * A static import of `name` in the server's bundle, which is minified (build.mjs): statements
 * follow one another on a line, so an import starts a line or follows a `;` or a `}`.
 */
export const staticImportOf = (name: string): RegExp =>
  new RegExp(`(?:^|[;}])\\s*import\\s*(?:[^;"'()]*?\\bfrom\\s*)?["']${name}["']`, 'm');
