/**
 * One copy of Ajv in the server (decision 095). Fastify compiles every route's schemas with Ajv
 * (@fastify/ajv-compiler, ajv-formats, fast-json-stringify) and the server checks its GST exports
 * with it; ESLint's Ajv 6 had taken node_modules/ajv, so npm nested a copy of Ajv 8 under each of
 * them, and the server loaded four (~1.3 MB of heap each). The root package.json lists ajv 8 so
 * that it is the one at the root and every user of Ajv 8 shares it.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const server = createRequire(join(root, 'apps/server/package.json'));
/** A require that resolves as the package `name` (found by `from`) does. */
const asPackage = (from, name) => createRequire(from.resolve(`${name}/package.json`));

describe('Ajv in the server', () => {
  it('is one copy for the server, fastify and its schema compilers', () => {
    const fastify = asPackage(server, 'fastify');
    const compiler = asPackage(fastify, '@fastify/ajv-compiler');
    const users = [
      server,
      compiler,
      asPackage(compiler, 'ajv-formats'),
      asPackage(fastify, 'fast-json-stringify'),
    ];
    const copies = new Set(users.map((require) => require.resolve('ajv')));
    expect([...copies]).toEqual([join(root, 'node_modules/ajv/dist/ajv.js')]);
  });
});
