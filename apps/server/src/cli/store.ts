/**
 * The machine operator's commands (cli/commands.ts has them and their rules):
 *
 *   npm run store -- staff:invite <email> --role <role> [--as <email>]
 *   npm run store -- order:ship <mkpOrderId> --carrier <name> --tracking <number> [--tracking-url <https://…>] --as <email>
 *   npm run store -- order:deliver <mkpOrderId> --as <email>
 *   npm run store -- catalog:import FILE [--images ZIP] --as <email> [--apply]   (cli/catalog.ts)
 *   npm run store -- catalog:export [FILE] --as <email> [--status S] [--category C] [--q TEXT]
 *
 * Refusals print the reason and exit 1; usage errors exit 2. Where it acts: with DATABASE_URL
 * (PostgreSQL) on the database directly. With PGlite the data directory belongs to one process,
 * so while the server runs the command goes through its operator channel, a Unix socket in
 * DATA_DIR only this machine's operator can open (operator-channel.ts); only when no server
 * listens there does the CLI open the data directory itself.
 */
import { request } from 'node:http';
import { connect } from 'node:net';
import { parseArgs } from 'node:util';
import { loadConfig, type Config } from '../config.js';
import { connectDatabase } from '../db/connect.js';
import { ChannelAnswer, operatorSocketPath } from '../operator-channel.js';
import {
  CATALOG_USAGE,
  parseCatalogCommand,
  runCatalogCommand,
  type CatalogCommand,
} from './catalog.js';
import { parseCommand, Refused, runCommand, USAGE, type Command } from './commands.js';

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

let command: Command | undefined;
let catalogCommand: CatalogCommand | undefined;
try {
  const args = parseArgs(argv);
  if (args.positionals[0]?.startsWith('catalog:')) catalogCommand = parseCatalogCommand(args);
  else command = parseCommand(args);
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}\n${CATALOG_USAGE}`);
  process.exit(2);
}
if (catalogCommand) await catalog(catalogCommand);
else {
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
