/**
 * HTTPS with HTTP/2 in front of the bench server, as a browser meets the store in production:
 * through a load balancer that terminates TLS (ARCHITECTURE.md "Scale-out") and speaks HTTP/1.1
 * to the app. Chrome negotiates HTTP/2, and asks for Brotli, only over TLS; over plain
 * HTTP/1.1 it opens at most six connections to a host, and a first load's ~25 module chunks
 * queue for them. The certificate is self-signed for localhost, made for this run only.
 */
import http, { type IncomingHttpHeaders } from 'node:http';
import http2, { type Http2ServerRequest, type Http2ServerResponse } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { generate } from 'selfsigned';

/** Headers of one hop, never forwarded (RFC 9110 §7.6.1), and HTTP/2's pseudo-headers. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'http2-settings',
]);

function forwardable(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => !name.startsWith(':') && !HOP_BY_HOP.has(name)),
  );
}

export interface TlsProxy {
  baseUrl: string;
  stop(): Promise<void>;
}

export async function startTlsProxy(target: URL, port: number): Promise<TlsProxy> {
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keySize: 2048,
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 2, value: 'localhost' }] }],
  });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const server = http2.createSecureServer(
    { key: pems.private, cert: pems.cert, allowHTTP1: true },
    (request: Http2ServerRequest, response: Http2ServerResponse) => {
      const upstream = http.request(
        {
          host: target.hostname,
          port: target.port,
          method: request.method,
          path: request.url,
          headers: { ...forwardable(request.headers), host: target.host },
          agent,
        },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, forwardable(answer.headers));
          answer.pipe(response);
        },
      );
      upstream.on('error', () => {
        if (!response.headersSent) response.writeHead(502);
        response.end();
      });
      request.pipe(upstream);
    },
  );
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    baseUrl: `https://localhost:${(server.address() as AddressInfo).port}`,
    async stop() {
      agent.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
