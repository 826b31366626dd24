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
  const entry = chunks[APP_ENTRY] ? APP_ENTRY : undefined;
  return { chunks, entry, staticClosure };
}

/** The app's entry (the page's HTML and its module script), as the manifest names it. */
const APP_ENTRY = 'index.html';
/** The small entry that starts a server-rendered page's scripts after its paint (decision 085). */
const PAGE_SCRIPTS_ENTRY = 'src/page-scripts.ts';

/** What a page module needs beyond the entry: its chunks' and its styles' URLs. */
export interface PageAssets {
  modules: string[];
  styles: string[];
}

/**
 * The build's scripts as a page names them: the app's entry, the page-scripts starter, and for
 * each page module its own chunk and what it imports statically, less what the entry already
 * loads, with their styles. Read once from the build's manifest; none without one.
 */
export function webAssets(webDist: string) {
  const { chunks, entry, staticClosure } = readBuildManifest(webDist);
  const loadedByEntry = entry ? staticClosure(entry) : new Set<string>();
  const url = (key: string) => (chunks[key] ? `/${chunks[key].file}` : undefined);
  const pages = new Map<string, PageAssets>();
  return {
    entry: entry && url(entry),
    pageScripts: url(PAGE_SCRIPTS_ENTRY),
    of(page: string): PageAssets {
      let assets = pages.get(page);
      if (!assets) {
        const keys = [...staticClosure(`src/${page}.tsx`)].filter((key) => !loadedByEntry.has(key));
        assets = {
          modules: keys.map((key) => `/${chunks[key]!.file}`),
          styles: keys.flatMap((key) => chunks[key]!.css ?? []).map((file) => `/${file}`),
        };
        pages.set(page, assets);
      }
      return assets;
    },
  };
}
