/**
 * The catalog import at scale (issue 20's budgets, decision 051): a CSV of `--products` new
 * products (100,000 by default), one row per product with its variants and tiers (the demo
 * generator's products under new codes; those the buyer-side rules would refuse as active go in
 * as drafts), uploaded to the production build as the console uploads it, its dry run timed, then
 * its apply; the RSS of the server's whole process tree is sampled every 250 ms throughout.
 *
 *   npm run bench -- import [--products 100000] [--db postgres,pglite] [--port 3951]
 *
 * Budgets: dry run ≤ 30 s and apply ≤ 90 s on PostgreSQL, twice that on PGlite; RSS ≤ 300 MB.
 * Writes bench/results/import-<db>.{json,md}; exits 1 when a budget is missed.
 */
import {
  createWriteStream,
  mkdirSync,
  mkdtempSync,
  openAsBlob,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { parseArgs } from 'node:util';
import { productIssues } from '../packages/shared/src/catalog-product.js';
import {
  columnsFor,
  csvRow,
  documentCells,
  type ColumnShape,
  type ImportJob,
} from '../packages/shared/src/catalog-transfer.js';
import {
  DEFAULT_SEED,
  generateProducts,
  generateTaxonomy,
} from '../apps/server/src/seed/generate.js';
import { createRandom } from '../apps/server/src/seed/random.js';
import { seedDocuments } from '../apps/server/src/seed/seed-documents.js';
import { signInOwner } from './desk-scenarios.js';
import { prepareDatabase, type DbKind } from './lib/database.js';
import { repoRoot } from './lib/paths.js';
import { startServer } from './lib/processes.js';
import { treeCpuSeconds, treeMemory } from './lib/process-tree.js';
import { machineIndex } from './lib/machine-index.js';

/** The columns the generator's products need at most (checked for every product written). */
const SHAPE: ColumnShape = { features: 6, images: 5, tiers: 3, options: 2, variants: 16 };
const BUDGET_S: Record<DbKind, { dryRun: number; apply: number }> = {
  postgres: { dryRun: 30, apply: 90 },
  pglite: { dryRun: 60, apply: 180 },
};
const RSS_LIMIT_MB = 300;
/**
 * How long after its start the server is left alone before the import: on PGlite, V8 compiles
 * PostgreSQL's parser with its optimising tier seconds after the start, ~600 MB of compiler memory
 * for ~5 s (decision 078, bench/README.md). That peak is the start's, reported on its own line; a
 * dry run begun inside it measured the start, not the import (728 MB once, 285 the next run).
 */
const START_UP_MS = 20_000;

/** Writes the file; answers its size in bytes. */
async function writeCatalogFile(path: string, products: number): Promise<number> {
  const taxonomy = generateTaxonomy(createRandom(DEFAULT_SEED));
  const out = createWriteStream(path);
  out.write(`\uFEFF${csvRow(columnsFor(SHAPE))}`);
  for (let from = 0; from < products; from += 1000) {
    const batch = generateProducts(taxonomy, DEFAULT_SEED, from, Math.min(from + 1000, products));
    const { documents } = seedDocuments(taxonomy, batch);
    let chunk = '';
    for (const generated of documents) {
      const code = `IMP-${generated.code}`;
      const doc = {
        ...generated,
        code,
        variants: generated.variants.map((v) => ({ ...v, sku: `IMP-${v.sku}` })),
      };
      if (productIssues(doc).length > 0) doc.status = 'draft';
      for (const key of Object.keys(SHAPE) as (keyof ColumnShape)[])
        if (doc[key].length > SHAPE[key])
          throw new Error(`${code} has more ${key} than ${SHAPE[key]}`);
      chunk += csvRow(documentCells(doc, SHAPE));
    }
    if (!out.write(chunk)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return statSync(path).size;
}

interface ImportResult {
  db: DbKind;
  products: number;
  fileMb: number;
  uploadS: number;
  dryRunS: number;
  applyS: number;
  /** CPU seconds of the server's process tree during the apply (user + system). */
  applyCpuS: number;
  peakRssMb: { startUp: number; dryRun: number; apply: number };
  dryRun: ImportJob['dryRun'];
  applied: ImportJob['applied'];
  load: string;
  /** Lighthouse's benchmarkIndex just before the run (three readings). */
  benchmarkIndex: number[];
}

async function waitFor(baseUrl: string, cookie: string, id: string, until: ImportJob['status']) {
  for (;;) {
    const job = (await (
      await fetch(`${baseUrl}/api/staff/catalog/imports/${id}`, { headers: { cookie } })
    ).json()) as ImportJob;
    if (job.status === until) return job;
    if (job.status === 'failed') throw new Error(`import failed: ${job.error}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function runOne(
  kind: DbKind,
  products: number,
  port: number,
  file: string,
): Promise<ImportResult> {
  const benchmarkIndex = await machineIndex();
  const database = await prepareDatabase(kind, 20, 0);
  const server = await startServer(database.env, port);
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, treeMemory(server.pid).rssMb)), 250);
  try {
    await new Promise((resolve) => setTimeout(resolve, START_UP_MS));
    const startUpPeak = server.peakRssMb();
    const cookie = await signInOwner(server.baseUrl);
    const form = new FormData();
    form.append('file', await openAsBlob(file), 'bench-catalog.csv');
    peak = treeMemory(server.pid).rssMb;
    const started = Date.now();
    const upload = await fetch(`${server.baseUrl}/api/staff/catalog/imports`, {
      method: 'POST',
      headers: { cookie },
      body: form,
    });
    if (upload.status !== 202) throw new Error(`upload: ${upload.status} ${await upload.text()}`);
    const uploadS = (Date.now() - started) / 1000;
    const { id } = (await upload.json()) as ImportJob;
    const validated = await waitFor(server.baseUrl, cookie, id, 'validated');
    const dryRunS = (Date.now() - started) / 1000;
    const dryRunPeak = peak;
    if (validated.issueCount > 0)
      throw new Error(
        `the dry run found ${validated.issueCount} issues: ${JSON.stringify(validated.issues.slice(0, 3))}`,
      );
    peak = treeMemory(server.pid).rssMb;
    const applying = Date.now();
    const cpuBefore = treeCpuSeconds(server.pid);
    const apply = await fetch(`${server.baseUrl}/api/staff/catalog/imports/${id}/apply`, {
      method: 'POST',
      headers: { cookie },
    });
    if (apply.status !== 202) throw new Error(`apply: ${apply.status} ${await apply.text()}`);
    const applied = await waitFor(server.baseUrl, cookie, id, 'applied');
    const applyCpuS = treeCpuSeconds(server.pid) - cpuBefore;
    return {
      db: kind,
      products,
      fileMb: Math.round(statSync(file).size / 1024 / 102.4) / 10,
      uploadS,
      dryRunS,
      applyS: (Date.now() - applying) / 1000,
      applyCpuS,
      peakRssMb: {
        startUp: Math.round(startUpPeak),
        dryRun: Math.round(dryRunPeak),
        apply: Math.round(peak),
      },
      dryRun: validated.dryRun,
      applied: applied.applied,
      load: loadavg()
        .map((l) => l.toFixed(1))
        .join(' '),
      benchmarkIndex,
    };
  } finally {
    clearInterval(sampler);
    await server.stop();
    await database.drop();
  }
}

export async function importCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      products: { type: 'string', default: '100000' },
      db: { type: 'string', default: 'postgres,pglite' },
      port: { type: 'string', default: '3951' },
    },
  });
  const products = Number(values.products);
  const dir = mkdtempSync(join(tmpdir(), 'bench-import-'));
  const file = join(dir, 'catalog.csv');
  const written = Date.now();
  const bytes = await writeCatalogFile(file, products);
  console.log(
    `Wrote ${products} products, ${(bytes / 1024 / 1024).toFixed(1)} MB, in ${((Date.now() - written) / 1000).toFixed(1)} s`,
  );
  const results = join(repoRoot, 'bench', 'results');
  mkdirSync(results, { recursive: true });
  let ok = true;
  try {
    for (const kind of values.db.split(',') as DbKind[]) {
      const result = await runOne(kind, products, Number(values.port), file);
      const budget = BUDGET_S[kind];
      const verdicts = [
        [
          `dry run ≤ ${budget.dryRun} s`,
          result.dryRunS <= budget.dryRun,
          `${result.dryRunS.toFixed(1)} s (upload ${result.uploadS.toFixed(1)} s)`,
        ],
        [
          `apply ≤ ${budget.apply} s`,
          result.applyS <= budget.apply,
          `${result.applyS.toFixed(1)} s (the server's CPU ${result.applyCpuS.toFixed(1)} s)`,
        ],
        [
          `RSS ≤ ${RSS_LIMIT_MB} MB`,
          Math.max(result.peakRssMb.dryRun, result.peakRssMb.apply) <= RSS_LIMIT_MB,
          `dry run ${result.peakRssMb.dryRun} MB, apply ${result.peakRssMb.apply} MB`,
        ],
      ] as const;
      const lines = [
        `# Catalog import, ${kind}: ${products} products (${result.fileMb} MB CSV)`,
        '',
        `${cpus().length} cores, benchmarkIndex before ${result.benchmarkIndex.join(', ')}, load average at the end ${result.load}`,
        '',
        '| budget | verdict | figure |',
        '| --- | --- | --- |',
        ...verdicts.map(
          ([name, pass, figure]) => `| ${name} | ${pass ? 'PASS' : 'MISS'} | ${figure} |`,
        ),
        '',
        `The start, before the import: peak ${result.peakRssMb.startUp} MB, from its spawn to ${START_UP_MS / 1000} s after it answered.`,
        '',
        `dry run: ${JSON.stringify(result.dryRun)}; applied: ${JSON.stringify(result.applied)}`,
      ];
      writeFileSync(join(results, `import-${kind}.json`), JSON.stringify(result, null, 2));
      writeFileSync(join(results, `import-${kind}.md`), `${lines.join('\n')}\n`);
      console.log(lines.join('\n'));
      ok &&= verdicts.every(([, pass]) => pass);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return ok ? 0 : 1;
}
