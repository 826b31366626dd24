import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../db/schema.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { header, mimeParts, startSmtp } from '../../test/smtp.js';
import { signupPayload } from '../users/test-support.js';
import { enqueueEmail } from './outbox.js';
import { VERIFICATION_SUBJECT } from './templates.js';
import nodemailer from 'nodemailer';
import {
  createMailTransport,
  smtpConnectionUrl,
  type MailTransport,
  type OutgoingEmail,
} from './transport.js';
import { createOutboxWorker, retryDelaySeconds } from './worker.js';

const PUBLIC_URL = 'https://shop.example.in';

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

function smtpWorker() {
  return createOutboxWorker({
    db: t.database.db,
    transport: createMailTransport(t.config, captureLog().log),
    log: captureLog().log,
  });
}

describe('email over SMTP', () => {
  it('pools its connections with timeouts under the claim, and keeps what SMTP_URL sets itself', () => {
    const options = (url: string) => {
      const transport = nodemailer.createTransport(smtpConnectionUrl(url));
      transport.close();
      return (transport as unknown as { options: object }).options;
    };
    expect(options('smtp://mailer:p%40ss@mail.example.in:587')).toMatchObject({
      pool: true,
      connectionTimeout: 20_000,
      greetingTimeout: 20_000,
      socketTimeout: 60_000,
      host: 'mail.example.in',
      port: 587,
      secure: false,
      auth: { user: 'mailer', pass: 'p@ss' },
    });
    expect(options('smtps://mail.example.in?socketTimeout=5000&pool=false')).toMatchObject({
      pool: false,
      socketTimeout: 5_000,
      connectionTimeout: 20_000,
      secure: true,
    });
  });

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
    // Sent: the bodies (and the token in them) are dropped, the delivery record stays.
    expect(row).toMatchObject({ textBody: null, htmlBody: null, subject: VERIFICATION_SUBJECT });
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
    // Due a second ago by the worker's clock. (The database's now(), in microseconds, could fall
    // within the same millisecond as the worker's next read of the JavaScript clock, and after it.)
    await t.database.db
      .update(emailOutbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
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

  /** A fake clock for the worker: the row's own next_attempt_at is when it is moved to. */
  function fakeClock(start: Date) {
    let at = start.getTime();
    return { now: () => new Date(at), set: (date: Date) => void (at = date.getTime()) };
  }

  async function rowBySubject(subject: string) {
    const [row] = await t.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.subject, subject));
    return row!;
  }

  /** A verification email due at `start`, whose link expires 24 hours later. */
  async function enqueueVerificationDueAt(subject: string, start: Date) {
    await enqueueEmail(t.database.db, {
      kind: 'email_verification',
      to: `${subject.replace(' ', '')}@example.in`,
      content: { subject, text: 't', html: 'h' },
      expiresAt: new Date(start.getTime() + 24 * 3600_000),
    });
    await t.database.db
      .update(emailOutbox)
      .set({ nextAttemptAt: start })
      .where(eq(emailOutbox.subject, subject));
  }

  it('keeps retrying a sign-up’s verification email at the capped backoff through a 20-hour SMTP outage, then delivers it', async () => {
    const start = new Date('2026-11-24T08:00:00Z');
    const clock = fakeClock(start);
    await enqueueVerificationDueAt('outage 0', start);
    const transport = recordingTransport();
    transport.fail = true;
    const worker = createOutboxWorker({
      db: t.database.db,
      transport,
      log: captureLog().log,
      clock: clock.now,
    });
    const gaps: number[] = [];
    let row = await rowBySubject('outage 0');
    while (row.nextAttemptAt.getTime() < start.getTime() + 20 * 3600_000) {
      const before = row.nextAttemptAt;
      clock.set(before);
      await worker.drainOnce();
      row = await rowBySubject('outage 0');
      gaps.push((row.nextAttemptAt.getTime() - before.getTime()) / 1000);
    }
    // Far more than the 10 attempts (~3 hours) that used to be the end of it, an hour apart
    // once the backoff reached its cap.
    expect(row.attempts).toBeGreaterThan(20);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(3600 * 1.2);
    expect(gaps.slice(-5).every((gap) => gap >= 3600 * 0.8)).toBe(true);
    // Still to be sent: it keeps what sending needs.
    expect(row).toMatchObject({ sentAt: null, deadAt: null, lastError: 'connection refused' });
    expect(row).toMatchObject({ textBody: 't', htmlBody: 'h' });

    transport.fail = false;
    clock.set(row.nextAttemptAt);
    await worker.drainOnce();
    expect(transport.sent.filter((e) => e.subject === 'outage 0')).toHaveLength(1);
    expect((await rowBySubject('outage 0')).sentAt).not.toBeNull();
  });

  it('gives up once the message’s purpose expired: marked dead, logged at warn, never sent after', async () => {
    const start = new Date('2026-11-24T08:00:00Z');
    const clock = fakeClock(start);
    await enqueueVerificationDueAt('doomed 0', start);
    const transport = recordingTransport();
    transport.fail = true;
    const { log, lines } = captureLog();
    const worker = createOutboxWorker({ db: t.database.db, transport, log, clock: clock.now });
    let row = await rowBySubject('doomed 0');
    while (row.deadAt === null) {
      clock.set(row.nextAttemptAt);
      await worker.drainOnce();
      row = await rowBySubject('doomed 0');
    }
    expect(row.sentAt).toBeNull();
    expect(row.deadAt!.getTime()).toBeGreaterThanOrEqual(start.getTime() + 24 * 3600_000);
    expect(row.lastError).toBe('connection refused');
    expect(row).toMatchObject({ textBody: null, htmlBody: null });
    const buried = lines.filter(
      (l) =>
        l.message === 'email expired unsent; giving up' &&
        (l.object as { emailId: number }).emailId === row.id,
    );
    expect(buried).toHaveLength(1);
    expect(buried[0]!.object).toMatchObject({ emailId: row.id, attempts: row.attempts });

    // Dead is final, even once SMTP is back.
    transport.fail = false;
    const attempts = row.attempts;
    clock.set(new Date(start.getTime() + 48 * 3600_000));
    await worker.drainOnce();
    expect(transport.sent.filter((e) => e.subject === 'doomed 0')).toEqual([]);
    expect((await rowBySubject('doomed 0')).attempts).toBe(attempts);
  });

  it('retries a payment confirmation for 7 days by default', async () => {
    await enqueueEmail(t.database.db, {
      kind: 'payment_confirmation',
      to: 'paid@example.in',
      content: { subject: 'paid 0', text: 't', html: 'h' },
    });
    const row = await rowBySubject('paid 0');
    const days = (row.expiresAt.getTime() - row.createdAt.getTime()) / (24 * 3600_000);
    expect(Math.round(days * 1000) / 1000).toBe(7);
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
