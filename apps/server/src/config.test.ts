import type * as Fs from 'node:fs';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeJwt } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig, parseTrustProxy } from './config.js';
import { ACCESS_TOKEN_TTL_SECONDS, createTokenService } from './modules/users/access-tokens.js';

/** Lets a test pretend another process created a file just after this one looked for it. */
const race = vi.hoisted(() => ({ hideExisting: false }));
vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof Fs>();
  return {
    ...fs,
    existsSync: (path: string) => (race.hideExisting ? false : fs.existsSync(path)),
  };
});

const dirs: string[] = [];
function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-config-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  race.hideExisting = false;
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const load = (env: Record<string, string> = {}, dir = dataDir()) =>
  loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, ...env });

describe('JWT_SECRET', () => {
  it('without it, generates a secret once into DATA_DIR/secrets (mode 0600) and reuses it on the next start', () => {
    const dir = dataDir();
    const first = load({}, dir);
    const file = join(dir, 'secrets', 'jwt-secret');
    expect(first.jwtSecret).toMatch(/^[A-Za-z0-9_-]{64}$/);
    expect(readFileSync(file, 'utf8')).toBe(first.jwtSecret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'secrets')).mode & 0o777).toBe(0o700);
    expect(load({}, dir).jwtSecret).toBe(first.jwtSecret);
  });

  it('uses JWT_SECRET when set, and writes no file for it', () => {
    const dir = dataDir();
    const secret = 'a'.repeat(40);
    expect(load({ JWT_SECRET: secret }, dir).jwtSecret).toBe(secret);
    expect(() => statSync(join(dir, 'secrets', 'jwt-secret'))).toThrow();
  });

  it('reads the secret another process wrote first (EEXIST), instead of failing to start', () => {
    const dir = dataDir();
    mkdirSync(join(dir, 'secrets'), { recursive: true });
    // The other process wins the race: the file appears after this one found none.
    writeFileSync(join(dir, 'secrets', 'jwt-secret'), 'secret-of-the-first-process', {
      mode: 0o600,
    });
    race.hideExisting = true;
    const config = load({}, dir);
    expect(config.jwtSecret).toBe('secret-of-the-first-process');
    expect(readFileSync(join(dir, 'secrets', 'jwt-secret'), 'utf8')).toBe(
      'secret-of-the-first-process',
    );
  });
});

describe('access tokens', () => {
  it('live exactly 15 minutes: exp − iat = 900', async () => {
    const tokens = createTokenService('s'.repeat(48));
    const issued = new Date('2026-11-24T10:00:00.000Z');
    const claims = decodeJwt(await tokens.signAccessToken('65a000000000000000000001', issued));
    expect(ACCESS_TOKEN_TTL_SECONDS).toBe(900);
    expect(claims.iat).toBe(issued.getTime() / 1000);
    expect(claims.exp! - claims.iat!).toBe(900);
  });
});

describe('TRUST_PROXY', () => {
  it.each<[string | undefined, false | number | string[]]>([
    [undefined, false],
    ['', false],
    ['false', false],
    ['0', false],
    ['1', 1],
    ['2', 2],
    ['10.0.0.2', ['10.0.0.2']],
    ['10.0.0.0/8, 192.168.1.1 ,::1', ['10.0.0.0/8', '192.168.1.1', '::1']],
    ['loopback,fd00::/8', ['loopback', 'fd00::/8']],
  ])('reads %j as %j', (value, expected) => {
    expect(parseTrustProxy(value)).toEqual(expected);
  });

  it.each(['true', 'proxy.internal', '10.0.0.0/33', '10.0.0', '1.5', '-1'])(
    'refuses %j with a clear message',
    (value) => {
      expect(() => load({ TRUST_PROXY: value })).toThrow(
        /^Invalid configuration:\n {2}TRUST_PROXY: expected a hop count or a comma list of addresses and CIDR ranges/,
      );
    },
  );

  it('is off by default in the loaded config', () => {
    expect(load().trustProxy).toBe(false);
    expect(load({ TRUST_PROXY: '10.0.0.0/8' }).trustProxy).toEqual(['10.0.0.0/8']);
  });
});
