/**
 * The server's V8 flags and C library settings are written once, in node-flags.mjs, which
 * `npm start`, the bench and the production-shape suite import; the systemd unit and the deploy
 * guide cannot, so they are held to the same values here.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../apps/server/node-flags.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const read = (path) => readFileSync(join(root, path), 'utf8');
const settings = Object.entries(SERVER_ENV).map(([name, value]) => `${name}=${value}`);

/** The flags between `node` and the server's entry point on a command line. */
function flagsOf(commandLine) {
  const match = /\bnode((?:\s+--\S+)*)\s+apps\/server\/dist\/main\.mjs/.exec(commandLine);
  if (!match) throw new Error(`no node command starting the server in: ${commandLine}`);
  return match[1].trim().split(/\s+/);
}

describe('the unit and the guide start the server with the flags of node-flags.mjs', () => {
  it('the systemd unit', () => {
    const unit = read('deploy/systemd/storefront@.service');
    const execStart = unit.split('\n').find((line) => line.startsWith('ExecStart='));
    expect(flagsOf(execStart).filter((flag) => flag !== '--enable-source-maps')).toEqual(
      SERVER_NODE_FLAGS,
    );
    const environment = unit.split('\n').find((line) => line.startsWith('Environment='));
    for (const setting of settings) expect(environment.split(' ')).toContain(setting);
  });

  it('the deploy guide', () => {
    const line = read('docs/deploy.md')
      .split('\n')
      .find((text) => text.includes('apps/server/dist/main.mjs') && text.includes(' node '));
    expect(line, 'docs/deploy.md starts the server with node').toBeDefined();
    expect(flagsOf(line)).toEqual(['--enable-source-maps', ...SERVER_NODE_FLAGS]);
    for (const setting of settings) expect(line.split(' ')).toContain(setting);
  });
});
