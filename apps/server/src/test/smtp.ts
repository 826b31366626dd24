/**
 * A real SMTP server in the test's process for the email tests (the transport talks SMTP to
 * it), and readers of the MIME messages it received: a header, each part's decoded body.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** An SMTP server in this process that keeps what it receives; `reject` fails the next n. */
export async function startSmtp() {
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

export function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The decoded body of each part of a MIME message, by content type. */
export function mimeParts(raw: string): Record<string, string> {
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

export function header(raw: string, name: string): string | undefined {
  return new RegExp(`^${name}:\\s*(.*)$`, 'mi').exec(raw)?.[1]?.trim();
}

export interface MimeLeaf {
  contentType: string;
  /** Content-Disposition's type ('attachment', 'inline'), if any. */
  disposition: string | undefined;
  filename: string | undefined;
  /** The part's body, its transfer encoding undone. */
  body: Buffer;
}

/** Every leaf part of a MIME message, nested multiparts walked (a message with attachments). */
export function mimeLeaves(raw: string): MimeLeaf[] {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = split < 0 ? raw : raw.slice(0, split);
  const body = split < 0 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
  // Folded header lines unfolded, so a parameter on the next line is found.
  const unfolded = headers.replace(/\r?\n[ \t]+/g, ' ');
  const type = (/^Content-Type:\s*([\w/.+-]+)/im.exec(unfolded)?.[1] ?? 'text/plain').toLowerCase();
  if (type.startsWith('multipart/')) {
    const boundary = /boundary="?([^";\r\n]+)"?/i.exec(unfolded)?.[1];
    if (!boundary) return [];
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((chunk) => !chunk.startsWith('--'))
      .flatMap((chunk) => mimeLeaves(chunk.replace(/^\r?\n/, '')));
  }
  const encoding = /^Content-Transfer-Encoding:\s*([\w-]+)/im.exec(unfolded)?.[1]?.toLowerCase();
  const text = body.trim();
  return [
    {
      contentType: type,
      disposition: /^Content-Disposition:\s*([\w-]+)/im.exec(unfolded)?.[1]?.toLowerCase(),
      filename: /filename="?([^";\r\n]+)"?/i.exec(unfolded)?.[1],
      body:
        encoding === 'base64'
          ? Buffer.from(text, 'base64')
          : Buffer.from(encoding === 'quoted-printable' ? decodeQuotedPrintable(text) : text),
    },
  ];
}
