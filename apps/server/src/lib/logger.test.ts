import { Writable } from 'node:stream';
import Fastify from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { RequestLogController } from './logger.js';

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
