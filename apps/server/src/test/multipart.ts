/** A multipart/form-data body for inject(), as a browser's FormData would send it. */
import { randomBytes } from 'node:crypto';

export interface FormPart {
  name: string;
  /** Set for a file part. */
  filename?: string;
  contentType?: string;
  data: Buffer | string;
}

export function multipartForm(parts: readonly FormPart[]): {
  payload: Buffer;
  headers: { 'content-type': string };
} {
  const boundary = `----storefront-test-${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    const head = [
      `--${boundary}`,
      `Content-Disposition: ${disposition}`,
      ...(part.filename === undefined && !part.contentType
        ? []
        : [`Content-Type: ${part.contentType ?? 'application/octet-stream'}`]),
      '',
      '',
    ].join('\r\n');
    chunks.push(Buffer.from(head), Buffer.from(part.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
