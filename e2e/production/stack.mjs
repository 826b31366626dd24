// The production shape on this machine (issue 23, docs/deploy.md): nginx from Debian with
// deploy/nginx/storefront.conf.template, terminating TLS (a self-signed certificate for
// 127.0.0.1) with HTTP/2, in front of two replicas of the built server on one PostgreSQL
// database and one Redis, both running the workers. Run as Playwright's web server for
// production.config.ts; the journeys reach it at https://127.0.0.1:PRODUCTION_PORT. Each
// replica's pid is written to <dir>/replica-<n>.pid, for the journey that kills one; a replica
// that dies is started again, as systemd's Restart=always does.
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../../apps/server/node-flags.mjs';
import { startNginx } from '../../scripts/nginx.mjs';
import { postgresUrl } from '../../scripts/postgres.mjs';
import { productionStack } from './stack-settings.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const { dir, dataDir, port, replicaPorts, databaseName, publicUrl } = productionStack;

// A replica or nginx left from an earlier run would answer in this one's place.
for (const busy of [port, ...replicaPorts]) {
  const taken = await fetch(`http://127.0.0.1:${busy}/`).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`port ${busy} is taken: stop what listens there first`);
}
rmSync(dir, { recursive: true, force: true });
mkdirSync(join(dir, 'logs'), { recursive: true });

const admin = new pg.Client({ connectionString: postgresUrl.href });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
await admin.query(`CREATE DATABASE ${databaseName}`);
await admin.end();
// The run's rate-limit windows in a Redis database of their own, emptied: a second run within the
// hour must not find the first's counts (the journeys all come from 127.0.0.1).
const redisUrl = new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
redisUrl.pathname = '/7';
await new Promise((resolve, reject) => {
  const socket = createConnection(Number(redisUrl.port || 6379), redisUrl.hostname, () =>
    socket.write('SELECT 7\r\nFLUSHDB\r\n'),
  );
  let answer = '';
  socket.on('data', (chunk) => {
    answer += chunk;
    if (answer.split('\r\n').length > 2) socket.end(resolve);
  });
  socket.on('error', reject);
});
const databaseUrl = new URL(postgresUrl.href);
databaseUrl.pathname = `/${databaseName}`;

// A real SMTP server for the replicas' mail: each message received is written to the shared
// outbox as `{outbox row id}-smtp-{n}.eml` (the id from its Message-ID, modules/email/transport.ts),
// so the journeys read it as they read the file outbox, and a message sent twice is two files.
mkdirSync(join(dataDir, 'outbox'), { recursive: true });
let received = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => {
      const raw = Buffer.concat(chunks);
      const id = /Message-ID: <outbox-(\d+)@/i.exec(raw.toString('utf8'))?.[1] ?? '0';
      writeFileSync(join(dataDir, 'outbox', `${id}-smtp-${++received}.eml`), raw);
      callback();
    });
  },
});
await new Promise((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const smtpUrl = `smtp://127.0.0.1:${smtp.server.address().port}`;

const children = new Set();
let stopping = false;
function stopAll(code) {
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(0));

/** Replica `n` (1 or 2); the first seeds the empty database, so it starts alone. */
function replicaEnv(n) {
  return {
    ...process.env,
    ...SERVER_ENV,
    NODE_ENV: 'production',
    // The demo's sandbox payments and demo buyer, with every limit ten times higher (the
    // journeys all come from one address), as the one-server journeys run.
    ALLOW_DEMO: 'true',
    RATE_LIMIT_SCALE: '10',
    SEED_ON_START: n === 1 ? 'true' : 'false',
    DATABASE_URL: databaseUrl.href,
    REDIS_URL: redisUrl.href,
    JWT_SECRET: 'production-shape-journeys-secret-0123456789abcdef',
    // One machine: the replicas share a disk, as they would share a volume (the outbox).
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: String(replicaPorts[n - 1]),
    PUBLIC_URL: publicUrl,
    TRUST_PROXY: '127.0.0.1',
    WORKERS: 'true',
    LOG_LEVEL: 'info',
    SMTP_URL: smtpUrl,
  };
}

async function ready(url) {
  for (let i = 0; i < 600; i++) {
    const answer = await fetch(url).catch(() => undefined);
    if (answer?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} never became ready`);
}

function startReplica(n) {
  const child = spawn(
    process.execPath,
    ['--enable-source-maps', ...SERVER_NODE_FLAGS, join(root, 'apps/server/dist/main.mjs')],
    { env: replicaEnv(n), stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const log = join(dir, 'logs', `replica-${n}.log`);
  child.stdout.on('data', (chunk) => writeFileSync(log, chunk, { flag: 'a' }));
  child.stderr.on('data', (chunk) => {
    writeFileSync(log, chunk, { flag: 'a' });
    process.stderr.write(chunk);
  });
  writeFileSync(join(dir, `replica-${n}.pid`), String(child.pid));
  children.add(child);
  // As systemd's Restart=always would (deploy/systemd): a replica that dies comes back.
  child.on('exit', () => {
    children.delete(child);
    if (!stopping) setTimeout(() => void startReplica(n), 500);
  });
  return ready(`http://127.0.0.1:${replicaPorts[n - 1]}/api/health/ready`);
}

await startReplica(1);
await startReplica(2);

const nginx = await startNginx({ dir, port, upstreams: replicaPorts });
children.add(nginx.child);
nginx.child.on('exit', (code) => {
  console.error(`nginx exited (${code}); see ${join(dir, 'logs', 'error.log')}`);
  stopAll(1);
});
