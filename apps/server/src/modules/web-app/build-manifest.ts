/**
 * The web build's Vite manifest, read once: which chunks (and styles) each page module needs,
 * so a page's HTML can announce them as modulepreload links (decision 036). The bench's
 * initial-JS figures (bench/bundles.ts) read it the same way.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/**
 * The web build's Vite manifest (empty without a build): its chunks by source key, the entry's
 * key, and the chunks a key needs statically (itself and what it imports, transitively). The
 * page preloads here and the bench's initial-JS figures (bench/bundles.ts) both read it so.
 */
export function readBuildManifest(webDist: string) {
  const manifestFile = join(webDist, '.vite', 'manifest.json');
  const chunks: Record<string, ManifestChunk> = existsSync(manifestFile)
    ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>)
    : {};
  const staticClosure = (key: string, into = new Set<string>()): Set<string> => {
    if (into.has(key) || !chunks[key]) return into;
    into.add(key);
    for (const imported of chunks[key].imports ?? []) staticClosure(imported, into);
    return into;
  };
  const entry = Object.keys(chunks).find((key) => chunks[key]!.isEntry);
  return { chunks, entry, staticClosure };
}

/**
 * The modulepreload links of each page module: its own chunk and what it imports statically,
 * less what the entry already loads. Read once from the build's manifest; none without one.
 */
export function pageModulePreloads(webDist: string): (page: string) => string[] {
  const { chunks, entry, staticClosure } = readBuildManifest(webDist);
  const loadedByEntry = entry ? staticClosure(entry) : new Set<string>();
  const links = new Map<string, string[]>();
  return (page) => {
    let pageLinks = links.get(page);
    if (!pageLinks) {
      const keys = [...staticClosure(`src/${page}.tsx`)].filter((key) => !loadedByEntry.has(key));
      pageLinks = [
        ...keys.map(
          (key) => `<link rel="modulepreload" crossorigin href="/${chunks[key]!.file}" />`,
        ),
        ...keys
          .flatMap((key) => chunks[key]!.css ?? [])
          .map((file) => `<link rel="stylesheet" crossorigin href="/${file}" />`),
      ];
      links.set(page, pageLinks);
    }
    return pageLinks;
  };
}
