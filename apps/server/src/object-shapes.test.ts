import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './config.js';

/**
 * V8 grows at most 1,536 shapes (hidden classes) from `{}` by a first property; past that, every
 * object built from `{}` with a name not among them gets a shape of its own, and every call site
 * that meets such objects (a request's headers, Node's tick objects) goes megamorphic for the
 * life of the process: a cached read cost ~10% more CPU while a module's Ajv compilation had
 * filled the table (decision 083). This imports the server's modules in a process of its own and
 * counts how many more first-property shapes still fit.
 */
const SPARE_SHAPES = 500;

const COUNT_SPARE = `
await import(${JSON.stringify(join(repoRoot, 'apps/server/src/app.ts'))});
const kept = [];
let spare = 0;
for (; spare < ${SPARE_SHAPES}; spare++) {
  const name = 'spare' + spare;
  const a = {};
  a[name] = 1;
  const b = {};
  b[name] = 1;
  kept.push(a, b);
  if (!%HaveSameMap(a, b)) break;
}
// Written raw: console.log colours a number when FORCE_COLOR is set (as the test runner sets it).
process.stdout.write(String(spare));
`;

describe('the server’s modules and V8’s object shapes', () => {
  it(`leave room for ${SPARE_SHAPES} more shapes grown from {} once imported`, () => {
    const child = spawnSync(
      process.execPath,
      ['--allow-natives-syntax', '--import', 'tsx', '--input-type=module', '-e', COUNT_SPARE],
      { cwd: join(repoRoot, 'apps/server'), encoding: 'utf8' },
    );
    expect(child.stderr).toBe('');
    expect(Number(child.stdout.trim())).toBe(SPARE_SHAPES);
  }, 60_000);
});
