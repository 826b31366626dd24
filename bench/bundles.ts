/**
 * The initial JavaScript and CSS of every route, gzipped, read from the web build's Vite
 * manifest: what the entry imports statically, plus what the route's page module imports
 * statically (the router loads each page module on navigation; Vite preloads its imports with
 * it). Lighthouse measures four pages as loaded; this covers every route of the app.
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { readBuildManifest } from '../apps/server/src/modules/web-app/build-manifest.js';
import { repoRoot } from './lib/paths.js';

/** The architecture's budget: a route's initial JavaScript, gzipped, at most this many KB. */
export const INITIAL_JS_BUDGET_KB = 120;

export interface RouteBundle {
  /** The page module, e.g. features/search/pages/search-page. */
  page: string;
  jsKb: number;
  cssKb: number;
}

const distDir = join(repoRoot, 'apps', 'web', 'dist');
/** The web build's Vite manifest, which every figure here is read from. */
export const webManifestFile = join(distDir, '.vite', 'manifest.json');
/** A route's page module: the router lazy-loads `features/<area>/pages/<name>.tsx`. */
const PAGE_MODULE = /^src\/features\/[^/]+\/pages\/[^/]+\.tsx$/;

export function routeBundles(): RouteBundle[] {
  const { chunks: manifest, entry, staticClosure } = readBuildManifest(distDir);
  const gzSizes = new Map<string, number>();
  const gzKb = (files: Iterable<string>) => {
    let bytes = 0;
    for (const file of files) {
      if (!gzSizes.has(file))
        gzSizes.set(file, gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length);
      bytes += gzSizes.get(file)!;
    }
    return Math.round((bytes / 1024) * 10) / 10;
  };

  if (!entry) throw new Error(`no entry in ${relative(repoRoot, distDir)}/.vite/manifest.json`);
  return Object.keys(manifest)
    .filter((key) => manifest[key]!.isDynamicEntry && PAGE_MODULE.test(key))
    .sort()
    .map((page) => {
      const chunks = [...staticClosure(page, staticClosure(entry))].map((key) => manifest[key]!);
      return {
        page: page.replace(/^src\//, '').replace(/\.tsx$/, ''),
        jsKb: gzKb(new Set(chunks.map((chunk) => chunk.file))),
        cssKb: gzKb(new Set(chunks.flatMap((chunk) => chunk.css ?? []))),
      };
    });
}
