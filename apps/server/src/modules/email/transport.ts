/**
 * How an email leaves the server (ARCHITECTURE.md "Email"). With SMTP_URL: nodemailer over
 * SMTP. Without it (the default mode): the message is written as an .eml file under
 * DATA_DIR/outbox/ and its links are logged, so a new user can finish sign-up with no mail
 * server. Links are logged only in that mode: with real delivery a token in the logs would be
 * a credential in the logs.
 *
 * nodemailer is loaded at the first send, not with the server: it takes ~2.3 MB of heap.
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { Config } from '../../config.js';

export interface OutgoingEmail {
  /** The outbox row id: it names the .eml file and the Message-ID, so a retry is recognisable. */
  id: number;
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Files made for this send (outbox.ts's attachments). */
  attachments?: OutgoingAttachment[];
}

export interface OutgoingAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface MailTransport {
  readonly mode: 'smtp' | 'file';
  send(email: OutgoingEmail): Promise<void>;
  close(): void;
}

export function createMailTransport(
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir' | 'publicUrl'>,
  log: FastifyBaseLogger,
): MailTransport {
  const host = new URL(config.publicUrl).hostname;
  const message = (email: OutgoingEmail) => ({
    from: config.mailFrom,
    to: email.to,
    subject: email.subject,
    text: email.text,
    html: email.html,
    attachments: email.attachments?.map((file) => ({
      filename: file.filename,
      content: file.content,
      contentType: file.contentType,
    })),
    // Stable per outbox row: if a crash makes the worker send a message again, mail clients
    // and servers see the same Message-ID and can drop the duplicate.
    messageId: `<outbox-${email.id}@${host}>`,
  });

  if (config.smtpUrl) {
    const url = smtpConnectionUrl(config.smtpUrl);
    const smtp = lazyTransport((nodemailer) => nodemailer.createTransport(url));
    return {
      mode: 'smtp',
      async send(email) {
        await (await smtp.get()).sendMail(message(email));
        log.info({ emailId: email.id, kind: email.kind }, 'email sent over SMTP');
      },
      close: smtp.close,
    };
  }

  const dir = join(config.dataDir, 'outbox');
  mkdirSync(dir, { recursive: true });
  const files = lazyTransport((nodemailer) =>
    nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
  );
  return {
    mode: 'file',
    async send(email) {
      const info = await (await files.get()).sendMail(message(email));
      const file = join(dir, `${email.id}-${email.kind}.eml`);
      // Written whole or not at all: a reader never sees half a message.
      writeFileSync(`${file}.tmp`, info.message as Buffer);
      renameSync(`${file}.tmp`, file);
      const links = email.text.match(/https?:\/\/\S+/g) ?? [];
      log.info(
        { emailId: email.id, kind: email.kind, to: email.to, file, links },
        `email written to ${file}${links.length ? `; links: ${links.join(' ')}` : ''}`,
      );
    },
    close: files.close,
  };
}

/**
 * Pooled connections, and timeouts bounded well under the worker's claim lock (worker.ts) so a
 * slow server cannot outlive the claim: the operator's URL keeps any of these it sets.
 */
const SMTP_DEFAULTS = {
  pool: 'true',
  connectionTimeout: '20000',
  greetingTimeout: '20000',
  socketTimeout: '60000',
};

/**
 * SMTP_URL with SMTP_DEFAULTS in its query: nodemailer reads a URL's options from its query alone
 * and drops every option given beside `url`.
 */
export function smtpConnectionUrl(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  for (const [name, value] of Object.entries(SMTP_DEFAULTS))
    if (!url.searchParams.has(name)) url.searchParams.set(name, value);
  return url.href;
}

/** A transport made at its first use; closing one never made, or never loaded, does nothing. */
function lazyTransport(make: (mailer: typeof nodemailer) => Transporter) {
  let made: Promise<Transporter> | undefined;
  return {
    get: (): Promise<Transporter> =>
      (made ??= import('nodemailer').then((module) => make(module.default))),
    close(): void {
      void made?.then(
        (transport) => transport.close(),
        () => undefined,
      );
    },
  };
}
