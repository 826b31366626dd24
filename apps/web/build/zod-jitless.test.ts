/**
 * The zod-jitless-first plugin, on a real build: two entries share a chunk holding zod and a
 * schema built at module level (as the console's build came to), and the entry that imports
 * zod-config first is run in a fresh Node process counting `Function` calls, the eval the strict
 * CSP refuses. Without the plugin the shared chunk runs before zod-config and zod probes; with
 * it, never.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type PluginOption } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { zodJitlessFirst } from './zod-jitless';

const zodConfig = join(import.meta.dirname, '..', 'src', 'lib', 'zod-config.ts');
/** zod's ES module entry, for a fixture outside the repository's node_modules. */
const zodEntry = join(
  dirname(createRequire(import.meta.url).resolve('zod/package.json')),
  'index.js',
);
const root = mkdtempSync(join(tmpdir(), 'zod-jitless-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const sources: Record<string, string> = {
  'schemas.ts': `import { z } from 'zod';
export const Item = z.object({ name: z.string(), quantity: z.number() });`,
  'main.ts': `import ${JSON.stringify(zodConfig)};
import { Item } from './schemas';
export const parsed = Item.parse({ name: 'Steel Mug', quantity: 10 });`,
  'other.ts': `import { Item } from './schemas';
export const parse = (value: unknown) => Item.parse(value);`,
};
for (const [name, text] of Object.entries(sources)) writeFileSync(join(root, name), text);

/** Builds the two entries (with `plugins`) and answers how many times running main called Function. */
async function compilesWhenRun(outDir: string, plugins: PluginOption[]): Promise<number> {
  await build({
    root,
    configFile: false,
    logLevel: 'silent',
    plugins,
    resolve: { alias: [{ find: /^zod$/, replacement: zodEntry }] },
    build: {
      outDir: join(root, outDir),
      minify: false,
      rollupOptions: {
        input: { main: join(root, 'main.ts'), other: join(root, 'other.ts') },
        output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: '[name].js' },
        preserveEntrySignatures: 'exports-only',
      },
    },
  });
  // The shared chunk is what makes the order matter: a chunk the entry imports runs first.
  expect(readdirSync(join(root, outDir)).length).toBeGreaterThan(2);
  const main = pathToFileURL(join(root, outDir, 'main.js')).href;
  const script = `let calls = 0;
globalThis.Function = new Proxy(Function, {
  apply: (target, self, args) => { calls += 1; return Reflect.apply(target, self, args); },
  construct: (target, args) => { calls += 1; return Reflect.construct(target, args); },
});
const { parsed } = await import(${JSON.stringify(main)});
if (parsed.quantity !== 10) throw new Error('not parsed');
console.log(String(calls));`;
  return Number(
    execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }),
  );
}

describe('zod parses jitless in every chunking', () => {
  it('probes for eval when zod-config runs after the shared chunk (so the check can fail)', async () => {
    expect(await compilesWhenRun('without', [])).toBeGreaterThan(0);
  }, 60_000);

  it('never calls Function with zod’s core importing zod-config', async () => {
    expect(await compilesWhenRun('with', [zodJitlessFirst(zodConfig)])).toBe(0);
  }, 60_000);
});
