/**
 * What the crash tests (`*crash*.test.ts`, `npm run test:crash`) share: the real server as a
 * child process that can be killed with SIGKILL or stopped with SIGTERM, a database per round
 * copied from a template the file prepares once (a PGlite data directory, or a PostgreSQL
 * database made with CREATE DATABASE … TEMPLATE), and the rounds' seeds.
 *
 * Seeds: CRASH_SEED (one seed, or a comma list) replays rounds; otherwise CRASH_ROUNDS (default
 * 1) rounds get fresh seeds. Every round's test name carries its seed, so a failure names it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import type { OrderCreateInput } from '@storefront/shared/orders';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../../node-flags.mjs';
import { repoRoot } from '../config.js';
import { connectDatabase, type Database } from '../db/connect.js';
import { testDbKind } from './app.js';
import { adminStatement, postgresDatabaseUrl } from './database-template.js';

export const crashDbKind = testDbKind;

/** The rounds' seeds: CRASH_SEED's list, or CRASH_ROUNDS fresh ones. */
export function crashSeeds(): number[] {
  const given = process.env.CRASH_SEED;
  if (given) return given.split(',').map((s) => Number(s.trim()));
  const rounds = Number(process.env.CRASH_ROUNDS ?? 1);
  return Array.from({ length: rounds }, () => randomInt(1, 1_000_000));
}

/** A small deterministic generator (a linear congruential one): the same seed, the same round. */
export function seededRandom(seed: number): () => number {
  let state = seed % 2 ** 31;
  return () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The checkout body of every buyer these tests make. */
export const CRASH_SHIPPING: OrderCreateInput = {
  recipientName: 'Crash Test',
  shippingAddress1: '1 Test Road',
  shippingCity: 'Pune',
  shippingState: 'Maharashtra',
  shippingPostalCode: '411001',
  shippingCountry: 'in',
  shippingPhoneNumber: '9876543210',
};

/** A JWT secret shared by the test (which mints buyers' tokens) and every server it starts. */
export const CRASH_JWT_SECRET = randomBytes(32).toString('hex');

/** One round's database: DATA_DIR (PGlite's data under it) and, on PostgreSQL, DATABASE_URL. */
export interface CrashDatabase {
  dataDir: string;
  databaseUrl: string | undefined;
  /** The server's environment for this database. */
  env: Record<string, string>;
  /** Opens it in the test process (on PGlite only while no server has it open). */
  open(): Promise<Database>;
  drop(): Promise<void>;
}

function crashDatabase(
  dataDir: string,
  databaseUrl: string | undefined,
  drop: () => Promise<void>,
) {
  const database: CrashDatabase = {
    dataDir,
    databaseUrl,
    env: { DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
    open: () => connectDatabase({ databaseUrl, dataDir }),
    async drop() {
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return database;
}

/** A new, empty database (nothing migrated): what a first start finds. */
export async function emptyDatabase(): Promise<CrashDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'storefront-crash-'));
  if (crashDbKind === 'pglite') return crashDatabase(dataDir, undefined, async () => {});
  const name = `storefront_crash_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminStatement(`CREATE DATABASE ${name}`);
  return crashDatabase(dataDir, postgresDatabaseUrl(name), () =>
    adminStatement(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  );
}

/**
 * A database prepared once by `prepare` (migrated first; given DATA_DIR too, where the secrets
 * are kept), closed, and then copied for each round, so every round starts from the same state
 * and pays only for a copy.
 */
export async function databaseTemplate(
  prepare: (database: Database, dataDir: string) => Promise<void>,
) {
  const template = await emptyDatabase();
  const database = await template.open();
  try {
    await database.migrate();
    await prepare(database, template.dataDir);
  } finally {
    await database.close();
  }
  return {
    async copy(): Promise<CrashDatabase> {
      const dataDir = mkdtempSync(join(tmpdir(), 'storefront-crash-'));
      cpSync(template.dataDir, dataDir, { recursive: true });
      if (!template.databaseUrl) return crashDatabase(dataDir, undefined, async () => {});
      const name = `storefront_crash_${process.pid}_${randomBytes(4).toString('hex')}`;
      const source = new URL(template.databaseUrl).pathname.slice(1);
      await adminStatement(`CREATE DATABASE ${name} TEMPLATE ${source}`);
      return crashDatabase(dataDir, postgresDatabaseUrl(name), () =>
        adminStatement(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      );
    },
    drop: () => template.drop(),
  };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** How the process ended: its exit code, or the signal that ended it. */
export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/**
 * Node's arguments that start the server (apps/server/src/main.ts), from the repository's root:
 * the bundle built for this run (./server-bundle.ts), else the sources through tsx's loader, not
 * the tsx CLI, whose own child would outlive a SIGKILL (a project without that globalSetup;
 * `inject` throws outside Vitest).
 */
export function serverArgs(): string[] {
  let bundle: string | undefined;
  try {
    bundle = inject('serverBundle');
  } catch {
    bundle = undefined;
  }
  // The build runs with the production's heap settings (node-flags.mjs; its malloc settings are
  // in the environment, spawn below).
  return bundle
    ? [...SERVER_NODE_FLAGS, '--enable-source-maps', bundle]
    : ['--import', 'tsx', 'apps/server/src/main.ts'];
}

/** The server as a child process on `database`, started as serverArgs says. */
export class ServerProcess {
  readonly url: string;
  private child: ChildProcess | undefined;
  private exited: Promise<Exit> | undefined;
  /** The last 20,000 characters the server wrote, for failure messages. */
  output = '';

  constructor(
    private readonly database: CrashDatabase,
    private readonly port: number,
    private readonly env: Record<string, string> = {},
  ) {
    this.url = `http://127.0.0.1:${port}`;
  }

  /** Spawns the server; `watch` sees its output as it comes (to act on a line). */
  spawn(watch?: (text: string) => void): void {
    const child = spawn(process.execPath, serverArgs(), {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...SERVER_ENV,
        ...process.env,
        NODE_ENV: 'test',
        JWT_SECRET: CRASH_JWT_SECRET,
        HOST: '127.0.0.1',
        PORT: String(this.port),
        PUBLIC_URL: this.url,
        LOG_LEVEL: 'warn',
        SEED_ON_START: 'false',
        WORKERS: 'false',
        // Hundreds of buyers from one address: the limits are not what these tests test.
        RATE_LIMIT_SCALE: '1000',
        ...this.database.env,
        ...this.env,
      },
    });
    const record = (chunk: Buffer) => {
      const text = chunk.toString();
      this.output = (this.output + text).slice(-20_000);
      watch?.(text);
    };
    child.stdout!.on('data', record);
    child.stderr!.on('data', record);
    this.exited = new Promise((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal })),
    );
    this.child = child;
  }

  /** Spawns the server and waits until /api/health answers. */
  async start(): Promise<void> {
    this.spawn();
    await this.ready();
  }

  async ready(timeoutMs = 120_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    let exit: Exit | undefined;
    void this.exited!.then((e) => (exit = e));
    while (Date.now() < until) {
      if (exit) throw new Error(`the server exited (${exit.code ?? exit.signal}):\n${this.output}`);
      const up = await fetch(`${this.url}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) return;
      await sleep(100);
    }
    throw new Error(`the server did not start in ${timeoutMs} ms:\n${this.output}`);
  }

  /** SIGKILL: the process ends at once, whatever it was writing. */
  async kill(): Promise<void> {
    if (!this.child || this.child.exitCode !== null || this.child.signalCode !== null) return;
    this.child.kill('SIGKILL');
    await this.exited;
  }

  /** Sends `signal` and answers how the process ended. */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<Exit> {
    this.child!.kill(signal);
    return this.exited!;
  }
}

/**
 * Sends every request at once and kills the server with SIGKILL after the `killAfterAnswers`-th
 * answer plus `killDelayMs` (so the kill falls inside the burst however fast the machine is);
 * answers each request's answer, undefined where none came.
 */
export async function killDuringBurst<A>(
  server: ServerProcess,
  requests: (() => Promise<A | undefined>)[],
  killAfterAnswers: number,
  killDelayMs: number,
): Promise<(A | undefined)[]> {
  let answered = 0;
  let reached!: () => void;
  const enough = new Promise<void>((resolve) => (reached = resolve));
  if (killAfterAnswers === 0) reached();
  const answers = requests.map((request) =>
    request().then((answer) => {
      if (++answered >= killAfterAnswers) reached();
      return answer;
    }),
  );
  await enough;
  await sleep(killDelayMs);
  await server.kill();
  return Promise.all(answers);
}

/** Repeats `request` every 100 ms until `done` says its answer is final (at most 100 times). */
export async function retryUntil<A>(
  request: () => Promise<A | undefined>,
  done: (answer: A | undefined) => boolean,
): Promise<A | undefined> {
  let answer = await request();
  for (let attempt = 0; !done(answer) && attempt < 100; attempt++) {
    await sleep(100);
    answer = await request();
  }
  return answer;
}

/** Runs `check` on the database opened in the test process (after its server is killed). */
export async function inspect<T>(
  database: CrashDatabase,
  check: (opened: Database) => Promise<T>,
): Promise<T> {
  const opened = await database.open();
  try {
    return await check(opened);
  } finally {
    await opened.close();
  }
}

/**
 * One round of a crash test (`what`, e.g. 'crash checkout') on `database`: `round` is given a
 * server (not yet spawned) on a free port and answers the line that records what happened. A
 * failure prints the seed to replay and the server's output; the server is killed and the
 * database dropped whatever happened.
 */
export async function crashRound(
  what: string,
  seed: number,
  database: CrashDatabase,
  round: (server: ServerProcess) => Promise<string>,
  env: Record<string, string> = {},
): Promise<void> {
  let server: ServerProcess | undefined;
  try {
    server = new ServerProcess(database, await freePort(), env);
    console.info(`${what} ${crashDbKind} seed ${seed}: ${await round(server)}`);
  } catch (error) {
    console.error(
      `${what} ${crashDbKind}: replay with CRASH_SEED=${seed}\n${server?.output ?? ''}`,
    );
    throw error;
  } finally {
    await server?.kill();
    await database.drop();
  }
}
