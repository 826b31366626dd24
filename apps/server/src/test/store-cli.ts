/** The operator's CLI as a test runs it: `npm run store -- …args` (tsx), with the given environment. */
import { execFile } from 'node:child_process';
import { repoRoot } from '../config.js';

export interface StoreRun {
  code: number;
  stdout: string;
  stderr: string;
}

export function runStore(
  env: Record<string, string | undefined>,
  args: string[],
): Promise<StoreRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/cli/store.ts', ...args],
      { cwd: repoRoot, env: { PATH: process.env.PATH, NODE_ENV: 'test', ...env } },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}
