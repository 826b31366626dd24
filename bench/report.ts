/** Writes bench/results/latest.json and a readable latest.md (tables, budgets, an SVG chart). */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ScenarioResult } from './api.js';
import type { RouteBundle } from './bundles.js';
import type { PageResult } from './pages.js';
import { repoRoot } from './lib/paths.js';
import type { HeavySearchResult } from './heavy-search.js';
import type { LoginBurstResult } from './login-burst.js';
import { searchTable, type SearchScenarioResult } from './search.js';

export interface BenchReport {
  startedAt: string;
  durationSec: number;
  machine: {
    cores: number;
    memoryGb: number;
    cpu: string;
    node: string;
    /** Lighthouse's benchmarkIndex before the scenarios (three readings). */
    benchmarkIndex: number[];
    /** A spinning process kept one core busy for the whole run (`--burn-core`). */
    burningCore: boolean;
  };
  catalogProducts: number;
  databases: {
    kind: string;
    seedSeconds: number;
    scenarios: ScenarioResult[];
    search?: SearchScenarioResult;
    loginBurst?: LoginBurstResult;
    heavySearch?: HeavySearchResult;
  }[];
  /** Through nginx, over HTTPS with HTTP/2 (scripts/nginx.mjs): the figures the budgets read. */
  pages: PageResult[];
  /** The same pages over plain HTTP/1.1 on loopback, one run each, for comparison. */
  pagesOverHttp1: PageResult[];
  bundles: RouteBundle[];
  budgets: Budget[];
}

export interface Budget {
  name: string;
  target: string;
  figure: string;
  pass: boolean;
}

const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '–');

function pageTable(pages: PageResult[]): string[] {
  return [
    '| page | protocol | perf | a11y | best practices | SEO | LCP ms | TBT ms | CLS | JS KB transferred | CSS KB transferred |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...pages.map(
      (p) =>
        `| ${p.name} (${p.path}) | ${p.protocol} | ${p.scores.performance} | ${p.scores.accessibility} | ${p.scores.bestPractices} | ${p.scores.seo} | ${p.lcpMs} | ${p.tbtMs} | ${p.cls} | ${p.jsKb} | ${p.cssKb} |`,
    ),
  ];
}

function ratioChart(report: BenchReport): string {
  const rows = report.databases.flatMap((db) =>
    db.scenarios.map((s) => ({ label: `${db.kind}: ${s.name}`, ratio: s.ratio })),
  );
  const width = 720;
  const barHeight = 22;
  const left = 260;
  const height = rows.length * (barHeight + 8) + 40;
  const bars = rows
    .map((row, i) => {
      const y = 20 + i * (barHeight + 8);
      const w = Math.max(1, Math.min(1, row.ratio) * (width - left - 60));
      return `<text x="${left - 8}" y="${y + 15}" text-anchor="end" font-size="12">${row.label}</text><rect x="${left}" y="${y}" width="${w.toFixed(0)}" height="${barHeight}" fill="#1d4ed8"/><text x="${left + w + 6}" y="${y + 15}" font-size="12">${(row.ratio * 100).toFixed(0)}%</text>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="sans-serif"><text x="${left}" y="14" font-size="12" fill="#475569">requests/s as a share of the in-memory Fastify baseline</text>${bars}</svg>`;
}

export function writeReport(report: BenchReport): { json: string; md: string } {
  const dir = join(repoRoot, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  const json = join(dir, 'latest.json');
  const md = join(dir, 'latest.md');
  writeFileSync(json, `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(join(dir, 'ratios.svg'), ratioChart(report));

  const lines: string[] = [
    `# Benchmark results`,
    '',
    `Run ${report.startedAt}, ${fmt(report.durationSec / 60)} min. Machine: ${report.machine.cores} cores (${report.machine.cpu}), ${report.machine.memoryGb} GiB, Node ${report.machine.node}, benchmarkIndex before the scenarios ${report.machine.benchmarkIndex.join(', ')}${report.machine.burningCore ? ', one core kept busy by a spinning process for the whole run (--burn-core)' : ''}. Catalog: ${report.catalogProducts.toLocaleString('en-IN')} products.`,
    '',
    '## Budgets',
    '',
    '| budget | target | figure | |',
    '|---|---|---|---|',
    ...report.budgets.map(
      (b) => `| ${b.name} | ${b.target} | ${b.figure} | ${b.pass ? 'PASS' : 'MISS'} |`,
    ),
  ];
  for (const db of report.databases) {
    lines.push(
      '',
      `## API on ${db.kind} (seeded in ${fmt(db.seedSeconds, 0)} s)`,
      '',
      '| scenario | conns | req/s | p50 ms | p95 ms | p99 ms | non-2xx | peak RSS MB | baseline req/s | baseline p99 ms | ratio |',
      '|---|---|---|---|---|---|---|---|---|---|---|',
      ...db.scenarios.map(
        (s) =>
          `| ${s.name} | ${s.connections} | ${s.requestsPerSec} | ${fmt(s.p50, 2)} | ${fmt(s.p95, 2)} | ${fmt(s.p99, 2)} | ${s.non2xx + s.errors} | ${s.serverPeakRssMb} | ${s.baseline.requestsPerSec} | ${fmt(s.baseline.p99, 2)} | ${(s.ratio * 100).toFixed(0)}% |`,
      ),
    );
    if (db.search)
      lines.push('', `### Search on ${db.kind}, by kind of query`, '', ...searchTable(db.search));
    const burst = db.loginBurst;
    if (burst)
      lines.push(
        '',
        `### ${burst.logins} concurrent logins while /api/health is polled (G19), ${db.kind}`,
        '',
        `Logins: p50 ${fmt(burst.loginP50 / 1000, 2)} s, p99 ${fmt(burst.loginP99 / 1000, 2)} s, ${burst.failedLogins} failed. /api/health: ${burst.healthRequests} requests, p50 ${fmt(burst.healthP50)} ms, p99 ${fmt(burst.healthP99)} ms, max ${fmt(burst.healthMax)} ms.`,
      );
    const heavy = db.heavySearch;
    if (heavy)
      lines.push(
        '',
        `### The heaviest search in a loop while /api/health is polled, ${db.kind}`,
        '',
        `Searches (10 queries each): ${heavy.searches}, p50 ${fmt(heavy.searchP50 / 1000, 2)} s, max ${fmt(heavy.searchMax / 1000, 2)} s, ${heavy.searchesNot200} not 200. /api/health: ${heavy.healthRequests} requests, p50 ${fmt(heavy.healthP50)} ms, p99 ${fmt(heavy.healthP99)} ms, max ${fmt(heavy.healthMax)} ms, ${heavy.healthNot200} not 200.`,
      );
  }
  lines.push('', '![ratios](ratios.svg)');
  if (report.pages.length) {
    const [first] = report.pages;
    lines.push(
      '',
      '## Pages (Lighthouse, mobile)',
      '',
      `Through nginx with the production site (TLS, HTTP/2, precompressed assets from disk), as a buyer meets the store; the median of ${first?.runs ?? 1} runs per page (Lighthouse's computeMedianRun). Lighthouse's benchmarkIndex of this machine: ${report.pages.map((p) => p.benchmarkIndex).join(', ')} (a high-end desktop is 1,500–2,000).`,
      '',
      ...pageTable(report.pages),
    );
  }
  if (report.pagesOverHttp1.length) {
    lines.push(
      '',
      'For comparison, the same pages over plain HTTP/1.1 on loopback (one run each; over HTTP/1.1 Chrome opens at most six connections to a host):',
      '',
      ...pageTable(report.pagesOverHttp1),
    );
  }
  lines.push(
    '',
    '## Initial JavaScript and CSS of every route (gzipped, from the Vite manifest)',
    '',
    '| route page module | JS KB gz | CSS KB gz |',
    '|---|---|---|',
    ...report.bundles.map((b) => `| ${b.page} | ${b.jsKb} | ${b.cssKb} |`),
  );
  lines.push(
    '',
    'Anchors on this kind of machine (shared/reference/performance-anchors.md): bare Fastify ~23–29k req/s for 2 KB; Fastify + PostgreSQL with one statement per read ~5k req/s for a product and ~1.8k for a page of 20; Vendure ~75, ~13 and ~55 req/s for a product, a page of 20 and a text search.',
    '',
  );
  writeFileSync(md, lines.join('\n'));
  return { json, md };
}
