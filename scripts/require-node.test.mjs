/**
 * The Node.js version check of the entry points (require-node.mjs): which versions it lets
 * through, what it tells the person on an old one, that each entry point runs it before
 * anything else, and, where the machine still has an older node (Debian's), that the scripts
 * parse on it so the message can be printed at all.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { minimumOf, nodeVersionProblem, requiredRange } from './require-node.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const range = requiredRange();

describe('the Node.js version check', () => {
  it('reads a minimum from package.json engines.node', () => {
    expect(minimumOf(range)[0]).toBeGreaterThanOrEqual(24);
    expect(minimumOf('>=24.11')).toEqual([24, 11, 0]);
    expect(() => minimumOf('^24')).toThrow(/not of the form/);
  });

  it.each(['v24.11.0', 'v24.21.0', 'v25.0.0', 'v26.2.1', process.version])(
    'lets %s through',
    (version) => expect(nodeVersionProblem(version, '>=24.11')).toBeNull(),
  );

  it.each(['v20.19.0', 'v22.21.1', 'v24.10.0', 'v18.20.8', 'nonsense'])('stops %s', (version) =>
    expect(nodeVersionProblem(version, '>=24.11')).toMatch(/needs Node\.js 24\.11\.0 or newer/),
  );

  it('says which version to install and how', () => {
    const message = nodeVersionProblem('v20.19.0', range);
    expect(message).toContain('this is Node.js v20.19.0');
    expect(message).toContain('bash scripts/install-node.sh');
    expect(message).toContain('nvm install');
  });

  it.each(['start.mjs', 'test.mjs', 'ensure.mjs'])('%s imports it before anything else', (file) => {
    const source = readFileSync(join(here, file), 'utf8');
    expect(source.match(/^import .*$/m)?.[0]).toBe("import './require-node.mjs';");
  });

  it('stops an entry point with exit code 1 and the message, before it does anything', () => {
    // ensure.mjs without --install or --build does nothing after the check, so a broken check
    // cannot start an install here.
    const { status, stdout, stderr } = spawnSync(
      process.execPath,
      [join(here, 'ensure.mjs'), '--pretend-node-version=v20.19.0'],
      { encoding: 'utf8', timeout: 30_000 },
    );
    expect(status).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toContain('this is Node.js v20.19.0');
    expect(stderr).toContain('bash scripts/install-node.sh');
  });

  // Debian's /usr/bin/node is older than the project's on our machines: the check must parse
  // and run there, and the entry points must at least parse, or the old node prints a
  // SyntaxError instead of the message.
  const oldNode = '/usr/bin/node';
  const oldVersion = spawnSync(oldNode, ['--version'], { encoding: 'utf8' }).stdout?.trim();
  const isOld = Boolean(oldVersion) && nodeVersionProblem(oldVersion, range) !== null;
  it.runIf(isOld)(`prints the message on the machine's older node (${oldVersion})`, () => {
    const { status, stderr } = spawnSync(oldNode, [join(here, 'require-node.mjs')], {
      encoding: 'utf8',
    });
    expect(status).toBe(1);
    expect(stderr).toContain(`this is Node.js ${oldVersion}`);
    const graph = ['start.mjs', 'test.mjs', 'ensure.mjs', '../apps/server/node-flags.mjs'];
    for (const file of graph) {
      const check = spawnSync(oldNode, ['--check', join(here, file)], { encoding: 'utf8' });
      expect(check.stderr, file).toBe('');
      expect(check.status, file).toBe(0);
    }
  });
});
