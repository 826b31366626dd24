/**
 * The machine operator's channel (issue 19): a Unix socket in DATA_DIR (`operator.sock`), mode
 * 0600, so only the account that runs the server (and root) can open it. While the server runs,
 * a PGlite data directory belongs to it alone, so the `store` CLI sends its commands here
 * (cli/commands.ts), and takes its backups here (cli/backup.ts: the server's own PGlite dumps
 * the data directory between two units of work); nothing of it is on the public listener.
 */
import { chmod, rm } from 'node:fs/promises';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { backupArchive } from './cli/backup.js';
import { Command, Refused, runCommand } from './cli/commands.js';
import type { Config } from './config.js';
import type { Database } from './db/connect.js';

export const operatorSocketPath = (dataDir: string) => join(dataDir, 'operator.sock');

export const ChannelAnswer = z.union([
  z.object({ message: z.string() }),
  z.object({ refused: z.string() }),
]);

/** The header of a backup's answer that carries what it holds (cli/backup.ts Summary, JSON). */
export const BACKUP_SUMMARY_HEADER = 'backup-summary';

export async function startOperatorChannel(
  database: Database,
  config: Pick<Config, 'dataDir' | 'publicUrl' | 'images' | 'jwtSecret'>,
  now: () => Date,
): Promise<FastifyInstance> {
  const { db } = database;
  const path = operatorSocketPath(config.dataDir);
  const channel = Fastify({ bodyLimit: 16 * 1024 });
  channel.post('/commands', async (request, reply) => {
    const command = Command.safeParse(request.body);
    if (!command.success) return reply.status(400).send({ refused: command.error.message });
    try {
      return {
        message: await runCommand(db, command.data, { now: now(), publicUrl: config.publicUrl }),
      };
    } catch (error) {
      if (error instanceof Refused) return reply.status(409).send({ refused: error.message });
      throw error;
    }
  });
  channel.post('/backup', async (_request, reply) => {
    try {
      const { summary, zip } = await backupArchive(database, config, now());
      return reply
        .type('application/zip')
        .header(BACKUP_SUMMARY_HEADER, JSON.stringify(summary))
        .send(zip);
    } catch (error) {
      if (error instanceof Refused) return reply.status(409).send({ refused: error.message });
      throw error;
    }
  });
  // A socket left by a server that crashed would refuse the listen.
  await rm(path, { force: true });
  // Created 0600 rather than changed to it after: no moment when another account may connect.
  const umask = process.umask(0o177);
  try {
    await channel.listen({ path });
  } finally {
    process.umask(umask);
  }
  await chmod(path, 0o600);
  return channel;
}
