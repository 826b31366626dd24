import { existsSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../db/schema.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { signupPayload } from '../users/test-support.js';
import { enqueueEmail } from './outbox.js';
import { VERIFICATION_SUBJECT } from './templates.js';
import { createMailTransport, type MailTransport, type OutgoingEmail } from './transport.js';
import { createOutboxWorker, retryDelaySeconds } from './worker.js';

const PUBLIC_URL = 'https://shop.example.in';

/** An SMTP server in this process that keeps what it receives; `reject` fails the next n. */
async function startSmtp() {
  const received: { from: string; to: string[]; raw: string }[] = [];
  const state = { reject: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (state.reject > 0) {
          state.reject--;
          const error = new Error('Mailbox temporarily unavailable') as Error & {
            responseCode: number;
          };
          error.responseCode = 451;
          return callback(error);
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The decoded body of each part of a MIME message, by content type. */
function mimeParts(raw: string): Record<string, string> {
  const parts: Record<string, string> = {};
  const boundary = /boundary="?([^";\r\n]+)"?/.exec(raw)?.[1];
  const chunks = boundary ? raw.split(`--${boundary}`) : [raw];
  for (const chunk of chunks) {
    const split = chunk.search(/\r?\n\r?\n/);
    if (split < 0) continue;
    const headers = chunk.slice(0, split);
    const body = chunk.slice(split).trim();
    const type = /Content-Type:\s*([\w/-]+)/i.exec(headers)?.[1]?.toLowerCase();
    if (!type || type.startsWith('multipart/')) continue;
    const encoding = /Content-Transfer-Encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
    parts[type] =
      encoding === 'quoted-printable'
        ? decodeQuotedPrintable(body)
        : encoding === 'base64'
          ? Buffer.from(body, 'base64').toString('utf8')
          : body;
  }
  return parts;
}

function header(raw: string, name: string): string | undefined {
  return new RegExp(`^${name}:\\s*(.*)$`, 'mi').exec(raw)?.[1]?.trim();
}

function captureLog() {
  const lines: { object: unknown; message: string }[] = [];
  const record = (object: unknown, message = '') => void lines.push({ object, message });
  const log = {
    info: record,
    warn: record,
    error: record,
    debug: () => {},
    trace: () => {},
    fatal: record,
  } as unknown as FastifyBaseLogger;
  return { log, lines };
}

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await buildTestApp({ config: { publicUrl: PUBLIC_URL, smtpUrl: smtp.url } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
afterEach(() => {
  smtp.received.length = 0;
  smtp.state.reject = 0;
});

async function outboxRow(id: number) {
  const [row] = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return row!;
}

function smtpWorker(maxAttempts?: number) {
  return createOutboxWorker({
    db: t.database.db,
    transport: createMailTransport(t.config, captureLog().log),
    log: captureLog().log,
    ...(maxAttempts ? { maxAttempts } : {}),
  });
}

describe('email over SMTP', () => {
  it('delivers the sign-up verification email to a real SMTP server, with text and HTML parts', async () => {
    const payload = signupPayload();
    const response = await t.app.inject({ method: 'POST', url: '/api/user/signup', payload });
    expect(response.statusCode, response.body).toBe(201);

    const worker = smtpWorker();
    expect(await worker.drainOnce()).toBe(1);
    await worker.stop();

    expect(smtp.received).toHaveLength(1);
    const [message] = smtp.received;
    expect(message!.to).toEqual([payload.email]);
    expect(message!.from).toBe('no-reply@storefront.local');
    expect(header(message!.raw, 'Subject')).toBe(VERIFICATION_SUBJECT);
    expect(header(message!.raw, 'Message-ID')).toMatch(/^<outbox-\d+@shop\.example\.in>$/);

    const parts = mimeParts(message!.raw);
    const link = /https:\/\/shop\.example\.in\/verify-email\/([A-Za-z0-9_-]{43})/.exec(
      parts['text/plain'] ?? '',
    );
    expect(link, parts['text/plain']).not.toBeNull();
    expect(parts['text/plain']).toContain('Hello Ravi Kulkarni,');
    expect(parts['text/html']).toContain(`href="${link![0]}"`);
    expect(parts['text/html']).toContain('Verify email address');

    // The received link verifies the account.
    const verified = await t.app.inject({
      method: 'GET',
      url: `/api/user/verify-email/${link![1]}`,
    });
    expect(verified.statusCode).toBe(200);

    const [row] = await t.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, payload.email));
    expect(row?.sentAt).not.toBeNull();
    expect(row?.attempts).toBe(1);
    expect(row?.lockedUntil).toBeNull();
  });

  it('sends nothing twice: a drained outbox stays drained', async () => {
    const worker = smtpWorker();
    await worker.drainOnce();
    smtp.received.length = 0;
    expect(await worker.drainOnce()).toBe(0);
    expect(smtp.received).toHaveLength(0);
    await worker.stop();
  });

  it('retries a message the server refused, after an exponential backoff', async () => {
    await enqueueEmail(t.database.db, {
      kind: 'email_verification',
      to: 'retry@example.in',
      content: { subject: 'Retry me', text: 'text', html: '<p>html</p>' },
    });
    const [{ id }] = (await t.database.db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, 'retry@example.in'))) as [{ id: number }];
    smtp.state.reject = 1;
    const worker = smtpWorker();
    expect(await worker.drainOnce()).toBe(0);

    const failed = await outboxRow(id);
    expect(failed.sentAt).toBeNull();
    expect(failed.attempts).toBe(1);
    expect(failed.lockedUntil).toBeNull();
    expect(failed.lastError).toMatch(/Mailbox temporarily unavailable/);
    const delay = (failed.nextAttemptAt.getTime() - Date.now()) / 1000;
    expect(delay).toBeGreaterThan(20);
    expect(delay).toBeLessThanOrEqual(36);

    // Not due yet: nothing happens.
    expect(await worker.drainOnce()).toBe(0);
    await t.database.db
      .update(emailOutbox)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(emailOutbox.id, id));
    expect(await worker.drainOnce()).toBe(1);
    await worker.stop();

    const sent = await outboxRow(id);
    expect(sent.sentAt).not.toBeNull();
    expect(sent.attempts).toBe(2);
    expect(sent.lastError).toBeNull();
    expect(smtp.received.map((m) => header(m.raw, 'Subject'))).toEqual(['Retry me']);
  });
});

describe('the outbox worker', () => {
  /** A transport that records what it would send, taking a little time like a real one. */
  function recordingTransport(): MailTransport & { sent: OutgoingEmail[]; fail: boolean } {
    const transport = {
      mode: 'smtp' as const,
      sent: [] as OutgoingEmail[],
      fail: false,
      async send(email: OutgoingEmail) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        if (transport.fail) throw new Error('connection refused');
        transport.sent.push(email);
      },
      close() {},
    };
    return transport;
  }

  async function enqueueMany(prefix: string, n: number) {
    for (let i = 0; i < n; i++) {
      await enqueueEmail(t.database.db, {
        kind: 'email_verification',
        to: `${prefix}${i}@example.in`,
        content: { subject: `${prefix} ${i}`, text: 't', html: 'h' },
      });
    }
  }

  it('with two workers draining at once, sends each message exactly once', async () => {
    await enqueueMany('pair', 30);
    const transports = [recordingTransport(), recordingTransport()];
    const workers = transports.map((transport) =>
      createOutboxWorker({
        db: t.database.db,
        transport,
        log: captureLog().log,
        batchSize: 4,
      }),
    );
    await Promise.all(workers.map((w) => w.drainOnce()));
    const sent = transports.flatMap((tr) => tr.sent).filter((e) => e.subject.startsWith('pair'));
    expect(sent).toHaveLength(30);
    expect(new Set(sent.map((e) => e.id)).size).toBe(30);
    const left = await t.database.db.execute(
      sql`SELECT count(*)::int AS n FROM email_outbox WHERE sent_at IS NULL AND subject LIKE 'pair%'`,
    );
    expect((left.rows[0] as { n: number }).n).toBe(0);
  });

  it('leaves a row claimed by a crashed worker alone until its claim expires, then sends it once', async () => {
    await enqueueMany('crash', 1);
    // What a worker that died mid-send leaves behind: a live claim and no sent_at.
    await t.database.db.execute(sql`
      UPDATE email_outbox SET locked_until = now() + interval '2 minutes', attempts = 1
       WHERE subject = 'crash 0'`);
    const transport = recordingTransport();
    const worker = createOutboxWorker({ db: t.database.db, transport, log: captureLog().log });
    await worker.drainOnce();
    expect(transport.sent.filter((e) => e.subject === 'crash 0')).toHaveLength(0);
    await t.database.db.execute(sql`
      UPDATE email_outbox SET locked_until = now() - interval '1 second' WHERE subject = 'crash 0'`);
    await worker.drainOnce();
    await worker.drainOnce();
    expect(transport.sent.filter((e) => e.subject === 'crash 0')).toHaveLength(1);
  });

  it('gives up after maxAttempts and keeps the row with its last error', async () => {
    await enqueueMany('doomed', 1);
    const transport = recordingTransport();
    transport.fail = true;
    const { log, lines } = captureLog();
    const worker = createOutboxWorker({ db: t.database.db, transport, log, maxAttempts: 2 });
    const due = sql`UPDATE email_outbox SET next_attempt_at = now() WHERE subject = 'doomed 0'`;
    for (let i = 0; i < 3; i++) {
      await worker.drainOnce();
      await t.database.db.execute(due);
    }
    const [row] = await t.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.subject, 'doomed 0'));
    expect(row).toMatchObject({ attempts: 2, sentAt: null, lastError: 'connection refused' });
    expect(lines.map((l) => l.message)).toContain('email not sent; giving up');
  });

  it('polls once started and stops cleanly', async () => {
    await enqueueMany('polled', 2);
    const transport = recordingTransport();
    const worker = createOutboxWorker({
      db: t.database.db,
      transport,
      log: captureLog().log,
      pollIntervalMs: 20,
    });
    worker.start();
    await expect
      .poll(() => transport.sent.filter((e) => e.subject.startsWith('polled')).length)
      .toBe(2);
    await worker.stop();
  });

  it.each([
    [1, 0.5, 30],
    [2, 0.5, 60],
    [3, 0.5, 120],
    [8, 0.5, 3600],
    [20, 0.5, 3600],
    [1, 0, 24],
    [1, 1, 36],
  ])(
    'waits %i failed attempt(s), random %f → %i s before retrying',
    (attempts, random, seconds) => {
      expect(retryDelaySeconds(attempts, () => random)).toBe(seconds);
    },
  );
});

describe('email without SMTP (default mode)', () => {
  it('writes an .eml under DATA_DIR/outbox and logs the links', async () => {
    const { log, lines } = captureLog();
    const transport = createMailTransport({ ...t.config, smtpUrl: undefined }, log);
    expect(transport.mode).toBe('file');
    const link = `${PUBLIC_URL}/verify-email/abcDEF123_-`;
    await transport.send({
      id: 987,
      kind: 'email_verification',
      to: 'file@example.in',
      subject: VERIFICATION_SUBJECT,
      text: `Open this link:\n\n${link}\n`,
      html: `<a href="${link}">Verify</a>`,
    });
    transport.close();
    const file = join(t.config.dataDir, 'outbox', '987-email_verification.eml');
    expect(existsSync(file)).toBe(true);
    const raw = readFileSync(file, 'utf8');
    expect(header(raw, 'To')).toBe('file@example.in');
    expect(header(raw, 'Subject')).toBe(VERIFICATION_SUBJECT);
    expect(mimeParts(raw)['text/plain']).toContain(link);
    expect(lines.some((l) => l.message.includes(link))).toBe(true);
  });
});
