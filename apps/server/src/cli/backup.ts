/**
 * The embedded store's backup and restore (issue 23, decision 071):
 *
 *   npm run store -- backup <file.zip>     while the server runs (through its operator channel) or not
 *   npm run store -- restore <file.zip>    into a new DATA_DIR, before the server starts on it
 *
 * A backup is one zip holding what a store on PGlite needs to start again elsewhere: `pgdata/`,
 * the data directory as the server's PGlite thread copies it between two units of work (so every
 * committed transaction and nothing of an open one); `secrets/` (the generated JWT_SECRET, which
 * seals the staff's TOTP secrets, and the sandbox gateway's); `images/` (the uploaded photos,
 * with IMAGE_STORAGE=local); `catalog-imports/` (the files of catalog imports not yet done, which
 * their jobs read); and `manifest.json` (when, what it holds, and an id of the JWT_SECRET its
 * data is sealed under). Left out, as rebuilt or only a log: the image cache and the .eml outbox.
 * It holds secrets: it is written 0600, and belongs where the secrets would. On PostgreSQL,
 * pg_dump and pg_restore are the tools (docs/deploy.md).
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { chmod, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import yazl from 'yazl';
import { z } from 'zod';
import type { Config } from '../config.js';
import { connectPglite, type Database, type Db } from '../db/connect.js';
import { IMPORTS_DIR } from '../modules/catalog-import/jobs.js';
import { imageStorage, isStorageKey } from '../modules/images/storage.js';
import { Refused } from './commands.js';

export const BACKUP_USAGE = `  npm run store -- backup <file.zip>     (PGlite; on PostgreSQL use pg_dump, docs/deploy.md)
  npm run store -- restore <file.zip>    (into a new DATA_DIR, before the server starts on it)`;

export const ON_POSTGRES =
  'On PostgreSQL, back up with pg_dump and restore with pg_restore (docs/deploy.md "Backups").';

/** What the store holds: printed by backup and restore alike, so the two can be compared. */
export const Summary = z.object({
  orders: z.number(),
  invoices: z.number(),
  creditNotes: z.number(),
  buyers: z.number(),
  staff: z.number(),
  photos: z.number(),
});
export type Summary = z.infer<typeof Summary>;

const Manifest = z.object({
  format: z.literal('storefront-pglite-backup'),
  version: z.literal(1),
  createdAt: z.string(),
  /** Migrations applied to the database when it was copied. */
  migrations: z.number(),
  /** secretId of the JWT_SECRET the staff's TOTP secrets are sealed under. */
  jwtSecretId: z.string(),
  /** Where the photos were: in the backup (local) or in a bucket it does not copy (s3). */
  images: z.enum(['local', 's3']),
  summary: Summary,
});
type Manifest = z.infer<typeof Manifest>;

/**
 * A name for a JWT_SECRET that does not reveal it (an HMAC of a fixed text under it), so a
 * restore can tell, before it writes anything, whether the secret it will run with opens the
 * staff's sealed TOTP secrets.
 */
export const secretId = (secret: string) =>
  createHmac('sha256', secret)
    .update('storefront backup: JWT_SECRET id')
    .digest('hex')
    .slice(0, 16);

const SECRET_NAME = /^[a-z0-9-]+$/;
/** A catalog import's kept file: its job's id and the format (catalog-import/jobs.ts). */
const IMPORT_FILE = /^[0-9a-f]{24}\.(?:csv|jsonl|zip)$/;

/** What the database holds, and how many migrations it has had. */
async function storeSummary(
  db: Db,
  photos: number,
): Promise<{ summary: Summary; migrations: number }> {
  const [row] = (
    await db.execute(sql`
      SELECT (SELECT count(*)::int FROM orders) AS orders,
             (SELECT count(*)::int FROM tax_documents WHERE kind = 'invoice') AS invoices,
             (SELECT count(*)::int FROM tax_documents WHERE kind = 'credit_note') AS "creditNotes",
             (SELECT count(*)::int FROM users) AS buyers,
             (SELECT count(*)::int FROM staff) AS staff,
             (SELECT count(*)::int FROM drizzle.__drizzle_migrations) AS migrations`)
  ).rows as (Omit<Summary, 'photos'> & { migrations: number })[];
  const { migrations, ...counts } = row!;
  return { summary: { ...counts, photos }, migrations };
}

export const summaryText = (s: Summary) =>
  `${s.orders} orders, ${s.invoices} invoices, ${s.creditNotes} credit notes, ${s.buyers} buyer accounts, ${s.staff} staff members, ${s.photos} uploaded photos`;

/** A path of the data directory's copy in the zip: PostgreSQL's own names, one folder deep or more. */
const PGDATA_PATH =
  /^pgdata\/(?:[A-Za-z0-9_-][A-Za-z0-9_.-]*\/)*(?:[A-Za-z0-9_-][A-Za-z0-9_.-]*)?$/;

/** The files and folders under `dir` (relative paths with '/'), none when it does not exist. */
async function walk(dir: string): Promise<{ files: string[]; folders: string[] }> {
  if (!existsSync(dir)) return { files: [], folders: [] };
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const path = (entry: (typeof entries)[number]) =>
    relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/');
  return {
    files: entries.filter((e) => e.isFile() && !e.name.endsWith('.tmp')).map(path),
    folders: entries.filter((e) => e.isDirectory()).map(path),
  };
}
const filesUnder = async (dir: string) => (await walk(dir)).files;

/**
 * The store's backup as a zip stream, and what it holds. The data directory is copied first,
 * into a folder of DATA_DIR (the same disk: the database waits only for the copy), which the zip
 * reads and which is removed when the zip has been read. Photos are written once under their
 * content's hash and never changed, so the photos copied after hold every photo the database
 * names (and perhaps one uploaded meanwhile).
 */
export async function backupArchive(
  database: Database,
  config: Pick<Config, 'dataDir' | 'images' | 'jwtSecret'>,
  now: Date,
): Promise<{ summary: Summary; zip: Readable }> {
  if (!database.copyDataDir) throw new Refused(ON_POSTGRES);
  const copy = join(config.dataDir, `backup-${process.pid}-${randomBytes(4).toString('hex')}`);
  try {
    await database.copyDataDir(copy);
    const zip = await zipOf(database, config, now, copy);
    // Removed once the zip has been read whole, or its reader went away.
    let removed = false;
    const remove = () => {
      if (removed) return;
      removed = true;
      void rm(copy, { recursive: true, force: true });
    };
    zip.zip.once('end', remove).once('close', remove).once('error', remove);
    return zip;
  } catch (error) {
    await rm(copy, { recursive: true, force: true });
    throw error;
  }
}

async function zipOf(
  database: Database,
  config: Pick<Config, 'dataDir' | 'images' | 'jwtSecret'>,
  now: Date,
  copy: string,
): Promise<{ summary: Summary; zip: Readable }> {
  const pgdata = await walk(copy);
  const secretsDir = join(config.dataDir, 'secrets');
  const secrets = (await filesUnder(secretsDir)).filter((name) => SECRET_NAME.test(name));
  const imagesDir = join(config.dataDir, 'images');
  const photos =
    config.images.storage.kind === 'local'
      ? (await filesUnder(imagesDir)).filter((key) => isStorageKey(key))
      : [];
  const importsDir = join(config.dataDir, IMPORTS_DIR);
  const imports = (await filesUnder(importsDir)).filter((name) => IMPORT_FILE.test(name));
  // Read just after the copy: a busy store may have moved on by a few rows since (a restore
  // counts its own).
  const { summary, migrations } = await storeSummary(database.db, photos.length);
  const manifest: Manifest = {
    format: 'storefront-pglite-backup',
    version: 1,
    createdAt: now.toISOString(),
    migrations,
    jwtSecretId: secretId(config.jwtSecret),
    images: config.images.storage.kind,
    summary,
  };
  const zip = new yazl.ZipFile();
  const mtime = now;
  zip.addBuffer(Buffer.from(JSON.stringify(manifest, null, 2)), 'manifest.json', { mtime });
  // PostgreSQL expects its empty folders (pg_tblspc, pg_twophase, …) to be there.
  for (const folder of pgdata.folders) zip.addEmptyDirectory(`pgdata/${folder}`, { mtime });
  for (const file of pgdata.files) zip.addFile(join(copy, file), `pgdata/${file}`, { mtime });
  for (const name of secrets)
    zip.addBuffer(await readFile(join(secretsDir, name)), `secrets/${name}`, { mtime });
  // Photos are compressed already.
  for (const key of photos)
    zip.addFile(join(imagesDir, key), `images/${key}`, { compress: false, mtime });
  for (const name of imports)
    zip.addFile(join(importsDir, name), `${IMPORTS_DIR}/${name}`, { mtime });
  zip.end();
  return { summary, zip: zip.outputStream as Readable };
}

function openZip(file: string): Promise<ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, autoClose: false }, (error, zip) =>
      error ? reject(new Refused(`${file} is not a backup: ${error.message}`)) : resolve(zip),
    ),
  );
}

/** The zip's entries by name (yauzl refuses absolute paths and '..'). */
function entriesOf(zip: ZipFile): Promise<Map<string, Entry>> {
  return new Promise((resolve, reject) => {
    const entries = new Map<string, Entry>();
    zip.on('entry', (entry: Entry) => {
      entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', (error: Error) =>
      reject(new Refused(`The backup is damaged: ${error.message}`)),
    );
    zip.readEntry();
  });
}

function bytesOf(zip: ZipFile, entry: Entry): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    zip.openReadStream(entry, (error, stream) => {
      if (error) return reject(new Refused(`The backup is damaged: ${error.message}`));
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', (streamError) =>
        reject(new Refused(`The backup is damaged: ${streamError.message}`)),
      );
      stream.on('end', () => resolve(Buffer.concat(chunks)));
    }),
  );
}

/** Writes the zip's `entry` to `path` (0600: a database's files, a secret). */
function extract(zip: ZipFile, entry: Entry, path: string): Promise<void> {
  return new Promise((resolve, reject) =>
    zip.openReadStream(entry, (error, stream) => {
      if (error) return reject(new Refused(`The backup is damaged: ${error.message}`));
      pipeline(stream, createWriteStream(path, { mode: 0o600 })).then(resolve, (failed: Error) =>
        reject(new Refused(`The backup is damaged: ${failed.message}`)),
      );
    }),
  );
}

function jsonOrUndefined(bytes: Buffer): unknown {
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    return undefined;
  }
}

const CONTENT_TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png' };

/**
 * Restores `file` into config.dataDir, which must hold no database yet. Checked whole before
 * anything is written: a backup, every entry one it makes, and a JWT_SECRET that opens what its
 * data sealed (JWT_SECRET when set, else the backup's own). The database is unpacked beside
 * `pgdata` and renamed into place last, so a restore cut short leaves no database to start on.
 */
export async function restoreArchive(file: string, config: Config): Promise<string> {
  const pgdataDir = join(config.dataDir, 'pgdata');
  if (existsSync(pgdataDir) && (await readdir(pgdataDir)).length > 0)
    throw new Refused(
      `${config.dataDir} holds a database already: restore into a new DATA_DIR, then start the server on it.`,
    );
  const zip = await openZip(file);
  try {
    const entries = await entriesOf(zip);
    const manifestEntry = entries.get('manifest.json');
    const manifest =
      manifestEntry && Manifest.safeParse(jsonOrUndefined(await bytesOf(zip, manifestEntry)));
    if (!manifest?.success || !entries.has('pgdata/PG_VERSION'))
      throw new Refused(`${file} is not a backup made by npm run store -- backup.`);
    const named = (folder: string, accepts: (name: string) => boolean) =>
      [...entries.keys()]
        .filter((name) => name.startsWith(`${folder}/`))
        .map((name) => name.slice(folder.length + 1))
        .filter(accepts);
    const secrets = named('secrets', (name) => SECRET_NAME.test(name));
    const photos = named('images', isStorageKey);
    const imports = named(IMPORTS_DIR, (name) => IMPORT_FILE.test(name));
    const pgdata = [...entries.keys()].filter((name) => PGDATA_PATH.test(name));
    const known = new Set([
      'manifest.json',
      ...pgdata,
      ...secrets.map((name) => `secrets/${name}`),
      ...photos.map((key) => `images/${key}`),
      ...imports.map((name) => `${IMPORTS_DIR}/${name}`),
    ]);
    const stray = [...entries.keys()].filter((name) => !known.has(name));
    if (stray.length)
      throw new Refused(`The backup holds files it should not: ${stray.join(', ')}`);

    const savedJwt = entries.get('secrets/jwt-secret');
    const jwtSecret =
      config.jwtSecretGenerated && savedJwt
        ? (await bytesOf(zip, savedJwt)).toString('utf8').trim()
        : config.jwtSecret;
    if (secretId(jwtSecret) !== manifest.data.jwtSecretId)
      throw new Refused(
        config.jwtSecretGenerated
          ? 'The backed-up server ran with JWT_SECRET set, and its staff TOTP secrets are sealed under it: set JWT_SECRET to that secret and restore again.'
          : 'JWT_SECRET is not the secret the backed-up server ran with, so no staff member could sign in: set the one it ran with (or unset JWT_SECRET to use the one saved in the backup) and restore again.',
      );

    const secretsDir = join(config.dataDir, 'secrets');
    await mkdir(secretsDir, { recursive: true, mode: 0o700 });
    // A new DATA_DIR's generated secrets seal nothing yet: the backup's replace them.
    for (const name of secrets) {
      const path = join(secretsDir, name);
      await writeFile(path, await bytesOf(zip, entries.get(`secrets/${name}`)!), { mode: 0o600 });
      await chmod(path, 0o600);
    }
    const images = imageStorage(config);
    for (const key of photos) {
      const type = CONTENT_TYPES[key.split('.').pop() ?? ''] ?? 'application/octet-stream';
      await images.put(key, await bytesOf(zip, entries.get(`images/${key}`)!), type);
    }
    await mkdir(join(config.dataDir, IMPORTS_DIR), { recursive: true });
    for (const name of imports)
      await writeFile(
        join(config.dataDir, IMPORTS_DIR, name),
        await bytesOf(zip, entries.get(`${IMPORTS_DIR}/${name}`)!),
      );

    const loading = join(config.dataDir, 'pgdata.restoring');
    await rm(loading, { recursive: true, force: true });
    await mkdir(loading, { mode: 0o700 });
    for (const name of pgdata) {
      const path = join(loading, name.slice('pgdata/'.length));
      if (name.endsWith('/')) await mkdir(path, { recursive: true, mode: 0o700 });
      else {
        await mkdir(dirname(path), { recursive: true, mode: 0o700 });
        await extract(zip, entries.get(name)!, path);
      }
    }
    const database = await connectPglite(loading);
    let summary: Summary;
    try {
      // A backup made by an older version is brought up to this one's schema now.
      await database.migrate();
      ({ summary } = await storeSummary(database.db, photos.length));
    } finally {
      await database.close();
    }
    await rm(pgdataDir, { recursive: true, force: true });
    await rename(loading, pgdataDir);
    return (
      `Restored ${file} (made ${manifest.data.createdAt}) into ${config.dataDir}: ${summaryText(summary)}.` +
      (manifest.data.images === 's3'
        ? '\nThe photos were in the S3 bucket, which the backup does not copy: keep IMAGE_STORAGE and S3_* pointing at it.'
        : '')
    );
  } finally {
    zip.close();
  }
}
