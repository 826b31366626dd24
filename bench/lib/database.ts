/**
 * The catalog a benchmark runs on: a fresh PostgreSQL database or PGlite directory, seeded
 * with the deterministic generator (`seed-cli`), dropped or removed afterwards.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { repoRoot } from './paths.js';

export type DbKind = 'postgres' | 'pglite';

export interface BenchDatabase {
  kind: DbKind;
  /** Environment for the server and the seed CLI. */
  env: Record<string, string>;
  seedSeconds: number;
  drop(): Promise<void>;
}

const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function seed(
  env: Record<string, string>,
  products: number,
  buyers: number,
  orders: number,
): number {
  const started = Date.now();
  const result = spawnSync(
    process.execPath,
    [
      join(repoRoot, 'apps/server/dist/seed-cli.mjs'),
      '--products',
      String(products),
      '--bench-buyers',
      String(buyers),
      '--orders',
      String(orders),
    ],
    { cwd: repoRoot, stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, ...env } },
  );
  if (result.status !== 0) throw new Error(`seeding failed (exit ${result.status})`);
  return (Date.now() - started) / 1000;
}

export async function prepareDatabase(
  kind: DbKind,
  products: number,
  buyers: number,
  orders = 0,
): Promise<BenchDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), `bench-${kind}-`));
  if (kind === 'pglite') {
    const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
    return {
      kind,
      env,
      seedSeconds: seed(env, products, buyers, orders),
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `storefront_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const env = { DATA_DIR: dataDir, DATABASE_URL: url.toString() };
  return {
    kind,
    env,
    seedSeconds: seed(env, products, buyers, orders),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A catalog seeded earlier (`seed-cli --products N --bench-buyers 40`), kept after the run. A
 * PostgreSQL catalog takes the seed's DATA_DIR as `dataDir` when given: its secrets sealed the
 * demo owner's second factor, which the desk scenarios sign in with.
 */
export function reuseDatabase(kind: DbKind, location: string, dataDir?: string): BenchDatabase {
  if (kind === 'pglite')
    return {
      kind,
      env: { DATA_DIR: location, DATABASE_URL: '' },
      seedSeconds: 0,
      drop: async () => {},
    };
  const ownDir = dataDir ?? mkdtempSync(join(tmpdir(), 'bench-reuse-'));
  return {
    kind,
    env: { DATA_DIR: ownDir, DATABASE_URL: location },
    seedSeconds: 0,
    drop: async () => {
      if (!dataDir) rmSync(ownDir, { recursive: true, force: true });
    },
  };
}
