/**
 * The processes a benchmark runs: the production server build (with its peak RSS sampled from
 * /proc every 250 ms) and the baseline, a bare Fastify route that answers the same bytes from
 * memory — the ceiling of a Node server on this machine.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../../apps/server/node-flags.mjs';
import { repoRoot } from './paths.js';
import { treeMemory } from './process-tree.js';

export interface RunningProcess {
  baseUrl: string;
  pid: number;
  peakRssMb(): number;
  resetPeak(): void;
  stop(): Promise<void>;
}

/** The resident memory of the process and its descendants (PGlite's thread is inside it). */
const rssMb = (pid: number): number => treeMemory(pid).rssMb;

async function waitFor(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`process exited with ${child.exitCode} before answering ${url}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no answer from ${url} within ${timeoutMs} ms`);
}

/**
 * Refuses a port another process listens on: the health check would be answered by that process,
 * and every figure of the run measured on it.
 */
async function ensurePortFree(port: number): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(`port ${port} is in use by another process: stop it or pass --port`)
          : error,
      ),
    );
    probe.listen(port, () => probe.close(() => resolve()));
  });
}

function track(child: ChildProcess, baseUrl: string): RunningProcess {
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(child.pid!))), 250);
  return {
    baseUrl,
    pid: child.pid!,
    peakRssMb: () => Math.round(Math.max(peak, rssMb(child.pid!))),
    resetPeak: () => (peak = rssMb(child.pid!)),
    async stop() {
      clearInterval(sampler);
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

export async function startServer(
  env: Record<string, string>,
  port: number,
): Promise<RunningProcess> {
  await ensurePortFree(port);
  const child = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, join(repoRoot, 'apps/server/dist/main.mjs')],
    {
      cwd: repoRoot,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...SERVER_ENV,
        ...process.env,
        NODE_ENV: 'production',
        // The demo's settings (sandbox payments, bench buyers with a published password), and the
        // rate limits raised 1000-fold: the load comes from one address (search at up to thousands
        // of requests a second, logins in bursts of 20).
        ALLOW_DEMO: 'true',
        RATE_LIMIT_SCALE: '1000',
        LOG_LEVEL: 'warn',
        WORKERS: 'false',
        SEED_ON_START: 'false',
        PORT: String(port),
        ...env,
      },
    },
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitFor(`${baseUrl}/api/health`, child, 120_000);
  return track(child, baseUrl);
}

/** An answer as it crossed the wire: its bytes, its type, and its encoding when compressed. */
export interface WireAnswer {
  body: Buffer;
  type: string;
  encoding?: string;
}

/**
 * A bare Fastify server answering `answer` to every GET and POST, compressed as the server sent
 * it (the same bytes, with the same `content-encoding`).
 */
export async function startBaseline(answer: WireAnswer, port: number): Promise<RunningProcess> {
  await ensurePortFree(port);
  const file = join(tmpdir(), `bench-baseline-${port}.bin`);
  writeFileSync(file, answer.body);
  const child = spawn(process.execPath, [join(repoRoot, 'bench/baseline-server.mjs')], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      BASELINE_BODY: file,
      BASELINE_TYPE: answer.type,
      ...(answer.encoding ? { BASELINE_ENCODING: answer.encoding } : {}),
      PORT: String(port),
    },
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitFor(`${baseUrl}/`, child, 30_000);
  return track(child, baseUrl);
}
