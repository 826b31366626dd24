/**
 * Two replicas behind nginx against one without it (issue 23's budget): product and category
 * reads at 50 connections, first straight to one replica over plain HTTP, then through nginx
 * (TLS, the production site of deploy/nginx, scripts/nginx.mjs) to two replicas on the same
 * PostgreSQL, the two alternating for `--rounds` rounds. Budget: through nginx, throughput at
 * least that of the one replica, and p99 not above 1.5× its, in the median of the rounds.
 *
 *   npm run bench -- replicas [--products 100000 | --database-url URL --data-dir DIR]
 *                              [--duration 10] [--rounds 3] [--port 3971]
 *
 * The load comes from one address, so nginx runs without its per-address `limit_req` and the
 * replicas with their limits raised (RATE_LIMIT_SCALE), as the bench's one server does.
 * Writes bench/results/replicas.{json,md}; exits 1 when the budget is missed.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startNginx } from '../scripts/nginx.mjs';
import { catalogFixtures, readScenarios } from './api.js';
import { prepareDatabase, reuseDatabase } from './lib/database.js';
import { runLoad, type LoadResult } from './lib/load.js';
import { machineIndex } from './lib/machine-index.js';
import { repoRoot } from './lib/paths.js';
import { startServer, type RunningProcess } from './lib/processes.js';

const SCENARIOS = ['product detail', 'category page 20'];
const P99_FACTOR = 1.5;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

interface Round {
  one: LoadResult;
  pair: LoadResult;
  loadAverage: number;
}

export async function replicasCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      products: { type: 'string', default: '100000' },
      'database-url': { type: 'string' },
      'data-dir': { type: 'string' },
      duration: { type: 'string', default: '10' },
      rounds: { type: 'string', default: '3' },
      port: { type: 'string', default: '3971' },
    },
  });
  const durationSec = Number(values.duration);
  const rounds = Number(values.rounds);
  const port = Number(values.port);
  const benchmarkIndex = await machineIndex();
  const database = values['database-url']
    ? reuseDatabase('postgres', values['database-url'], values['data-dir'])
    : await prepareDatabase('postgres', Number(values.products), 0);
  const servers: RunningProcess[] = [];
  const nginxDir = mkdtempSync(join(tmpdir(), 'bench-replicas-'));
  try {
    servers.push(await startServer(database.env, port), await startServer(database.env, port + 1));
    const [first] = servers as [RunningProcess, RunningProcess];
    const nginx = await startNginx({
      dir: nginxDir,
      port: port + 2,
      upstreams: [port, port + 1],
      edgeRateLimit: false,
    });
    const scenarios = readScenarios(await catalogFixtures(first)).filter((s) =>
      SCENARIOS.includes(s.name),
    );
    const results: { name: string; rounds: Round[] }[] = [];
    try {
      for (const scenario of scenarios) {
        const load = (baseUrl: string, seconds: number) =>
          runLoad({
            baseUrl,
            connections: scenario.connections,
            durationSec: seconds,
            request: scenario.request,
          });
        // Both replicas' caches warm, and the JIT of every process in its steady state.
        await load(nginx.url, 3);
        await load(first.baseUrl, 2);
        const measured: Round[] = [];
        for (let round = 0; round < rounds; round++) {
          const one = await load(first.baseUrl, durationSec);
          const pair = await load(nginx.url, durationSec);
          measured.push({ one, pair, loadAverage: loadavg()[0]! });
          console.log(
            `[replicas] ${scenario.name} round ${round + 1}: one ${one.requestsPerSec} req/s p99 ${one.p99.toFixed(1)} ms; two behind nginx ${pair.requestsPerSec} req/s p99 ${pair.p99.toFixed(1)} ms`,
          );
        }
        results.push({ name: scenario.name, rounds: measured });
      }
    } finally {
      await nginx.stop();
    }
    return report(results, { benchmarkIndex, durationSec });
  } finally {
    for (const server of servers) await server.stop();
    rmSync(nginxDir, { recursive: true, force: true });
    await database.drop();
  }
}

function report(
  results: { name: string; rounds: Round[] }[],
  run: { benchmarkIndex: number[]; durationSec: number },
): number {
  const lines = [
    '# Two replicas behind nginx against one replica without it',
    '',
    `${new Date().toISOString()}, ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), benchmarkIndex ${run.benchmarkIndex.join(', ')}; 50 connections, ${run.durationSec} s a run, the two alternating.`,
    '',
    '| scenario | round | one: req/s | one: p99 ms | two behind nginx: req/s | p99 ms | load average |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: |',
  ];
  let pass = true;
  const verdicts: string[] = [];
  for (const { name, rounds } of results) {
    rounds.forEach((r, i) =>
      lines.push(
        `| ${name} | ${i + 1} | ${r.one.requestsPerSec} | ${r.one.p99.toFixed(1)} | ${r.pair.requestsPerSec} | ${r.pair.p99.toFixed(1)} | ${r.loadAverage.toFixed(1)} |`,
      ),
    );
    const one = median(rounds.map((r) => r.one.requestsPerSec));
    const pair = median(rounds.map((r) => r.pair.requestsPerSec));
    const oneP99 = median(rounds.map((r) => r.one.p99));
    const pairP99 = median(rounds.map((r) => r.pair.p99));
    const throughput = pair >= one;
    const tail = pairP99 <= oneP99 * P99_FACTOR;
    pass &&= throughput && tail;
    verdicts.push(
      `${throughput ? 'PASS' : 'MISS'}  ${name}: two behind nginx ${pair} req/s against one ${one} (median; target ≥)`,
      `${tail ? 'PASS' : 'MISS'}  ${name}: p99 ${pairP99.toFixed(1)} ms against ${oneP99.toFixed(1)} ms (median; target ≤ ${P99_FACTOR}×)`,
    );
  }
  lines.push('', ...verdicts.map((v) => `- ${v}`));
  const dir = join(repoRoot, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'replicas.json'), JSON.stringify({ ...run, results }, null, 2));
  writeFileSync(join(dir, 'replicas.md'), `${lines.join('\n')}\n`);
  for (const verdict of verdicts) console.log(`[replicas] ${verdict}`);
  return pass ? 0 : 1;
}
