/**
 * Drains the email outbox (ARCHITECTURE.md "Email", decision 010). Each round first marks dead
 * the unsent rows whose purpose expired (`expires_at`, logged at warn), then claims due rows
 * with one UPDATE ... RETURNING that sets `locked_until` (rows another worker holds are
 * skipped), sends them, then records `sent_at`; a failure schedules the next attempt with
 * exponential backoff capped at an hour, as long as the message is worth sending.
 *
 * Delivery is at least once: a committed row is retried until it is sent or expires (a
 * committed sign-up gets its email through any SMTP outage shorter than its link's 24 hours),
 * and a row whose `sent_at` committed is never sent again. Only a crash (or a lost answer)
 * between the SMTP server's acceptance and that commit can repeat a message, after the claim
 * lock expires; it then carries the same Message-ID as the first copy.
 *
 * A row keeps its bodies only while it may still be sent: the statement that records `sent_at`
 * or `dead_at` drops them, so a verification link's token, stored elsewhere only as its hash,
 * is not kept in clear (kind, address, subject and the delivery record stay for audit).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connect.js';
import type { EmailAttachmentRef } from './outbox.js';
import type { MailTransport, OutgoingAttachment, OutgoingEmail } from './transport.js';

export interface OutboxWorkerOptions {
  db: Db;
  transport: MailTransport;
  log: FastifyBaseLogger;
  pollIntervalMs?: number;
  batchSize?: number;
  /** How long a claim holds a row; longer than the transport's worst-case send. */
  lockSeconds?: number;
  /** The time source of claims, backoff and expiry (tests move it). */
  clock?: () => Date;
  /**
   * Makes a row's attachment when it is sent (a tax document's PDF, decision 056). A failure
   * fails the send, which is retried as any other.
   */
  attachment?: (ref: EmailAttachmentRef) => Promise<OutgoingAttachment>;
}

/**
 * The rows a worker may claim at `at`: unsent, alive, due, and not claimed by another worker.
 * The worker claims by it, and /metrics counts the email backlog by it (module.ts).
 */
export function dueAndUnclaimed(at: Date): SQL {
  const now = sql`${at.toISOString()}::timestamptz`;
  return sql`sent_at IS NULL AND dead_at IS NULL AND expires_at > ${now}
             AND next_attempt_at <= ${now}
             AND (locked_until IS NULL OR locked_until <= ${now})`;
}

export interface OutboxWorker {
  /** Sends every due row once; resolves to the number sent. */
  drainOnce(): Promise<number>;
  start(): void;
  /** Finishes the round in flight, stops polling and closes the transport. */
  stop(): Promise<void>;
}

/** 30 s, 1 min, 2 min ... capped at 1 h, with ±20% jitter so retries of an outage spread out. */
export function retryDelaySeconds(attempts: number, random = Math.random): number {
  const base = Math.min(30 * 2 ** Math.max(0, attempts - 1), 3600);
  return Math.round(base * (0.8 + 0.4 * random()));
}

interface ClaimedRow {
  id: number | string;
  kind: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  attachments: EmailAttachmentRef[] | null;
  attempts: number;
}

export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { db, transport, log } = options;
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const batchSize = options.batchSize ?? 20;
  const lockSeconds = options.lockSeconds ?? 120;
  const clock = options.clock ?? (() => new Date());
  const now = () => sql`${clock().toISOString()}::timestamptz`;

  /** Gives up on the unsent rows whose purpose expired; a claimed row waits for its claim. */
  async function buryExpired(): Promise<void> {
    const result = await db.execute(sql`
      UPDATE email_outbox
         SET dead_at = ${now()}, locked_until = NULL, text_body = NULL, html_body = NULL
       WHERE sent_at IS NULL AND dead_at IS NULL AND expires_at <= ${now()}
         AND (locked_until IS NULL OR locked_until <= ${now()})
      RETURNING id, kind, attempts, last_error`);
    for (const row of result.rows as {
      id: number;
      kind: string;
      attempts: number;
      last_error: string | null;
    }[]) {
      log.warn(
        { emailId: Number(row.id), kind: row.kind, attempts: row.attempts, err: row.last_error },
        'email expired unsent; giving up',
      );
    }
  }

  async function claim(): Promise<ClaimedRow[]> {
    const result = await db.execute(sql`
      UPDATE email_outbox
         SET locked_until = ${now()} + make_interval(secs => ${lockSeconds}),
             attempts = attempts + 1
       WHERE sent_at IS NULL
         AND id IN (
           SELECT id FROM email_outbox
            WHERE ${dueAndUnclaimed(clock())}
            ORDER BY next_attempt_at, id
            LIMIT ${batchSize}
              FOR UPDATE SKIP LOCKED)
      RETURNING id, kind, to_address, subject, text_body, html_body, attachments, attempts`);
    return result.rows as unknown as ClaimedRow[];
  }

  async function attachmentsOf(row: ClaimedRow): Promise<OutgoingAttachment[]> {
    const refs = row.attachments ?? [];
    if (refs.length === 0) return [];
    const make = options.attachment;
    if (!make) throw new Error('this worker cannot make attachments');
    const made: OutgoingAttachment[] = [];
    for (const ref of refs) made.push(await make(ref));
    return made;
  }

  async function deliver(row: ClaimedRow): Promise<boolean> {
    const email: OutgoingEmail = {
      id: Number(row.id),
      kind: row.kind,
      to: row.to_address,
      subject: row.subject,
      text: row.text_body,
      html: row.html_body,
    };
    try {
      const attachments = await attachmentsOf(row);
      if (attachments.length > 0) email.attachments = attachments;
      await transport.send(email);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const delay = retryDelaySeconds(row.attempts);
      await db.execute(sql`
        UPDATE email_outbox
           SET locked_until = NULL,
               next_attempt_at = ${now()} + make_interval(secs => ${delay}),
               last_error = ${message.slice(0, 1000)}
         WHERE id = ${email.id}`);
      log.warn(
        { emailId: email.id, attempts: row.attempts, err: message },
        `email not sent; retrying in ${delay} s`,
      );
      return false;
    }
    await db.execute(sql`
      UPDATE email_outbox
         SET sent_at = ${now()}, locked_until = NULL, last_error = NULL,
             text_body = NULL, html_body = NULL
       WHERE id = ${email.id}`);
    return true;
  }

  async function drainOnce(): Promise<number> {
    await buryExpired();
    let sent = 0;
    for (;;) {
      const rows = await claim();
      for (const row of rows) if (await deliver(row)) sent++;
      if (rows.length < batchSize || stopping) return sent;
    }
  }

  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<unknown> = Promise.resolve();

  function schedule() {
    if (stopping) return;
    timer = setTimeout(() => {
      round = drainOnce()
        .catch((error: unknown) => log.error({ err: error }, 'email outbox round failed'))
        .finally(schedule);
    }, pollIntervalMs);
  }

  return {
    drainOnce,
    start() {
      stopping = false;
      schedule();
    },
    async stop() {
      stopping = true;
      clearTimeout(timer);
      await round;
      transport.close();
    },
  };
}
