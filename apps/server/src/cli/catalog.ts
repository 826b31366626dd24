/**
 * The catalog's operator commands (issue 20, decision 051), run on the database directly:
 *
 *   npm run store -- catalog:import FILE [--images ZIP] --as <email> [--apply]
 *   npm run store -- catalog:export [FILE] --as <email> [--status S] [--category C] [--q TEXT]
 *
 * The import is the console's: the file is kept under DATA_DIR as a job, its dry run reports
 * every row and column in error (the photos of --images ZIP are stored first, and image cells
 * name its files); with --apply and no error it is applied in batches, with a
 * progress bar on stderr and the summary at the end. Exit 1 when the dry run found errors (nothing
 * is applied). A job this command leaves half-applied (killed) is resumed by a server with
 * workers. The export writes the file (or stdout). Both act as a catalog member or an owner, named
 * in the audit log. On PGlite while the server runs (it holds the data directory), import through
 * the console instead.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { basename } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { CatalogExportQuery, issueText, type ImportJob } from '@storefront/shared/catalog-transfer';
import { roleAllows, type StaffRole } from '@storefront/shared/staff';
import type { Config } from '../config.js';
import type { Db } from '../db/connect.js';
import { AppError } from '../lib/errors.js';
import { exportCatalog } from '../modules/catalog-import/export.js';
import {
  createImportJob,
  importIssues,
  importJob,
  ImportRunner,
  requestApply,
  type JobProgress,
} from '../modules/catalog-import/jobs.js';
import type { StaffActor } from '../modules/staff/audit.js';
import { activeMemberByEmail } from '../modules/staff/service.js';
import { Refused, UsageError } from './commands.js';

export const CATALOG_USAGE = `  npm run store -- catalog:import <file.csv|file.jsonl> [--images <photos.zip>] --as <email> [--apply]
  npm run store -- catalog:export [file.csv] --as <email> [--status draft|active|archived] [--category <slug>] [--q <text>]`;

export interface CatalogCommand {
  name: 'catalog:import' | 'catalog:export';
  file: string | undefined;
  /** catalog:import --images: a zip of the photos the file's image cells name. */
  images: string | undefined;
  as: string;
  apply: boolean;
  query: CatalogExportQuery;
}

export function parseCatalogCommand(args: {
  positionals: string[];
  values: Record<string, unknown>;
}): CatalogCommand {
  const [name, file, ...extra] = args.positionals;
  if (name !== 'catalog:import' && name !== 'catalog:export')
    throw new UsageError(`Unknown command ${name}.`);
  if (extra.length) throw new UsageError(`${name} takes one file.`);
  if (name === 'catalog:import' && !file) throw new UsageError('Name the file to import.');
  const allowed =
    name === 'catalog:import' ? ['as', 'apply', 'images'] : ['as', 'status', 'category', 'q'];
  const stray = Object.keys(args.values).filter((option) => !allowed.includes(option));
  if (stray.length) throw new UsageError(`${name} takes no --${stray.join(', --')}.`);
  const as = args.values.as;
  if (typeof as !== 'string' || as.trim() === '')
    throw new UsageError('Name the staff member you act as: --as <email>.');
  const query = CatalogExportQuery.safeParse({
    status: args.values.status,
    category: args.values.category,
    q: args.values.q,
  });
  if (!query.success) throw new UsageError(query.error.issues.map((i) => i.message).join('; '));
  const images = args.values.images;
  if (images !== undefined && (typeof images !== 'string' || images.trim() === ''))
    throw new UsageError('Name the zip of photos: --images <photos.zip>.');
  return {
    name,
    file,
    images: images as string | undefined,
    as: as.trim().toLowerCase(),
    apply: args.values.apply === true,
    query: query.data,
  };
}

async function actorOf(db: Db, email: string): Promise<StaffActor> {
  const member = await activeMemberByEmail(db, email);
  if (!member) throw new Refused(`No active staff member ${email}.`);
  const roles: StaffRole[] = ['catalog'];
  if (!roleAllows(member.role as StaffRole, roles))
    throw new Refused(`${member.email} is ${member.role}; this needs catalog or owner.`);
  return { staffId: member.id, actor: member.email, ip: null, userAgent: 'store CLI' };
}

/** A progress bar on stderr, redrawn in place (a terminal) or a line a second (a log). */
function progressBar(label: string) {
  const started = Date.now();
  let last = 0;
  return (done: number, total: number, unit: string) => {
    const now = Date.now();
    if (!process.stderr.isTTY && now - last < 1000 && done < total) return;
    last = now;
    const width = 30;
    const share = total > 0 ? Math.min(1, done / total) : 0;
    const filled = Math.round(share * width);
    process.stderr.write(
      `${process.stderr.isTTY ? '\r' : ''}${label} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${String(Math.floor(share * 100)).padStart(3)}% ${done.toLocaleString('en-IN')}/${total.toLocaleString('en-IN')} ${unit}, ${((now - started) / 1000).toFixed(0)} s${process.stderr.isTTY ? '' : '\n'}`,
    );
  };
}

const countsLine = (counts: NonNullable<ImportJob['dryRun']>) =>
  `${counts.products.toLocaleString('en-IN')} products: ${counts.new} new, ${counts.changed} changed, ${counts.unchanged} unchanged, ${counts.archived} archived, ${counts.invalid} in error`;

async function printIssues(db: Db, job: ImportJob, out: (line: string) => void): Promise<void> {
  const line = job.format === 'jsonl' ? 'line' : 'row';
  let after = 0;
  for (;;) {
    const page = await importIssues(db, job.id, { after, limit: 1000 });
    for (const issue of page.issues) out(`  ${issueText(issue, line)}`);
    if (page.next === null) return;
    after = page.next;
  }
}

/** Runs a catalog command; answers the exit code (0, or 1 when the dry run found errors). */
export async function runCatalogCommand(
  db: Db,
  config: Pick<Config, 'dataDir' | 'images'>,
  command: CatalogCommand,
  now: Date,
): Promise<number> {
  const actor = await actorOf(db, command.as);
  if (command.name === 'catalog:export') {
    const file = await exportCatalog(db, actor, command.query, now);
    await pipeline(file.body, command.file ? createWriteStream(command.file) : process.stdout);
    if (command.file)
      console.error(`Exported ${file.rows.toLocaleString('en-IN')} products to ${command.file}.`);
    return 0;
  }

  const path = command.file!;
  const runner = new ImportRunner(db, config, (message, error) => console.error(message, error));
  const parts = [{ field: 'file', fileName: basename(path), stream: createReadStream(path) }];
  if (command.images)
    parts.push({
      field: 'images',
      fileName: basename(command.images),
      stream: createReadStream(command.images),
    });
  let job = await createImportJob(db, config.dataDir, actor, parts).catch((error: unknown) => {
    // A zip or file refused as uploaded (not a zip, damaged, too large): the operator's to fix.
    if (error instanceof AppError && error.status < 500) throw new Refused(error.detail);
    throw error;
  });
  if (command.images) console.error(`Storing the photos of ${basename(command.images)}…`);
  const dryBar = progressBar('Dry run');
  await runner.start(job.id, (p: JobProgress) => dryBar(p.bytesRead, p.bytes, 'bytes'));
  job = await importJob(db, job.id);
  process.stderr.write('\n');
  if (job.status === 'failed') throw new Refused(job.error ?? 'The import failed.');
  if (job.images)
    console.log(
      `Photos of ${job.images.fileName}: ${job.images.stored.toLocaleString('en-IN')} stored${job.images.problems ? `, ${job.images.problems} not images (an error where a row names one)` : ''}.`,
    );
  console.log(`Dry run of ${job.fileName} (import ${job.id}): ${countsLine(job.dryRun!)}.`);
  if (job.issueCount > 0) {
    console.log(
      `${job.issueCount.toLocaleString('en-IN')} ${job.issueCount === 1 ? 'error' : 'errors'}:`,
    );
    await printIssues(db, job, (line) => console.log(line));
    console.log('Nothing was applied: correct the file and run the import again.');
    return 1;
  }
  if (!command.apply) {
    console.log('Nothing was written (a dry run). Run again with --apply to apply it.');
    return 0;
  }
  job = await requestApply(db, actor, job.id);
  const applyBar = progressBar('Apply  ');
  await runner.start(job.id, (p: JobProgress) => applyBar(p.done, p.total, 'products'));
  await runner.close();
  job = await importJob(db, job.id);
  process.stderr.write('\n');
  if (job.status !== 'applied')
    throw new Refused(job.error ?? `The import stopped (${job.status}); a server resumes it.`);
  console.log(`Applied: ${countsLine(job.applied!)}.`);
  if (job.issueCount > 0) {
    console.log('Left as they were (changed since the dry run):');
    await printIssues(db, job, (line) => console.log(line));
  }
  return 0;
}
