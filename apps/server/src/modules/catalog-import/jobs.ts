/**
 * Catalog import jobs (issue 20 "Import and export", decision 051). An uploaded file is kept under
 * DATA_DIR and becomes a job:
 *
 *   validating → validated      the dry run: every product read, completed against the stored
 *                               one, checked and compared (saveProducts with dryRun) in batches;
 *                               every issue recorded by row and column; nothing written
 *   validated → applying → applied
 *                               asked for, and only when the dry run found no issue: the file is
 *                               read again and saved in batches of BATCH products, each batch and
 *                               the job's cursor in one transaction, so a crash leaves every
 *                               product old or new and the job resumes at the first batch not
 *                               written
 *   → failed                    the file could not be read or stored (not a product's problem)
 *
 * A zip of photos uploaded beside the file is stored first (images.ts: each photo once, named by
 * its hash, the name → source map kept with the job, the zip then deleted); the dry run also
 * fetches image URLs when the operator allows it, so the apply rewrites image cells from the map
 * alone.
 *
 * A product that turns invalid during the apply (its category removed since the dry run, say)
 * is reported and left as it is; the others are saved.
 *
 * One process runs a job at a time: it holds the job's lease (`lease_until`), renewed by every
 * batch; a job whose lease lapsed (its process died) is taken over by the next scan of a process
 * with workers, at once on start. Each batch also locks the job's row and checks the cursor, so
 * two processes can never both write one batch.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { and, asc, desc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { ProductDocument } from '@storefront/shared/catalog-product';
import {
  completeDocument,
  emptyCounts,
  IMPORT_FILE_MAX_BYTES,
  IMPORT_ISSUES_SHOWN,
  locateIssue,
  type ImportCounts,
  type ImportFormat,
  type ImportIssue,
  type ImportJob,
  type ImportJobStatus,
  type RowIssue,
} from '@storefront/shared/catalog-transfer';
import type { Db, Tx } from '../../db/connect.js';
import { IMPORT_ZIP_MAX_BYTES } from '@storefront/shared/catalog-images';
import type { Config } from '../../config.js';
import { catalogImportImages, catalogImportIssues, catalogImportJobs } from '../../db/schema.js';
import { AppError, conflict, invalid, notFound } from '../../lib/errors.js';
import { newObjectId } from '../../lib/ids.js';
import { CatalogGrowth, readProducts, saveProducts } from '../catalog/product-store.js';
import {
  checkZip,
  createImageImporter,
  type ImageImporter,
  type ImageImporterOptions,
} from '../images/import.js';
import { imageStorage, type ImageStorage } from '../images/storage.js';
import { recordAudit, type StaffActor } from '../staff/audit.js';
import {
  fetchUrls,
  resolveImages,
  saveZipEntries,
  urlCells,
  urlEntries,
  zipEntries,
  zipRows,
  type ImportImageMap,
} from './images.js';
import { FileUnreadable, readImportFile, type FileProduct } from './read-file.js';

/** Products per batch: one transaction, a few statements (product-store.ts). */
export const BATCH = 500;
/** How long a job stays with the process running it without a batch. */
export const LEASE_MS = 15_000;
/** Where uploaded files are kept, under DATA_DIR. */
export const IMPORTS_DIR = 'catalog-imports';

type JobRow = typeof catalogImportJobs.$inferSelect;

export interface JobProgress {
  status: ImportJobStatus;
  bytesRead: number;
  bytes: number;
  done: number;
  total: number;
}

const FORMATS: Record<string, ImportFormat> = {
  '.csv': 'csv',
  '.jsonl': 'jsonl',
  '.ndjson': 'jsonl',
};

/** The format of a file by its name: .csv, or .jsonl / .ndjson (JSON Lines). */
export function formatOf(fileName: string): ImportFormat {
  const format = FORMATS[extname(fileName).toLowerCase()];
  if (!format)
    throw invalid(
      'import_format',
      `"${fileName}" is neither a .csv nor a .jsonl (JSON Lines) file: save the sheet as CSV (UTF-8)`,
    );
  return format;
}

/** A part of an upload: `file` (the catalog) or `images` (a zip of its photos). */
export interface UploadPart {
  field: string;
  fileName: string;
  stream: Readable;
}

const cleanName = (name: string, fallback: string) =>
  name
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .trim()
    .slice(0, 200) || fallback;

/** A stream cut off with `error` past `limit` bytes (the multipart limit is the larger part's). */
function capped(limit: number, error: () => AppError): Transform {
  let size = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > limit) done(error());
      else done(null, chunk);
    },
  });
}

const fileTooLarge = () =>
  invalid(
    'import_file_too_large',
    `The file is larger than ${IMPORT_FILE_MAX_BYTES / 1024 / 1024} MB: split it into several files`,
  );
export const zipTooLarge = () =>
  invalid(
    'import_images_too_large',
    `The zip of photos is larger than ${IMPORT_ZIP_MAX_BYTES / 1024 / 1024 / 1024} GB: split the file and its photos into several imports`,
  );

/**
 * Stores an upload under DATA_DIR and makes its job (validating), audited; the caller starts its
 * dry run (`ImportRunner.start`). The parts come one after another (a multipart body's order):
 * `file`, the catalog, and optionally `images`, a zip of its photos, checked whole from its
 * directory here (a damaged zip, too many files or too many bytes is refused at once); its
 * photos are stored by the job. A stream that fails (too large, cut off) leaves nothing behind.
 */
export async function createImportJob(
  db: Db,
  dataDir: string,
  who: StaffActor,
  parts: AsyncIterable<UploadPart> | Iterable<UploadPart>,
): Promise<ImportJob> {
  const id = newObjectId();
  await mkdir(join(dataDir, IMPORTS_DIR), { recursive: true });
  let file: { fileName: string; format: ImportFormat; path: string } | undefined;
  let zip: { fileName: string; path: string } | undefined;
  const kept: string[] = [];
  const keep = async (stream: Readable, path: string, cap: Transform) => {
    kept.push(path);
    await pipeline(stream, cap, createWriteStream(join(dataDir, path)));
  };
  try {
    for await (const part of parts) {
      if (part.field === 'file' && !file) {
        const fileName = cleanName(part.fileName, 'catalog.csv');
        const format = formatOf(fileName);
        file = { fileName, format, path: join(IMPORTS_DIR, `${id}.${format}`) };
        await keep(part.stream, file.path, capped(IMPORT_FILE_MAX_BYTES, fileTooLarge));
      } else if (part.field === 'images' && !zip) {
        const fileName = cleanName(part.fileName, 'images.zip');
        if (extname(fileName).toLowerCase() !== '.zip')
          throw invalid(
            'import_images_not_zip',
            `"${fileName}" is not a .zip file: put the photos in a zip (most systems: select them, then Compress)`,
          );
        zip = { fileName, path: join(IMPORTS_DIR, `${id}.zip`) };
        await keep(part.stream, zip.path, capped(IMPORT_ZIP_MAX_BYTES, zipTooLarge));
      } else {
        part.stream.resume();
        throw invalid(
          'import_part_unknown',
          `The upload takes one part "file" (the catalog) and optionally one part "images" (a zip of its photos), not "${part.field}"`,
        );
      }
    }
    if (!file) throw invalid('import_file_missing', 'Send one file, in a part named "file"');
    if (zip) await checkZip(join(dataDir, zip.path));
  } catch (error) {
    await Promise.all(kept.map((path) => rm(join(dataDir, path), { force: true })));
    throw error;
  }
  const { size } = await stat(join(dataDir, file.path));
  const { fileName, format, path: filePath } = file;
  await db.transaction(async (tx) => {
    await tx.insert(catalogImportJobs).values({
      id,
      status: 'validating',
      fileName,
      format,
      filePath,
      bytes: size,
      createdByStaffId: who.staffId,
      createdBy: who.actor,
      imagesFileName: zip?.fileName ?? null,
      imagesPath: zip?.path ?? null,
    });
    await recordAudit(tx, who, {
      action: 'catalog.import.upload',
      targetType: 'catalog_import',
      targetId: id,
      after: { fileName, format, bytes: size, ...(zip ? { images: zip.fileName } : {}) },
    });
  });
  return importJob(db, id);
}

/** Asks for the apply of a validated job with no issue (409 otherwise), audited. */
export async function requestApply(db: Db, who: StaffActor, id: string): Promise<ImportJob> {
  await db.transaction(async (tx) => {
    const [job] = await tx
      .select()
      .from(catalogImportJobs)
      .where(eq(catalogImportJobs.id, id))
      .for('update');
    if (!job) throw notFound('import_not_found', 'No such import');
    if (job.status !== 'validated')
      throw conflict(
        'import_not_validated',
        job.status === 'validating'
          ? 'The dry run is still running: apply once it has finished'
          : `This import is ${job.status}: upload the file again to import it again`,
      );
    if (job.issueCount > 0)
      throw conflict(
        'import_has_errors',
        `The dry run found ${job.issueCount.toLocaleString('en-IN')} ${job.issueCount === 1 ? 'error' : 'errors'}: nothing is applied until the file is corrected and uploaded again`,
      );
    await tx
      .update(catalogImportJobs)
      .set({
        status: 'applying',
        appliedByStaffId: who.staffId,
        appliedBy: who.actor,
        leaseUntil: null,
        updatedAt: sql`now()`,
      })
      .where(eq(catalogImportJobs.id, id));
    await recordAudit(tx, who, {
      action: 'catalog.import.apply',
      targetType: 'catalog_import',
      targetId: id,
      before: { dryRun: job.dryRun },
    });
  });
  return importJob(db, id);
}

function toIssue(row: typeof catalogImportIssues.$inferSelect): ImportIssue {
  return {
    row: row.row,
    column: row.column,
    code: row.code,
    message: row.message,
    productCode: row.productCode,
    phase: row.phase as ImportIssue['phase'],
  };
}

function toJob(row: JobRow, issues: ImportIssue[]): ImportJob {
  return {
    id: row.id,
    fileName: row.fileName,
    format: row.format as ImportFormat,
    status: row.status as ImportJobStatus,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    createdBy: row.createdBy,
    bytesRead: row.bytesRead,
    bytes: row.bytes,
    done: row.done,
    total: row.total,
    dryRun: (row.dryRun as ImportCounts | null) ?? null,
    applied: (row.applied as ImportCounts | null) ?? null,
    issueCount: row.issueCount,
    issues,
    error: row.error,
    images:
      row.imagesFileName === null
        ? null
        : {
            fileName: row.imagesFileName,
            status: row.imagesStoredAt ? 'stored' : 'storing',
            stored: row.imagesStored,
            problems: row.imagesProblems,
          },
  };
}

/** A job with its first issues (IMPORT_ISSUES_SHOWN; the rest through `importIssues`). */
export async function importJob(db: Db, id: string): Promise<ImportJob> {
  const [row] = await db.select().from(catalogImportJobs).where(eq(catalogImportJobs.id, id));
  if (!row) throw notFound('import_not_found', 'No such import');
  const issues = await db
    .select()
    .from(catalogImportIssues)
    .where(eq(catalogImportIssues.jobId, id))
    .orderBy(asc(catalogImportIssues.seq))
    .limit(IMPORT_ISSUES_SHOWN);
  return toJob(row, issues.map(toIssue));
}

/** The latest jobs, newest first, without their issues. */
export async function recentImportJobs(db: Db, limit = 20): Promise<ImportJob[]> {
  const rows = await db
    .select()
    .from(catalogImportJobs)
    .orderBy(desc(catalogImportJobs.createdAt), desc(catalogImportJobs.id))
    .limit(limit);
  return rows.map((row) => toJob(row, []));
}

/** A page of a job's issues after `after` (a seq). */
export async function importIssues(
  db: Db,
  id: string,
  { after, limit }: { after: number; limit: number },
) {
  await importJob(db, id);
  const rows = await db
    .select()
    .from(catalogImportIssues)
    .where(and(eq(catalogImportIssues.jobId, id), gt(catalogImportIssues.seq, after)))
    .orderBy(asc(catalogImportIssues.seq))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return {
    issues: page.map((row) => ({ ...toIssue(row), seq: row.seq })),
    next: rows.length > limit ? page.at(-1)!.seq : null,
  };
}

// ---------------------------------------------------------------------------------------------
// Running a job

interface BatchResult {
  counts: ImportCounts;
  issues: (RowIssue & { productCode: string | null })[];
}

/** Where a document's issue is: its row and column (CSV), or its line and path (JSON Lines). */
function place(product: FileProduct, path: string): { row: number; column: string | null } {
  if (product.jsonl) return { row: product.row, column: path || null };
  return locateIssue(product.imported!, path);
}

/** What a batch needs besides its products: the job's images, and where uploads are kept. */
interface BatchImages {
  map: ImportImageMap;
  storage: ImageStorage;
}

/**
 * Checks (dry run) or saves a batch of the file's products: each completed against its stored
 * product, its image cells rewritten to their sources (images.ts), checked, compared, and
 * (unless `dryRun`) written, inside `tx`.
 */
async function runBatch(
  tx: Tx,
  batch: FileProduct[],
  dryRun: boolean,
  images: BatchImages,
): Promise<BatchResult> {
  const result: BatchResult = { counts: emptyCounts(), issues: [] };
  const report = (product: FileProduct, issues: RowIssue[]) => {
    result.counts.invalid += 1;
    for (const issue of issues) result.issues.push({ ...issue, productCode: product.code || null });
  };
  const stored = await readProducts(
    tx,
    batch.filter((p) => p.code !== '' && p.issues.length === 0).map((p) => p.code),
  );
  const docs: ProductDocument[] = [];
  const byCode = new Map<string, FileProduct>();
  const uploads = new Set<string>();
  for (const product of batch) {
    result.counts.products += 1;
    if (product.issues.length > 0) {
      report(product, product.issues);
      continue;
    }
    const completed = product.document
      ? { document: product.document, issues: [] }
      : completeDocument(product.imported!, stored.get(product.code)?.document);
    if (!completed.document) {
      report(product, completed.issues);
      continue;
    }
    const resolved = resolveImages(
      completed.document,
      stored.get(product.code)?.document,
      images.map,
    );
    if (resolved.issues.length > 0) {
      report(
        product,
        resolved.issues.map((issue) => ({
          ...place(product, issue.path),
          code: issue.code,
          message: issue.message,
        })),
      );
      continue;
    }
    for (const source of resolved.uploads) uploads.add(source);
    docs.push({ ...completed.document, images: resolved.images });
    byCode.set(product.code, product);
  }
  const outcomes = await saveProducts(tx, docs, {
    dryRun,
    stored,
    imageStorage: images.storage,
    presentImages: uploads,
  });
  for (const outcome of outcomes) {
    const product = byCode.get(outcome.code)!;
    if (outcome.result === 'invalid') {
      report(
        product,
        outcome.issues.map((issue) => ({
          ...place(product, issue.path),
          code: issue.code,
          message: issue.message,
        })),
      );
      continue;
    }
    const wasArchived = stored.get(outcome.code)?.document.status === 'archived';
    if (outcome.result === 'changed' && outcome.status === 'archived' && !wasArchived)
      result.counts.archived += 1;
    else result.counts[outcome.result] += 1;
  }
  return result;
}

const add = (into: ImportCounts, more: ImportCounts) => {
  for (const key of Object.keys(into) as (keyof ImportCounts)[]) into[key] += more[key];
};

async function insertIssues(
  tx: Tx,
  jobId: string,
  phase: ImportIssue['phase'],
  from: number,
  issues: BatchResult['issues'],
): Promise<void> {
  for (let i = 0; i < issues.length; i += 1000)
    await tx.insert(catalogImportIssues).values(
      issues.slice(i, i + 1000).map((issue, n) => ({
        jobId,
        seq: from + i + n + 1,
        phase,
        row: issue.row,
        column: issue.column,
        code: issue.code,
        message: issue.message,
        productCode: issue.productCode,
      })),
    );
}

/** The file's products in batches of BATCH, codes in the file checked for repeats on the way. */
async function* batches(
  products: AsyncIterable<FileProduct>,
  seen: Map<string, number> | undefined,
): AsyncGenerator<FileProduct[]> {
  let batch: FileProduct[] = [];
  for await (const product of products) {
    if (seen && product.code !== '') {
      const first = seen.get(product.code);
      if (first !== undefined)
        product.issues.push({
          row: product.row,
          column: 'code',
          code: 'code_repeated',
          message: `Product ${product.code} is also on ${product.jsonl ? 'line' : 'row'} ${first.toLocaleString('en-IN')}: a file names each product once${product.jsonl ? '' : ' (one row per product, or its variant rows one after another)'}`,
        });
      else seen.set(product.code, product.row);
    }
    batch.push(product);
    if (batch.length >= BATCH) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/**
 * Runs jobs in this process: the one started by an upload or an apply here, and (with workers)
 * any whose process died, picked up by `scan`. `close` lets the batch in flight finish.
 */
export class ImportRunner {
  private readonly running = new Map<string, Promise<void>>();
  private closing = false;
  private readonly dataDir: string;
  private readonly storage: ImageStorage;
  private readonly importer: ImageImporter;

  /** `importer`: the image importer's options (tests let it reach their own URL server). */
  constructor(
    private readonly db: Db,
    private readonly config: Pick<Config, 'dataDir' | 'images'>,
    private readonly log: (message: string, error?: unknown) => void = () => {},
    importer: ImageImporterOptions = {},
  ) {
    this.dataDir = config.dataDir;
    this.storage = imageStorage(config);
    this.importer = createImageImporter(config, importer);
  }

  /** Runs the job in the background (if this process is not running it already). */
  start(id: string, onProgress?: (progress: JobProgress) => void): Promise<void> {
    const current = this.running.get(id);
    if (current) return current;
    const run = this.run(id, onProgress)
      .catch((error: unknown) => this.log(`catalog import ${id} stopped`, error))
      .finally(() => this.running.delete(id));
    this.running.set(id, run);
    return run;
  }

  /** Starts every job that needs a process and has none (its lease lapsed, or never taken). */
  async scan(): Promise<void> {
    if (this.closing) return;
    const rows = await this.db
      .select({ id: catalogImportJobs.id })
      .from(catalogImportJobs)
      .where(
        and(
          inArray(catalogImportJobs.status, ['validating', 'applying']),
          or(isNull(catalogImportJobs.leaseUntil), lt(catalogImportJobs.leaseUntil, sql`now()`)),
        ),
      );
    for (const { id } of rows) void this.start(id);
  }

  async close(): Promise<void> {
    this.closing = true;
    await Promise.all(this.running.values());
  }

  /** Takes the job's lease if it is free; answers the job, or undefined (not ours to run). */
  private async claim(id: string): Promise<JobRow | undefined> {
    const [row] = await this.db
      .update(catalogImportJobs)
      .set({ leaseUntil: sql`now() + ${`${LEASE_MS} milliseconds`}::interval` })
      .where(
        and(
          eq(catalogImportJobs.id, id),
          inArray(catalogImportJobs.status, ['validating', 'applying']),
          or(isNull(catalogImportJobs.leaseUntil), lt(catalogImportJobs.leaseUntil, sql`now()`)),
        ),
      )
      .returning();
    return row;
  }

  private async run(id: string, onProgress?: (progress: JobProgress) => void): Promise<void> {
    const job = await this.claim(id);
    if (!job) return;
    const path = join(this.dataDir, job.filePath);
    const progress: JobProgress = {
      status: job.status as ImportJobStatus,
      bytesRead: 0,
      bytes: job.bytes,
      done: job.done,
      total: job.total,
    };
    try {
      if (job.status === 'validating') {
        if (job.imagesPath !== null && job.imagesStoredAt === null)
          if (!(await this.storeZip(job))) return;
        await this.dryRun(job, path, progress, onProgress);
      } else await this.apply(job, path, progress, onProgress);
    } catch (error) {
      if (this.closing) return;
      // A zip refused as it is unpacked (damaged mid-way) is the seller's to fix, as it says.
      const refused = error instanceof AppError && error.status < 500;
      await this.db
        .update(catalogImportJobs)
        .set({
          status: 'failed',
          error: (refused
            ? `The zip of photos: ${error.detail}`
            : `The import stopped: ${(error as Error).message}`
          ).slice(0, 1000),
          leaseUntil: null,
          updatedAt: sql`now()`,
        })
        .where(eq(catalogImportJobs.id, id));
      if (!refused) throw error;
    }
  }

  /**
   * Renews the job's lease at most every few seconds, without waiting: for the long steps
   * between batches (storing a zip's photos, fetching URLs), so no other process takes the job.
   */
  private heartbeat(
    id: string,
    set: () => Partial<typeof catalogImportJobs.$inferInsert> = () => ({}),
  ) {
    let last = Date.now();
    return () => {
      if (Date.now() - last < LEASE_MS / 3) return;
      last = Date.now();
      this.renew(this.db as unknown as Tx, id, set()).catch((error: unknown) =>
        this.log(`catalog import ${id}: lease`, error),
      );
    };
  }

  /**
   * Stores the zip's photos (each once: a photo stored again is the same object) and keeps
   * their names with the job, then deletes the zip. Answers false when this process is closing.
   */
  private async storeZip(job: JobRow): Promise<boolean> {
    const path = join(this.dataDir, job.imagesPath!);
    let stored = 0;
    const beat = this.heartbeat(job.id, () => ({ imagesStored: stored }));
    const images = await this.importer.fromZip(path, (done) => {
      stored = done;
      beat();
    });
    if (this.closing) return false;
    const rows = zipRows(job.id, images);
    await this.db.transaction(async (tx) => {
      await tx
        .delete(catalogImportImages)
        .where(and(eq(catalogImportImages.jobId, job.id), eq(catalogImportImages.kind, 'zip')));
      await saveZipEntries(tx, rows);
      await this.renew(tx, job.id, {
        imagesStoredAt: new Date(),
        imagesStored: new Set(images.sources.values()).size,
        imagesProblems: images.problems.length,
      });
    });
    await rm(path, { force: true });
    return true;
  }

  /** What the job knows of its images, with the URLs of `batch` looked up. */
  private async imagesFor(
    job: JobRow,
    zip: ImportImageMap['zip'],
    batch: FileProduct[],
  ): Promise<BatchImages> {
    const urls = batch.flatMap(urlCells);
    return {
      storage: this.storage,
      map: {
        zipName: job.imagesFileName,
        zip,
        urls: await urlEntries(this.db, job.id, urls),
        urlFetch: this.config.images.urlFetch,
      },
    };
  }

  /**
   * The dry run fetches the batch's new URLs (decision 051: here, not in the apply), except those
   * a stored product lists already: it keeps them as they are.
   */
  private async fetchBatchUrls(job: JobRow, batch: FileProduct[]): Promise<void> {
    if (!this.config.images.urlFetch) return;
    const withUrls = batch.filter((product) => urlCells(product).length > 0);
    if (withUrls.length === 0) return;
    const stored = await readProducts(
      this.db,
      withUrls.map((product) => product.code),
    );
    const urls = withUrls.flatMap((product) => {
      const listed = new Set(stored.get(product.code)?.document.images ?? []);
      return urlCells(product).filter((url) => !listed.has(url));
    });
    await fetchUrls(this.db, this.importer, job.id, urls, this.heartbeat(job.id));
  }

  private async dryRun(
    job: JobRow,
    path: string,
    progress: JobProgress,
    onProgress?: (progress: JobProgress) => void,
  ): Promise<void> {
    // A dry run writes nothing to the catalog: one interrupted starts again from the top.
    await this.db.delete(catalogImportIssues).where(eq(catalogImportIssues.jobId, job.id));
    const counts = emptyCounts();
    let issueCount = 0;
    const onBytes = (bytes: number) => (progress.bytesRead = bytes);
    const zip = await zipEntries(this.db, job.id);
    try {
      for await (const batch of batches(
        readImportFile(path, job.format as ImportFormat, onBytes),
        new Map(),
      )) {
        if (this.closing) return;
        // Outside the batch's transaction: a fetch may take seconds, and PGlite has one connection.
        await this.fetchBatchUrls(job, batch);
        const images = await this.imagesFor(job, zip, batch);
        const result = await this.db.transaction((tx) => runBatch(tx, batch, true, images));
        add(counts, result.counts);
        await this.db.transaction(async (tx) => {
          await insertIssues(tx, job.id, 'dry_run', issueCount, result.issues);
          await this.renew(tx, job.id, { bytesRead: progress.bytesRead, total: counts.products });
        });
        issueCount += result.issues.length;
        progress.total = counts.products;
        onProgress?.(progress);
      }
    } catch (error) {
      if (!(error instanceof FileUnreadable)) throw error;
      const issues = error.issues.map((issue) => ({ ...issue, productCode: null }));
      await this.db.transaction((tx) => insertIssues(tx, job.id, 'dry_run', issueCount, issues));
      issueCount += issues.length;
    }
    await this.db
      .update(catalogImportJobs)
      .set({
        status: 'validated',
        dryRun: counts,
        total: counts.products,
        issueCount,
        bytesRead: job.bytes,
        leaseUntil: null,
        updatedAt: sql`now()`,
      })
      .where(eq(catalogImportJobs.id, job.id));
    progress.status = 'validated';
    progress.bytesRead = job.bytes;
    onProgress?.(progress);
  }

  private async apply(
    job: JobRow,
    path: string,
    progress: JobProgress,
    onProgress?: (progress: JobProgress) => void,
  ): Promise<void> {
    let skip = job.done;
    let cursor = job.done;
    const counts: ImportCounts = { ...emptyCounts(), ...(job.applied as ImportCounts | null) };
    let issueCount = job.issueCount;
    const zip = await zipEntries(this.db, job.id);
    const products = readImportFile(path, job.format as ImportFormat);
    const growth = await CatalogGrowth.start(this.db);
    for await (const whole of batches(products, undefined)) {
      // The batches already written (the job's cursor): read past, not saved again.
      const batch = whole.slice(Math.min(skip, whole.length));
      skip = Math.max(0, skip - whole.length);
      if (batch.length === 0) continue;
      if (this.closing) return;
      const images = await this.imagesFor(job, zip, batch);
      const written = await this.db.transaction(async (tx) => {
        if (!(await this.stillAt(tx, job.id, cursor))) return false;
        const result = await runBatch(tx, batch, false, images);
        add(counts, result.counts);
        await insertIssues(tx, job.id, 'apply', issueCount, result.issues);
        issueCount += result.issues.length;
        await this.renew(tx, job.id, { done: cursor + batch.length, applied: counts, issueCount });
        return result.counts;
      });
      if (!written) return;
      cursor += batch.length;
      progress.done = cursor;
      onProgress?.(progress);
      await growth.grew(written.new);
    }
    // Every batch written (or none to write): the summary, once, with its audit entry.
    const finished = await this.db.transaction(async (tx) => {
      if (!(await this.stillAt(tx, job.id, cursor))) return false;
      await this.renew(tx, job.id, { status: 'applied', applied: counts, leaseUntil: null });
      await recordAudit(
        tx,
        {
          staffId: job.appliedByStaffId,
          actor: job.appliedBy ?? 'operator',
          ip: null,
          userAgent: null,
        },
        {
          action: 'catalog.import.applied',
          targetType: 'catalog_import',
          targetId: job.id,
          after: { fileName: job.fileName, applied: counts },
        },
      );
      return true;
    });
    if (finished) {
      progress.status = 'applied';
      onProgress?.(progress);
    }
  }

  /**
   * Locks the job's row and answers whether it is still applying at `cursor`: if not, another
   * process took the job over (this one's lease lapsed) and this one stops.
   */
  private async stillAt(tx: Tx, id: string, cursor: number): Promise<boolean> {
    const [row] = await tx
      .select({ done: catalogImportJobs.done, status: catalogImportJobs.status })
      .from(catalogImportJobs)
      .where(eq(catalogImportJobs.id, id))
      .for('update');
    return row?.status === 'applying' && row.done === cursor;
  }

  /** Renews the job's lease with the batch's changes, in the batch's transaction. */
  private async renew(
    tx: Tx,
    id: string,
    set: Partial<typeof catalogImportJobs.$inferInsert>,
  ): Promise<void> {
    await tx
      .update(catalogImportJobs)
      .set({
        leaseUntil: sql`now() + ${`${LEASE_MS} milliseconds`}::interval`,
        updatedAt: sql`now()`,
        ...set,
      })
      .where(eq(catalogImportJobs.id, id));
  }
}
