/**
 * HTTPS with HTTP/2 in front of the bench server, as a browser meets the store in production:
 * through a load balancer that terminates TLS (ARCHITECTURE.md "Scale-out") and speaks HTTP/1.1
 * to the app. Chrome negotiates HTTP/2 only over TLS; over plain
 * HTTP/1.1 it opens at most six connections to a host, and a first load's ~25 module chunks
 * queue for them. The certificate is self-signed for localhost, made for this run only.
 */
import http, { type IncomingHttpHeaders } from 'node:http';
import http2, { type Http2ServerRequest, type Http2ServerResponse } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { pipeline } from 'node:stream';
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
      let received: http.IncomingMessage | undefined;
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
          received = answer;
          response.writeHead(answer.statusCode ?? 502, forwardable(answer.headers));
          // An answer cut short ends the browser's stream too, rather than leaving it open.
          pipeline(answer, response, () => {});
        },
      );
      upstream.on('error', () => {
        if (!response.headersSent) response.writeHead(502);
        response.end();
      });
      // A request the browser gave up on is not left running upstream; once the whole answer
      // came, its connection is back in the agent's pool and is left alone.
      response.on('close', () => {
        if (!received?.complete) upstream.destroy();
      });
      pipeline(request, upstream, () => {});
    },
  );
  // The browser's sessions, closed with the proxy whether or not the browser closed them.
  const sessions = new Set<http2.ServerHttp2Session>();
  server.on('session', (session) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    baseUrl: `https://localhost:${(server.address() as AddressInfo).port}`,
    async stop() {
      for (const session of sessions) session.destroy();
      agent.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
