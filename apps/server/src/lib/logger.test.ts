import { Writable } from 'node:stream';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { registerEveryResponse } from './every-response.js';
import { RequestLogController } from './logger.js';
import { requestId } from './request-id.js';

/** A server logging at `level` into an array, with a read, a slow read and a change. */
async function serverLoggingAt(level: string) {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const app = Fastify({
    loggerInstance: pino({ level }, sink),
    logController: new RequestLogController(),
  });
  app.get('/read', async () => ({ ok: true }));
  app.get('/slow', async () => {
    await new Promise((resolve) => setTimeout(resolve, 550));
    return { ok: true };
  });
  app.post('/change', async () => ({ ok: true }));
  const completed = () =>
    lines
      .filter((line) => line.msg === 'request completed')
      .map((line) => ({
        level: pino.levels.labels[line.level as number],
        url: (line.req as { url: string }).url,
        status: (line.res as { statusCode: number }).statusCode,
      }));
  return { app, lines, completed };
}

describe('request logs (decision 024)', () => {
  it('at info: one line per change, error and slow read, none for a routine read', async () => {
    const { app, lines, completed } = await serverLoggingAt('info');
    await app.inject({ url: '/read' });
    await app.inject({ url: '/missing' });
    await app.inject({ method: 'POST', url: '/change' });
    await app.inject({ url: '/slow' });
    await app.close();
    expect(completed()).toEqual([
      { level: 'info', url: '/missing', status: 404 },
      { level: 'info', url: '/change', status: 200 },
      { level: 'info', url: '/slow', status: 200 },
    ]);
    expect(lines.some((line) => line.msg === 'incoming request')).toBe(false);
  });

  it('at debug: routine reads too, at debug', async () => {
    const { app, completed } = await serverLoggingAt('debug');
    await app.inject({ url: '/read' });
    await app.close();
    expect(completed()).toEqual([{ level: 'debug', url: '/read', status: 200 }]);
  });
});

/** A server with the app's request ids (app.ts) logging at info to an array. */
async function serverWithRequestIds() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const logger: FastifyBaseLogger = pino({ level: 'info' }, sink);
  const app = Fastify({
    loggerInstance: logger,
    logController: new RequestLogController(),
    requestIdHeader: false,
    genReqId: requestId,
  });
  registerEveryResponse(app, {});
  app.get('/read', () => ({ ok: true }));
  app.get('/noted', (request) => {
    request.log.warn('noted');
    return { ok: true };
  });
  return { app, lines };
}

describe('request ids (decision 083)', () => {
  it('are in every line of the request and in its X-Request-Id: the proxy’s, or one of its own', async () => {
    const { app, lines } = await serverWithRequestIds();
    const given = await app.inject({
      url: '/noted',
      headers: { 'x-request-id': '0f1e2d3c4b5a69788796a5b4c3d2e1f0' },
    });
    const own = await app.inject({ url: '/noted' });
    await app.close();
    expect(given.headers['x-request-id']).toBe('0f1e2d3c4b5a69788796a5b4c3d2e1f0');
    expect(own.headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
    expect(lines.map(({ reqId, msg }) => ({ reqId, msg }))).toEqual([
      { reqId: given.headers['x-request-id'], msg: 'noted' },
      { reqId: own.headers['x-request-id'], msg: 'noted' },
    ]);
  });

  it('of one process are given in order, each once', async () => {
    const { app } = await serverWithRequestIds();
    const ids = [];
    for (let i = 0; i < 3; i++)
      ids.push((await app.inject({ url: '/read' })).headers['x-request-id']);
    await app.close();
    expect(new Set(ids).size).toBe(3);
    expect([...ids].sort()).toEqual(ids);
  });
});
