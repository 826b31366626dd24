#!/usr/bin/env node
// Stops at once, with what to install and how, when this Node.js is older than package.json's
// engines.node. Imported first by the entry points (start, test, ensure) so that it runs before
// anything else, and run by scripts/install-node.sh to decide whether to install. It must parse
// and run on old Node versions too: plain syntax no newer than Node 18, standard library only.
//
// For the tests only, `--pretend-node-version=20.19.0` checks that version as well (it can make
// the check fail, never pass): a way to see the message without an old Node at hand.
import { readFileSync } from 'node:fs';

/** The minimum of a range written `>=MAJOR[.MINOR[.PATCH]]`, as [major, minor, patch]. */
export function minimumOf(range) {
  const match = /^>=\s*v?(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(String(range).trim());
  if (!match) throw new Error(`engines.node "${range}" is not of the form ">=24.11"`);
  return [Number(match[1]), Number(match[2] || 0), Number(match[3] || 0)];
}

/** Null when `version` (e.g. 'v24.11.0') satisfies `range`, else the message to print. */
export function nodeVersionProblem(version, range) {
  const minimum = minimumOf(range);
  const parts = /^v?(\d+)\.(\d+)\.(\d+)/.exec(String(version));
  const current = parts ? [Number(parts[1]), Number(parts[2]), Number(parts[3])] : [0, 0, 0];
  const i = current[0] !== minimum[0] ? 0 : current[1] !== minimum[1] ? 1 : 2;
  if (current[i] >= minimum[i]) return null;
  const wanted = minimum.join('.');
  return [
    `This project needs Node.js ${wanted} or newer (package.json engines.node "${range}");`,
    `this is Node.js ${version}. Install Node.js ${minimum[0]} LTS, then run the command again:`,
    '  bash scripts/install-node.sh   (Linux x64: from the npm registry into /opt; prints the',
    '                                  bin folder to put first on PATH)',
    `  or: nvm install ${minimum[0]} && nvm use ${minimum[0]}`,
  ].join('\n');
}

/** engines.node of the root package.json. */
export function requiredRange() {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  return pkg.engines.node;
}

const range = requiredRange();
const pretend = process.argv
  .filter((arg) => arg.indexOf('--pretend-node-version=') === 0)
  .map((arg) => arg.slice('--pretend-node-version='.length));
for (const version of [process.version].concat(pretend)) {
  const problem = nodeVersionProblem(version, range);
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}
