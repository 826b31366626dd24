/**
 * Images in a catalog import (issue 20, decisions 049 and 051). An image cell of the file is:
 *
 * - a file of the zip uploaded beside it, by its path in the zip or its bare file name: the zip's
 *   photos are stored once, before the dry run reads a row, and each name's source is kept with
 *   the job (catalog_import_images);
 * - an http(s) URL: fetched and stored by the dry run, only where the operator allows outbound
 *   fetches (IMAGE_URL_FETCH), and kept with the job the same way;
 * - a source the store serves already ('uploads/…', 'products/…'), or one the product lists
 *   already (an exported catalog imported again, whatever its images), kept as it is.
 *
 * The dry run reports any other cell on its row and column, so the apply only rewrites cells
 * from the job's map: it neither unpacks nor fetches, and one resumed after a crash rewrites the
 * same cells to the same sources.
 */
import { basename } from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import type { ProductDocument } from '@storefront/shared/catalog-product';
import type { DbOrTx } from '../../db/connect.js';
import { catalogImportImages } from '../../db/schema.js';
import { mapLimited } from '../../lib/map-limited.js';
import { AppError } from '../../lib/errors.js';
import type { ImageImporter, ZipImages } from '../images/import.js';
import type { FileProduct } from './read-file.js';

/** A name's stored source, or why there is none. */
export type ImageEntry = { source: string } | { code: string; message: string };

/** URL fetches at once (each up to 15 s and 10 MB: a few, so the dry run keeps moving). */
const FETCHES = 4;

const isUrl = (cell: string) => /^https?:\/\//i.test(cell);

/** A source the image service addresses already: an upload or the demo's art, however written. */
const isStoreSource = (cell: string) =>
  /^(?:uploads|products)\//.test(cell.replace(/^\/+/, '').replace(/^images\//, ''));

/** What a job knows of its images: the zip's names, and the URLs fetched so far. */
export interface ImportImageMap {
  /** The zip's file name as uploaded, or null when none came with the file. */
  zipName: string | null;
  zip: ReadonlyMap<string, ImageEntry>;
  urls: ReadonlyMap<string, ImageEntry>;
  /** Whether this server fetches URLs (a URL not in `urls` is then one the dry run missed). */
  urlFetch: boolean;
}

export interface ResolvedImages {
  images: string[];
  /** Issues by path (`images.<n>`), placed in the file by the caller. */
  issues: { path: string; code: string; message: string }[];
  /** The uploads the cells resolved to: stored by this job, so not looked up again on save. */
  uploads: string[];
}

/**
 * The document's images with each cell of the file rewritten to its source, or the issues of
 * the cells that name no image. `stored` is the product as stored (its images are kept).
 */
export function resolveImages(
  doc: ProductDocument,
  stored: ProductDocument | undefined,
  map: ImportImageMap,
): ResolvedImages {
  const result: ResolvedImages = { images: [], issues: [], uploads: [] };
  const listed = new Set(stored?.images ?? []);
  doc.images.forEach((raw, i) => {
    const cell = raw.trim();
    const path = `images.${i}`;
    // A URL the product lists already stays (an export imported again changes nothing), even
    // if another row of the file had it fetched; a zip's file replaces whatever it is named.
    if (isUrl(cell) && listed.has(cell)) {
      result.images.push(cell);
      return;
    }
    const found = isUrl(cell) ? map.urls.get(cell) : map.zip.get(cell);
    if (found && 'source' in found) {
      result.images.push(found.source);
      result.uploads.push(found.source);
      return;
    }
    if ((!isUrl(cell) && isStoreSource(cell)) || listed.has(cell)) {
      result.images.push(cell);
      return;
    }
    if (found) {
      result.issues.push({
        path,
        code: found.code,
        message: isUrl(cell) ? found.message : `${cell} in ${map.zipName}: ${found.message}`,
      });
    } else if (isUrl(cell)) {
      result.issues.push(
        map.urlFetch
          ? {
              path,
              code: 'image_not_fetched',
              message: `${cell} was not fetched by the dry run: upload the file again`,
            }
          : {
              path,
              code: 'image_url_fetch_off',
              message: `${cell} is a URL, and this server does not fetch images by URL (IMAGE_URL_FETCH is off): put the photo in the zip and name its file here`,
            },
      );
    } else {
      result.issues.push({
        path,
        code: 'image_not_in_zip',
        message: map.zipName
          ? `${cell} is not in ${map.zipName}: name a file of the zip, by its path or its file name`
          : `${cell} names a photo, but no zip of photos came with this file: upload the zip beside it (or give an uploads/… source or a URL)`,
      });
    }
  });
  return result;
}

/** The image cells of a file's product that are URLs (blank and other cells left out). */
export function urlCells(product: FileProduct): string[] {
  if (product.issues.length > 0) return [];
  const cells = product.document?.images ?? product.imported?.fields.images ?? [];
  return cells.map((cell) => cell.trim()).filter(isUrl);
}

const toEntry = (row: typeof catalogImportImages.$inferSelect): ImageEntry =>
  row.source !== null
    ? { source: row.source }
    : { code: row.code ?? 'image_invalid', message: row.message ?? '' };

/** The zip's names of a job. */
export async function zipEntries(db: DbOrTx, jobId: string): Promise<Map<string, ImageEntry>> {
  const rows = await db
    .select()
    .from(catalogImportImages)
    .where(and(eq(catalogImportImages.jobId, jobId), eq(catalogImportImages.kind, 'zip')));
  return new Map(rows.map((row) => [row.name, toEntry(row)]));
}

/** The job's entries of these URLs (those fetched, or refused, so far). */
export async function urlEntries(
  db: DbOrTx,
  jobId: string,
  urls: readonly string[],
): Promise<Map<string, ImageEntry>> {
  if (urls.length === 0) return new Map();
  const rows = await db
    .select()
    .from(catalogImportImages)
    .where(
      and(
        eq(catalogImportImages.jobId, jobId),
        eq(catalogImportImages.kind, 'url'),
        inArray(catalogImportImages.name, [...new Set(urls)]),
      ),
    );
  return new Map(rows.map((row) => [row.name, toEntry(row)]));
}

type ImageRow = typeof catalogImportImages.$inferInsert;

async function insertEntries(db: DbOrTx, rows: ImageRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000)
    await db
      .insert(catalogImportImages)
      .values(rows.slice(i, i + 1000))
      .onConflictDoNothing();
}

/**
 * The rows of a zip's images: each stored file by its path and (when no other file has it) its
 * bare name, as `fromZip` answers them; each file not stored by its path and bare name too, with
 * why, so a row naming it is told.
 */
export function zipRows(jobId: string, images: ZipImages): ImageRow[] {
  const rows = new Map<string, ImageRow>();
  for (const [name, source] of images.sources) rows.set(name, { jobId, kind: 'zip', name, source });
  for (const problem of images.problems)
    for (const name of [problem.file, basename(problem.file)])
      if (!rows.has(name))
        rows.set(name, {
          jobId,
          kind: 'zip',
          name,
          code: problem.code,
          message: problem.detail,
        });
  return [...rows.values()];
}

export async function saveZipEntries(db: DbOrTx, rows: ImageRow[]): Promise<void> {
  await insertEntries(db, rows);
}

/**
 * Fetches and stores the URLs not fetched yet for this job, keeping each one's source or why it
 * failed; `heartbeat` is called after each (a fetch may take seconds: the job's lease is kept).
 */
export async function fetchUrls(
  db: DbOrTx,
  importer: ImageImporter,
  jobId: string,
  urls: readonly string[],
  heartbeat: () => void,
): Promise<void> {
  const wanted = [...new Set(urls)];
  const known = await urlEntries(db, jobId, wanted);
  const missing = wanted.filter((url) => !known.has(url));
  const rows = await mapLimited(missing, FETCHES, async (url): Promise<ImageRow> => {
    try {
      const stored = await importer.fromUrl(url);
      return { jobId, kind: 'url', name: url, source: stored.source };
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500) throw error;
      return { jobId, kind: 'url', name: url, code: error.code, message: error.detail };
    } finally {
      heartbeat();
    }
  });
  await insertEntries(db, rows);
}
