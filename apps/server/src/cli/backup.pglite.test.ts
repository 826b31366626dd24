/**
 * The embedded store's backup (issue 23, decision 071): `npm run store -- backup FILE` while the
 * server runs on its PGlite data directory (through the operator channel), `restore FILE` into a
 * new DATA_DIR, and the server's code on the copy — every row of every table, the generated
 * secrets (the JWT_SECRET sealing the staff's TOTP secrets), the uploaded photos, a buyer and a
 * staff member still signing in.
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { connectPglite } from '../db/connect.js';
import { startOperatorChannel } from '../operator-channel.js';
import type { TestApp } from '../test/app.js';
import {
  buildStoreApp,
  expectStoreRestored,
  populateStore,
  tableChecksums,
  type BackedUpStore,
} from '../test/backup-fixtures.js';
import { runStore } from '../test/store-cli.js';

let t: TestApp;
let channel: FastifyInstance;
let store: BackedUpStore;
const work = mkdtempSync(join(tmpdir(), 'storefront-backup-'));
const backupFile = join(work, 'store.zip');
/** An uploaded photo's key, as modules/images/upload.ts names one. */
const PHOTO = 'uploads/0123456789abcdef0123456789abcdef.jpg';
const PHOTO_BYTES = Buffer.from('a photo, as far as a backup is concerned');
/** A catalog import's file, kept for its job (modules/catalog-import/jobs.ts). */
const IMPORT_FILE = 'catalog-imports/0123456789abcdef01234567.csv';
const IMPORT_BYTES = Buffer.from('code,name\nVALVE-25,Brass Gate Valve 25 mm\n');

beforeAll(async () => {
  t = await buildStoreApp({ pgliteOnDisk: true });
  channel = await startOperatorChannel(t.database, t.config, () => new Date());
  store = await populateStore(t);
  mkdirSync(join(t.config.dataDir, 'images', 'uploads'), { recursive: true });
  writeFileSync(join(t.config.dataDir, 'images', PHOTO), PHOTO_BYTES);
  mkdirSync(join(t.config.dataDir, 'catalog-imports'));
  writeFileSync(join(t.config.dataDir, IMPORT_FILE), IMPORT_BYTES);
});
afterAll(async () => {
  await channel.close();
  await t.close();
  rmSync(work, { recursive: true, force: true });
});

/**
 * Each `npm run store` is a process of its own (tsx loading the CLI): ~30 s a test on the CI's
 * two cores, more when the machine is shared; above Vitest's 60 s so a busy hour does not fail it.
 */
const CLI_TIMEOUT = 120_000;

const env = (dataDir: string) => ({ DATA_DIR: dataDir, PUBLIC_URL: t.config.publicUrl });

describe('npm run store -- backup, then restore', () => {
  it(
    'carries every order, invoice, credit note, account, secret, photo and import file to a new DATA_DIR, where the server serves them',
    async () => {
      const backedUp = await runStore(env(t.config.dataDir), ['backup', backupFile]);
      expect(backedUp.code, backedUp.stderr).toBe(0);
      expect(backedUp.stdout).toBe(
        `Backed up 4 orders, 3 invoices, 1 credit notes, 5 buyer accounts, 2 staff members, 1 uploaded photos to ${backupFile}.\n`,
      );
      // It holds the secrets: only its owner may read it.
      expect(statSync(backupFile).mode & 0o777).toBe(0o600);
      // The copy the server made of its data directory for the zip is gone once read.
      await vi.waitFor(() =>
        expect(readdirSync(t.config.dataDir).filter((name) => name.startsWith('backup-'))).toEqual(
          [],
        ),
      );
      // Taken from the running server, which wrote nothing since.
      const before = await tableChecksums(t.database.db);

      const fresh = join(work, 'restored');
      const restored = await runStore(env(fresh), ['restore', backupFile]);
      expect(restored.code, restored.stderr).toBe(0);
      expect(restored.stdout).toContain(
        `into ${fresh}: 4 orders, 3 invoices, 1 credit notes, 5 buyer accounts, 2 staff members, 1 uploaded photos.`,
      );
      expect(existsSync(join(fresh, 'pgdata.restoring'))).toBe(false);
      expect(readFileSync(join(fresh, 'images', PHOTO))).toEqual(PHOTO_BYTES);
      expect(readFileSync(join(fresh, IMPORT_FILE))).toEqual(IMPORT_BYTES);

      const config = loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATA_DIR: fresh,
        WORKERS: 'false',
        SEED_ON_START: 'false',
      });
      expect(config.jwtSecret).toBe(t.config.jwtSecret);
      expect(config.payments.sandboxSecret).toBe(t.config.payments.sandboxSecret);
      const database = await connectPglite(join(fresh, 'pgdata'));
      try {
        await expectStoreRestored(database, before, store, async () => {
          const app = await buildApp({ config, database });
          await app.ready();
          return { app, config };
        });
      } finally {
        await database.close();
      }
    },
    CLI_TIMEOUT,
  );

  it(
    'refuses a DATA_DIR that holds a database, a file that is not a backup, and a JWT_SECRET that would not open the staff’s second factors',
    async () => {
      const onTop = await runStore(env(t.config.dataDir), ['restore', backupFile]);
      expect(onTop.code).toBe(1);
      expect(onTop.stderr).toContain('A server is running on this DATA_DIR');

      const otherSecret = join(work, 'other-secret');
      const refused = await runStore(
        { ...env(otherSecret), JWT_SECRET: 'another-secret-of-at-least-32-characters' },
        ['restore', backupFile],
      );
      expect(refused.code).toBe(1);
      expect(refused.stderr).toBe(
        'Refused: JWT_SECRET is not the secret the backed-up server ran with, so no staff member could sign in: set the one it ran with (or unset JWT_SECRET to use the one saved in the backup) and restore again.\n',
      );
      expect(existsSync(join(otherSecret, 'pgdata'))).toBe(false);

      const notZip = join(work, 'notes.zip');
      writeFileSync(notZip, 'not a zip at all');
      const notBackup = await runStore(env(join(work, 'not-a-backup')), ['restore', notZip]);
      expect(notBackup.code).toBe(1);
      expect(notBackup.stderr).toMatch(new RegExp(`^Refused: ${notZip} is not a backup: `));

      const again = await runStore(env(t.config.dataDir), ['backup', backupFile]);
      expect(again).toMatchObject({
        code: 1,
        stderr: `Refused: ${backupFile} exists: name a new file.\n`,
      });
    },
    CLI_TIMEOUT,
  );
});
