/**
 * Threat: verification links kept in clear. Tokens are stored only as hashes, but the outbox
 * kept every email body, link included, forever: whoever reads the table (a backup, a replica,
 * an operator's query) could verify any account whose link was never opened. Control: a row
 * drops its bodies when it is sent or given up on (worker.ts); until then it keeps them, so a
 * message survives a restart whole.
 */
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../db/schema.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { signupPayload } from '../users/test-support.js';
import type { MailTransport, OutgoingEmail } from './transport.js';
import { createOutboxWorker } from './worker.js';

const silent = {
  info: () => {},
  warn: () => {},
  error: () => {},
} as unknown as FastifyBaseLogger;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: { publicUrl: 'https://shop.example.in' } });
});
afterAll(() => t.close());

function transport(fail = false): MailTransport & { sent: OutgoingEmail[] } {
  const sent: OutgoingEmail[] = [];
  return {
    mode: 'smtp',
    sent,
    async send(email) {
      if (fail) throw new Error('connection refused');
      sent.push(email);
    },
    close() {},
  };
}

const worker = (mail: MailTransport, at?: Date) =>
  createOutboxWorker({ db: t.database.db, transport: mail, log: silent, clock: at && (() => at) });

async function signUp() {
  const payload = signupPayload();
  const response = await t.app.inject({ method: 'POST', url: '/api/user/signup', payload });
  expect(response.statusCode, response.body).toBe(201);
  return payload.email;
}

async function outboxRows(email: string) {
  return t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
}

const tokenIn = (text: string) => /\/verify-email\/([A-Za-z0-9_-]{43})/.exec(text)?.[1];

const verify = (token: string) =>
  t.app.inject({ method: 'GET', url: `/api/user/verify-email/${token}` });

describe('the outbox keeps no usable verification token', () => {
  it('drops the bodies of a sent verification email: the row holds no token, the mailed link verifies', async () => {
    const email = await signUp();
    const [waiting] = await outboxRows(email);
    const token = tokenIn(waiting!.textBody ?? '');
    expect(token).toBeDefined();

    const mail = transport();
    await worker(mail).drainOnce();
    const sent = mail.sent.find((message) => message.to === email)!;
    expect(tokenIn(sent.text)).toBe(token);

    const [row] = await outboxRows(email);
    expect(row!.sentAt).not.toBeNull();
    expect(row).toMatchObject({ textBody: null, htmlBody: null, kind: 'email_verification' });
    expect(JSON.stringify(row)).not.toContain(token!);
    expect((await verify(token!)).statusCode).toBe(200);
  });

  it('drops the bodies of a verification email that expired unsent', async () => {
    const email = await signUp();
    const token = tokenIn((await outboxRows(email))[0]!.textBody ?? '')!;
    await worker(transport(true)).drainOnce();
    // A day and an hour later the link has expired: the worker gives the message up.
    await worker(transport(true), new Date(Date.now() + 25 * 3600_000)).drainOnce();
    const [row] = await outboxRows(email);
    expect(row!.deadAt).not.toBeNull();
    expect(row).toMatchObject({ sentAt: null, textBody: null, htmlBody: null });
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it('keeps a waiting message whole across a restart: the next worker sends a link that verifies', async () => {
    const email = await signUp();
    const failing = worker(transport(true));
    await failing.drainOnce();
    await failing.stop();
    const [waiting] = await outboxRows(email);
    expect(waiting).toMatchObject({ sentAt: null, attempts: 1 });
    expect(tokenIn(waiting!.textBody ?? '')).toBeDefined();

    // A new process, once the retry is due.
    const mail = transport();
    await worker(mail, new Date(Date.now() + 5 * 60_000)).drainOnce();
    const sent = mail.sent.find((message) => message.to === email)!;
    expect((await verify(tokenIn(sent.text)!)).statusCode).toBe(200);
    expect((await outboxRows(email))[0]).toMatchObject({ textBody: null, htmlBody: null });
  });
});
