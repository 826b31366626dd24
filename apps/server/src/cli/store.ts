/**
 * The machine operator's commands (cli/commands.ts has them and their rules):
 *
 *   npm run store -- staff:invite <email> --role <role> [--as <email>]
 *   npm run store -- order:ship <mkpOrderId> --carrier <name> --tracking <number> [--tracking-url <https://…>] --as <email>
 *   npm run store -- order:deliver <mkpOrderId> --as <email>
 *   npm run store -- catalog:import FILE [--images ZIP] --as <email> [--apply]   (cli/catalog.ts)
 *   npm run store -- catalog:export [FILE] --as <email> [--status S] [--category C] [--q TEXT]
 *   npm run store -- backup FILE.zip | restore FILE.zip     (PGlite; cli/backup.ts)
 *
 * Refusals print the reason and exit 1; usage errors exit 2. Where it acts: with DATABASE_URL
 * (PostgreSQL) on the database directly. With PGlite the data directory belongs to one process,
 * so while the server runs the command goes through its operator channel, a Unix socket in
 * DATA_DIR only this machine's operator can open (operator-channel.ts); only when no server
 * listens there does the CLI open the data directory itself.
 */
import { createWriteStream, existsSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { request, type IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import { resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { loadConfig, type Config } from '../config.js';
import { connectDatabase } from '../db/connect.js';
import { BACKUP_SUMMARY_HEADER, ChannelAnswer, operatorSocketPath } from '../operator-channel.js';
import {
  backupArchive,
  BACKUP_USAGE,
  ON_POSTGRES,
  restoreArchive,
  Summary,
  summaryText,
} from './backup.js';
import {
  CATALOG_USAGE,
  parseCatalogCommand,
  runCatalogCommand,
  type CatalogCommand,
} from './catalog.js';
import { parseCommand, Refused, runCommand, UsageError, USAGE, type Command } from './commands.js';

/** The server's answer through its channel, or undefined when no server listens there. */
function viaServer(config: Config, command: Command): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const sent = request(
      {
        socketPath: operatorSocketPath(config.dataDir),
        path: '/commands',
        method: 'POST',
        headers: { 'content-type': 'application/json' },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => {
          const answer = ChannelAnswer.safeParse(JSON.parse(body || '{}'));
          if (!answer.success)
            reject(new Error(`The server answered ${response.statusCode}: ${body}`));
          else if ('refused' in answer.data) reject(new Refused(answer.data.refused));
          else resolve(answer.data.message);
        });
      },
    );
    sent.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(undefined);
      else reject(error);
    });
    sent.end(JSON.stringify(command));
  });
}

async function direct(config: Config, command: Command): Promise<string> {
  const database = await connectDatabase(config);
  try {
    await database.migrate();
    return await runCommand(database.db, command, { now: new Date(), publicUrl: config.publicUrl });
  } finally {
    await database.close();
  }
}

/** Whether a server listens on the operator channel (and so holds a PGlite data directory). */
function serverRunning(config: Config): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(operatorSocketPath(config.dataDir));
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** A refusal's text from the channel's JSON answer. */
async function refusalOf(response: IncomingMessage): Promise<Refused | Error> {
  let body = '';
  response.setEncoding('utf8');
  for await (const chunk of response) body += chunk as string;
  const answer = ChannelAnswer.safeParse(JSON.parse(body || '{}'));
  return answer.success && 'refused' in answer.data
    ? new Refused(answer.data.refused)
    : new Error(`The server answered ${response.statusCode}: ${body}`);
}

/** The running server's backup through its channel, or undefined when no server listens there. */
function backupViaServer(config: Config): Promise<{ summary: Summary; zip: Readable } | undefined> {
  return new Promise((resolve, reject) => {
    const sent = request(
      { socketPath: operatorSocketPath(config.dataDir), path: '/backup', method: 'POST' },
      (response) => {
        if (response.statusCode !== 200) {
          void refusalOf(response).then(reject, reject);
          return;
        }
        const summary = Summary.parse(JSON.parse(String(response.headers[BACKUP_SUMMARY_HEADER])));
        resolve({ summary, zip: response });
      },
    );
    sent.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(undefined);
      else reject(error);
    });
    sent.end();
  });
}

/**
 * backup: written to FILE.partial (0600: it holds the secrets) and renamed when whole, so a
 * backup cut short never looks like one. Through the running server, else on the data
 * directory directly.
 */
async function backup(config: Config, file: string): Promise<string> {
  if (config.databaseUrl) throw new Refused(ON_POSTGRES);
  if (existsSync(file)) throw new Refused(`${file} exists: name a new file.`);
  const partial = `${file}.partial`;
  const write = async ({ summary, zip }: { summary: Summary; zip: Readable }) => {
    try {
      await pipeline(zip, createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    await rename(partial, file);
    return `Backed up ${summaryText(summary)} to ${file}.`;
  };
  const running = await backupViaServer(config);
  if (running) return write(running);
  const database = await connectDatabase(config);
  try {
    return await write(await backupArchive(database, config, new Date()));
  } finally {
    await database.close();
  }
}

/** restore: into a new DATA_DIR, with no server on it (cli/backup.ts). */
async function restore(config: Config, file: string): Promise<string> {
  if (config.databaseUrl) throw new Refused(ON_POSTGRES);
  if (await serverRunning(config))
    throw new Refused(
      'A server is running on this DATA_DIR: restore into a new DATA_DIR, then start the server on it.',
    );
  return restoreArchive(file, config);
}

/** catalog:import and catalog:export (cli/catalog.ts): long-running, on the database directly. */
async function catalog(catalogCommand: CatalogCommand): Promise<void> {
  const config = loadConfig();
  if (!config.databaseUrl && (await serverRunning(config))) {
    console.error(
      'Refused: the running server holds the PGlite data directory. Import and export in the console (Catalog → Import / export), or stop the server first.',
    );
    process.exitCode = 1;
    return;
  }
  const database = await connectDatabase(config);
  try {
    await database.migrate();
    process.exitCode = await runCatalogCommand(database.db, config, catalogCommand, new Date());
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    console.error(`Refused: ${error.message}`);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}

const argv = {
  allowPositionals: true,
  options: {
    role: { type: 'string' },
    carrier: { type: 'string' },
    tracking: { type: 'string' },
    'tracking-url': { type: 'string' },
    as: { type: 'string' },
    apply: { type: 'boolean' },
    images: { type: 'string' },
    status: { type: 'string' },
    category: { type: 'string' },
    q: { type: 'string' },
  },
} as const;

/** backup FILE or restore FILE, with no option. */
function parseFileCommand(args: { positionals: string[]; values: Record<string, unknown> }) {
  const [name, file, ...extra] = args.positionals;
  if (!file || extra.length || Object.keys(args.values).length)
    throw new UsageError(`${name} takes one file and no option.`);
  return { name: name as 'backup' | 'restore', file: resolve(file) };
}

let command: Command | undefined;
let catalogCommand: CatalogCommand | undefined;
let fileCommand: ReturnType<typeof parseFileCommand> | undefined;
try {
  const args = parseArgs(argv);
  const name = args.positionals[0];
  if (name?.startsWith('catalog:')) catalogCommand = parseCatalogCommand(args);
  else if (name === 'backup' || name === 'restore') fileCommand = parseFileCommand(args);
  else command = parseCommand(args);
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}\n${CATALOG_USAGE}\n${BACKUP_USAGE}`);
  process.exit(2);
}
if (catalogCommand) await catalog(catalogCommand);
else if (fileCommand) {
  const config = loadConfig();
  try {
    console.log(
      fileCommand.name === 'backup'
        ? await backup(config, fileCommand.file)
        : await restore(config, fileCommand.file),
    );
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    console.error(`Refused: ${error.message}`);
    process.exitCode = 1;
  }
} else {
  const config = loadConfig();
  try {
    console.log(
      (config.databaseUrl ? undefined : await viaServer(config, command!)) ??
        (await direct(config, command!)),
    );
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    console.error(`Refused: ${error.message}`);
    process.exitCode = 1;
  }
}
