/**
 * Requests on kept-alive connections, each answer read to the end. node:http rather than fetch,
 * whose per-request cost is taken from the two cores the server shares.
 */
import { Agent, request } from 'node:http';

const keepAlive = new Agent({ keepAlive: true });

export interface Answer {
  status: number;
  body: string;
}

/** Sends one request; the answer's body is kept only when `keepBody` (otherwise ''). */
export function send(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  body?: string,
  keepBody = false,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const sent = request(
      url,
      {
        method,
        agent: keepAlive,
        headers:
          body === undefined
            ? headers
            : { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('error', reject);
        if (keepBody) response.on('data', (chunk: Buffer) => chunks.push(chunk));
        else response.resume();
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
        );
      },
    );
    sent.on('error', reject);
    sent.end(body);
  });
}

/** A POST; its status. */
export async function post(
  url: string,
  headers: Record<string, string>,
  body: string,
): Promise<number> {
  return (await send('POST', url, headers, body)).status;
}
