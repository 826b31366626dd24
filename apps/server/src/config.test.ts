import { spawn } from 'node:child_process';
import type * as Fs from 'node:fs';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeJwt } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  loadConfig,
  parseTrustProxy,
  productionRefusals,
  refuseUnsafeProduction,
  repoRoot,
} from './config.js';
import { connectDatabase } from './db/connect.js';
import { ACCESS_TOKEN_TTL_SECONDS, createTokenService } from './modules/users/access-tokens.js';
import { ensureDemoBuyer } from './seed/seed.js';
import { createTestDatabase } from './test/app.js';
import { serverArgs } from './test/crash-server.js';

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

/** What docs/deploy.md's production start sets. */
const PRODUCTION = {
  NODE_ENV: 'production',
  JWT_SECRET: 'j'.repeat(40),
  SEED_ON_START: 'false',
  PAYMENT_PROVIDER: 'phonepe',
  PHONEPE_CLIENT_ID: 'client',
  PHONEPE_CLIENT_SECRET: 'secret',
  PHONEPE_WEBHOOK_USERNAME: 'hook',
  PHONEPE_WEBHOOK_PASSWORD: 'hook-password',
};

describe('RATE_LIMIT_SCALE', () => {
  it('is 1 by default and reads a positive number', () => {
    expect(load().rateLimitScale).toBe(1);
    expect(load({ RATE_LIMIT_SCALE: '1000' }).rateLimitScale).toBe(1000);
    expect(load({ RATE_LIMIT_SCALE: '0.5' }).rateLimitScale).toBe(0.5);
  });

  it.each(['0', '-1', 'many', 'Infinity'])('refuses %j, naming the setting', (value) => {
    expect(() => load({ RATE_LIMIT_SCALE: value })).toThrow(
      /^Invalid configuration:\n {2}RATE_LIMIT_SCALE: /,
    );
  });
});

describe('RESPONSE_CACHE_MB', () => {
  const MB = 1024 * 1024;

  it('is 16 MB with the embedded database, whose memory shares the process, and 32 with PostgreSQL (decision 094)', () => {
    expect(load().responseCacheBytes).toBe(16 * MB);
    expect(load({ DATABASE_URL: 'postgres://127.0.0.1/shop' }).responseCacheBytes).toBe(32 * MB);
  });

  it("reads the operator's whole number of megabytes, whichever the database", () => {
    expect(load({ RESPONSE_CACHE_MB: '64' }).responseCacheBytes).toBe(64 * MB);
    expect(
      load({ RESPONSE_CACHE_MB: '8', DATABASE_URL: 'postgres://127.0.0.1/shop' })
        .responseCacheBytes,
    ).toBe(8 * MB);
  });

  it.each(['0', '-4', '1.5', '2048', 'lots'])('refuses %j, naming the setting', (value) => {
    expect(() => load({ RESPONSE_CACHE_MB: value })).toThrow(
      /^Invalid configuration:\n {2}RESPONSE_CACHE_MB: /,
    );
  });
});

describe('image storage (IMAGE_STORAGE, S3_*) and IMAGE_URL_FETCH', () => {
  const s3 = {
    IMAGE_STORAGE: 's3',
    S3_BUCKET: 'shop-images',
    S3_REGION: 'ap-south-1',
  };

  it('keeps images in a directory under DATA_DIR and fetches no URL by default', () => {
    expect(load().images).toEqual({ storage: { kind: 'local' }, urlFetch: false });
  });

  it('reads a bucket, its endpoint, path style and keys', () => {
    const config = load({
      ...s3,
      S3_ENDPOINT: 'https://minio.internal.example:9000',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'secret-example',
      S3_FORCE_PATH_STYLE: 'true',
      IMAGE_URL_FETCH: 'true',
    });
    expect(config.images).toEqual({
      storage: {
        kind: 's3',
        bucket: 'shop-images',
        region: 'ap-south-1',
        endpoint: 'https://minio.internal.example:9000',
        credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'secret-example' },
        forcePathStyle: true,
      },
      urlFetch: true,
    });
  });

  it('leaves the credentials to the AWS SDK when no keys are set', () => {
    expect(load(s3).images.storage).toMatchObject({ credentials: undefined, endpoint: undefined });
  });

  it.each([
    [{ IMAGE_STORAGE: 's3', S3_REGION: 'ap-south-1' }, 'IMAGE_STORAGE=s3 needs S3_BUCKET'],
    [{ IMAGE_STORAGE: 's3', S3_BUCKET: 'shop-images' }, 'IMAGE_STORAGE=s3 needs S3_REGION'],
    [
      { ...s3, S3_ACCESS_KEY_ID: 'AKIAEXAMPLE' },
      'set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY',
    ],
    [{ S3_BUCKET: 'shop-images' }, 'S3_BUCKET is set but IMAGE_STORAGE is not s3'],
    [{ ...s3, S3_BUCKET: 'Shop_Images' }, 'S3_BUCKET must be a bucket name'],
    [{ ...s3, S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT'],
    [{ IMAGE_STORAGE: 'disk' }, 'IMAGE_STORAGE'],
    [{ IMAGE_URL_FETCH: 'yes' }, 'IMAGE_URL_FETCH'],
  ])('refuses to start with %j', (env, message) => {
    expect(() => load(env)).toThrow(message);
  });
});

describe('production (issue 17 "Safe production")', () => {
  it('is the default NODE_ENV, so a server started any way but `npm run dev` or a test is production', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).env).toBe('production');
    expect(load({ NODE_ENV: 'development' }).env).toBe('development');
  });

  it('starts with the production settings and no demo', () => {
    expect(productionRefusals(load(PRODUCTION))).toEqual([]);
  });

  it.each<[string, Record<string, string>, RegExp]>([
    ['the sandbox gateway', { PAYMENT_PROVIDER: 'sandbox' }, /^PAYMENT_PROVIDER=sandbox /],
    ['the default gateway', { PAYMENT_PROVIDER: '' }, /^PAYMENT_PROVIDER=sandbox \(the default\)/],
    ['demo seeding', { SEED_ON_START: 'true' }, /^SEED_ON_START=true .*; set SEED_ON_START=false$/],
    ['default seeding', { SEED_ON_START: '' }, /^SEED_ON_START=true \(the default\)/],
    ['a generated JWT_SECRET', { JWT_SECRET: '' }, /^JWT_SECRET is unset/],
  ])('refuses %s, naming the setting', (_what, change, refusal) => {
    const refusals = productionRefusals(load({ ...PRODUCTION, ...change }));
    expect(refusals).toHaveLength(1);
    expect(refusals[0]).toMatch(refusal);
    expect(() => refuseUnsafeProduction(refusals)).toThrow(
      /^Refusing to start with NODE_ENV=production:\n {2}(PAYMENT_PROVIDER|SEED_ON_START|JWT_SECRET)[\s\S]*set ALLOW_DEMO=true/,
    );
  });

  it('refuses a database holding the demo buyer or the bench buyers', () => {
    expect(productionRefusals(load(PRODUCTION), { demoAccounts: true })).toEqual([
      'the database holds accounts whose passwords are published (the demo buyer, bench buyers); delete them, or start on an empty database with SEED_ON_START=false',
    ]);
  });

  it('names every refusal at once when nothing is set', () => {
    const refusals = productionRefusals(load({ NODE_ENV: 'production' }), { demoAccounts: true });
    expect(refusals.map((r) => r.slice(0, 24))).toEqual([
      'PAYMENT_PROVIDER=sandbox',
      'SEED_ON_START=true (the ',
      'JWT_SECRET is unset, so ',
      'the database holds accou',
    ]);
  });

  it('ALLOW_DEMO=true says it is a demo: nothing is refused', () => {
    const demo = load({ NODE_ENV: 'production', ALLOW_DEMO: 'true' });
    expect(demo.allowDemo).toBe(true);
    expect(productionRefusals(demo, { demoAccounts: true })).toEqual([]);
    expect(() => load({ ALLOW_DEMO: 'yes' })).toThrow(/^Invalid configuration:\n {2}ALLOW_DEMO: /);
  });

  it('refuses nothing in development or test', () => {
    for (const NODE_ENV of ['development', 'test']) {
      expect(productionRefusals(load({ NODE_ENV }), { demoAccounts: true })).toEqual([]);
    }
  });
});

/** Starts main.ts with exactly `env` (and PATH); answers its exit code and standard error. */
function start(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const dir = dataDir();
  const child = spawn(process.execPath, serverArgs(), {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      DATA_DIR: dir,
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      WORKERS: 'false',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stderr })));
}

describe('a production start of the server (main.ts), run as an operator would', () => {
  it('with nothing set (NODE_ENV defaults to production) exits naming every unsafe setting', async () => {
    const { code, stderr } = await start({});
    expect(code).toBe(1);
    expect(stderr).toContain('Refusing to start with NODE_ENV=production:');
    expect(stderr).toContain('PAYMENT_PROVIDER=sandbox (the default)');
    expect(stderr).toContain('SEED_ON_START=true (the default)');
    expect(stderr).toContain('JWT_SECRET is unset');
    expect(stderr).toContain('set ALLOW_DEMO=true');
  }, 120_000);

  it('with the production settings on a database holding the demo buyer exits naming it', async () => {
    const { database, url, drop } = await createTestDatabase();
    const dir = dataDir();
    // PGlite: a data directory of its own, which the server then opens.
    const target = url ? database : await connectDatabase({ databaseUrl: undefined, dataDir: dir });
    if (!url) await target.migrate();
    await ensureDemoBuyer(target.db);
    if (!url) await target.close();
    try {
      const { code, stderr } = await start({
        ...PRODUCTION,
        ...(url ? { DATABASE_URL: url } : { DATA_DIR: dir }),
      });
      expect(code).toBe(1);
      expect(stderr).toContain(
        'Refusing to start with NODE_ENV=production:\n  the database holds accounts whose passwords are published',
      );
    } finally {
      await drop();
    }
  }, 120_000);
});
