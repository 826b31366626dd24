import { randomBytes } from 'node:crypto';
import { createConnection } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { createUser, login } from './test-support.js';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const ci = process.env.CI === 'true' || process.env.CI === '1';

function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = createConnection({ host: hostname, port: Number(port || 6379) }, () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

/** Two replicas of the server: separate processes in production, separate apps here. */
let replicas: TestApp[] = [];
beforeAll(async () => {
  if (!(await reachable(redisUrl))) {
    if (ci) throw new Error(`CI: Redis at ${redisUrl} is required and missing.`);
    return;
  }
  replicas = await Promise.all([
    buildTestApp({ config: { redisUrl } }),
    buildTestApp({ config: { redisUrl } }),
  ]);
});
afterAll(() => Promise.all(replicas.map((replica) => replica.close())));

describe('with REDIS_URL', () => {
  it('two replicas together verify at most 100 wrong passwords per account and hour', async (context) => {
    if (!replicas.length) return context.skip();
    const email = `shared.${randomBytes(6).toString('hex')}@example.in`;
    const users = await Promise.all(replicas.map((r) => createUser(r.database.db, { email })));
    const statuses: number[] = [];
    for (let i = 0; i < 150; i++) {
      const replica = replicas[i % 2]!;
      const address = [10, ...randomBytes(3)].join('.');
      statuses.push((await login(replica.app, email, `Wrong&Guess-${i}`, address)).statusCode);
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(100);
    expect(statuses.slice(100)).toEqual(Array(50).fill(429));
    expect((await login(replicas[1]!.app, email, users[1]!.password)).statusCode).toBe(429);
  });
});
