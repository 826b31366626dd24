import { Writable } from 'node:stream';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { registerEveryResponse } from './every-response.js';
import { RequestLogController, requestLogger } from './logger.js';
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

/** A server with the app's request logging (ids, request loggers) writing at `level` to an array. */
async function appLoggingAt(level: string) {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const logger: FastifyBaseLogger = pino({ level }, sink);
  const app = Fastify({
    loggerInstance: logger,
    logController: new RequestLogController(),
    childLoggerFactory: requestLogger,
    requestIdHeader: false,
    genReqId: requestId,
  });
  registerEveryResponse(app, {});
  app.get('/read', () => ({ ok: true }));
  app.get('/noted', (request) => {
    request.log.debug('a detail');
    request.log.warn({ part: 'stock' }, 'noted');
    request.log.child({ step: 'after' }).info('and after');
    return { ok: true };
  });
  await app.ready();
  // Counted from here: Fastify makes children of its own while it starts.
  const children = vi.spyOn(logger, 'child');
  return { app, lines, children };
}

describe("a request's logger (decision 083)", () => {
  it('writes each line with the request id its X-Request-Id answers: the proxy’s, or one of its own', async () => {
    const { app, lines } = await appLoggingAt('info');
    const given = await app.inject({
      url: '/noted',
      headers: { 'x-request-id': '0f1e2d3c4b5a69788796a5b4c3d2e1f0' },
    });
    const own = await app.inject({ url: '/noted' });
    await app.close();
    expect(given.headers['x-request-id']).toBe('0f1e2d3c4b5a69788796a5b4c3d2e1f0');
    expect(own.headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
    expect(lines.map(({ reqId, msg, part, step }) => ({ reqId, msg, part, step }))).toEqual([
      { reqId: given.headers['x-request-id'], msg: 'noted', part: 'stock', step: undefined },
      { reqId: given.headers['x-request-id'], msg: 'and after', part: undefined, step: 'after' },
      { reqId: own.headers['x-request-id'], msg: 'noted', part: 'stock', step: undefined },
      { reqId: own.headers['x-request-id'], msg: 'and after', part: undefined, step: 'after' },
    ]);
  });

  it("makes pino's child only for a request that writes a line: none for a routine read", async () => {
    const { app, children } = await appLoggingAt('info');
    await app.inject({ url: '/read' });
    expect(children).not.toHaveBeenCalled();
    const noted = await app.inject({ url: '/noted' });
    await app.close();
    // The request's child, then the child the route made of it (pino's children inherit `child`).
    expect(children.mock.calls.map(([bindings]) => bindings)).toEqual([
      { reqId: noted.headers['x-request-id'] },
      { step: 'after' },
    ]);
  });

  it('gives the ids of a process in order, each once', async () => {
    const { app } = await appLoggingAt('info');
    const ids = [];
    for (let i = 0; i < 3; i++)
      ids.push((await app.inject({ url: '/read' })).headers['x-request-id']);
    await app.close();
    expect(new Set(ids).size).toBe(3);
    expect([...ids].sort()).toEqual(ids);
  });
});
