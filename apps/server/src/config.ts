/**
 * Configuration: every environment variable the server reads, parsed once at start (zod).
 * A malformed value stops the start with a clear message; nothing else reads process.env.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const here = dirname(fileURLToPath(import.meta.url));
/** The repository root, whether running from src/ (tsx) or dist/ (bundle). */
export const repoRoot = resolve(here, '..', '..', '..');

const optionalUrl = z.url().optional();

const Env = z.object({
  /**
   * Production unless a developer or a test says otherwise (`npm run dev`, the test helpers), so
   * a server started any other way gets production's checks and no debug headers.
   */
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  /** Says that a production start is a demo: sandbox payments, demo data, a generated secret. */
  ALLOW_DEMO: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl,
  PUBLIC_URL: optionalUrl,
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  /** The bearer token a Prometheus scraper sends to /metrics; unset, there is no /metrics. */
  METRICS_TOKEN: z.string().min(32, 'METRICS_TOKEN must be at least 32 characters').optional(),
  /**
   * The megabytes each response cache may keep (decision 094): 32 with DATABASE_URL, 16 with the
   * embedded database, whose own memory shares the process's.
   */
  RESPONSE_CACHE_MB: z.coerce
    .number()
    .int('RESPONSE_CACHE_MB must be a whole number of megabytes')
    .min(1, 'RESPONSE_CACHE_MB is at least 1')
    .max(1024, 'RESPONSE_CACHE_MB is at most 1024')
    .optional(),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('B2B Storefront <no-reply@storefront.local>'),
  PAYMENT_PROVIDER: z.enum(['sandbox', 'phonepe']).default('sandbox'),
  PHONEPE_CLIENT_ID: z.string().optional(),
  PHONEPE_CLIENT_SECRET: z.string().optional(),
  PHONEPE_CLIENT_VERSION: z.coerce.number().int().default(1),
  PHONEPE_AUTH_URL: z.url().default('https://api-preprod.phonepe.com/apis/pg-sandbox'),
  PHONEPE_API_URL: z.url().default('https://api-preprod.phonepe.com/apis/pg-sandbox'),
  PHONEPE_WEBHOOK_USERNAME: z.string().optional(),
  PHONEPE_WEBHOOK_PASSWORD: z.string().optional(),
  /** How long an unpaid order waits for its payment before it is cancelled (issue 19). */
  ORDER_PAYMENT_WINDOW_HOURS: z.coerce
    .number()
    .positive('ORDER_PAYMENT_WINDOW_HOURS must be a positive number of hours')
    .max(24 * 30, 'ORDER_PAYMENT_WINDOW_HOURS is at most 720 (30 days)')
    .default(24),
  SEARCH_PROVIDER: z.enum(['postgres', 'algolia']).default('postgres'),
  ALGOLIA_APP_ID: z.string().optional(),
  ALGOLIA_SEARCH_KEY: z.string().optional(),
  ALGOLIA_ADMIN_KEY: z.string().optional(),
  REDIS_URL: optionalUrl,
  /** Multiplies every rate limit (lib/limits.ts); the bench and the journeys raise them with it. */
  RATE_LIMIT_SCALE: z.coerce
    .number()
    .positive('RATE_LIMIT_SCALE must be a positive number')
    .finite()
    .default(1),
  /**
   * Which proxies' X-Forwarded-For to believe: a hop count, or a comma list of addresses and
   * CIDR ranges. Unset: none, so request.ip is the socket's address.
   */
  TRUST_PROXY: z.string().optional(),
  /** Extra origins allowed to call the API from a browser (comma-separated); PUBLIC_URL's always is. */
  CORS_ORIGINS: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Seed the demo catalog when the database is empty (on by default). */
  SEED_ON_START: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /**
   * Where uploaded product images are kept (modules/images/storage.ts): a directory under
   * DATA_DIR, or an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, ...).
   */
  IMAGE_STORAGE: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'S3_BUCKET must be a bucket name: 3–63 lowercase letters, digits, dots and hyphens',
    )
    .optional(),
  /** An S3-compatible service's endpoint; unset, AWS S3's own for S3_REGION. */
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'S3_ENDPOINT must be an http:// or https:// URL' })
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'S3_REGION must be a region name such as ap-south-1 or auto')
    .optional(),
  /** Both or neither: unset, the AWS SDK's own chain (an instance or task role, AWS_* variables). */
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Bucket in the path (http://host/bucket/key), as MinIO and most self-hosted servers need. */
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /**
   * Lets a catalog import fetch product images by URL from the internet (modules/images/import.ts).
   * Off by default: a server that fetches URLs a file names is a server others can aim.
   */
  IMAGE_URL_FETCH: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /**
   * How long a catalog page's server render may take (decision 070) before the page is sent
   * for the browser to render instead, as a page that is not server-rendered.
   */
  RENDER_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .positive('RENDER_TIMEOUT_MS must be a positive number of milliseconds')
    .default(2000),
  /** Run background workers (email outbox, payment reconciliation) in this process. */
  WORKERS: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  /** ALLOW_DEMO=true: a production start may run the demo's settings (productionRefusals). */
  allowDemo: boolean;
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  /** The bytes each response cache may keep (RESPONSE_CACHE_MB, or the database's default). */
  responseCacheBytes: number;
  publicUrl: string;
  jwtSecret: string;
  /** No JWT_SECRET was given: the secret was generated into DATA_DIR. */
  jwtSecretGenerated: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  payments: {
    provider: 'sandbox' | 'phonepe';
    sandboxSecret: string;
    /** Unpaid orders are cancelled after this long. */
    paymentWindowMs: number;
    phonepe: {
      clientId: string | undefined;
      clientSecret: string | undefined;
      clientVersion: number;
      authUrl: string;
      apiUrl: string;
      webhookUsername: string | undefined;
      webhookPassword: string | undefined;
    };
  };
  search: {
    provider: 'postgres' | 'algolia';
    algoliaAppId: string | undefined;
    algoliaSearchKey: string | undefined;
    algoliaAdminKey: string | undefined;
  };
  redisUrl: string | undefined;
  /** Multiplies every rate limit's count (RATE_LIMIT_SCALE). */
  rateLimitScale: number;
  /**
   * Fastify's trustProxy: false (the socket's address is the client's), the number of proxy
   * hops in front of the server, or the addresses/CIDR ranges of the trusted proxies.
   */
  trustProxy: false | number | string[];
  /** Origins whose browsers may call the API cross-origin (exact match). */
  corsOrigins: string[];
  logLevel: string;
  images: {
    /** Where uploaded images are kept (IMAGE_STORAGE and S3_*). */
    storage: ImageStorageConfig;
    /** IMAGE_URL_FETCH: an import may fetch images by URL (off by default). */
    urlFetch: boolean;
  };
  seedOnStart: boolean;
  workers: boolean;
  /** METRICS_TOKEN: /metrics answers a scraper that sends it (lib/metrics.ts). */
  metricsToken: string | undefined;
  /** The built SPA served at / (apps/web/dist). */
  webDist: string;
  /** RENDER_TIMEOUT_MS: a server render running longer is given up for the browser's. */
  renderTimeoutMs: number;
}

export type ImageStorageConfig =
  | { kind: 'local' }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      endpoint: string | undefined;
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
      forcePathStyle: boolean;
    };

/**
 * A secret kept in DATA_DIR so that restarts keep sessions and signatures valid. Written whole
 * to a private temporary file, then hard-linked into place: the link either creates the file
 * with its content or fails with EEXIST. Of two processes starting at once, one creates it and
 * the other reads that one, so both sign with the same key and no reader sees an empty file.
 */
export function persistedSecret(dataDir: string, name: string): string {
  const file = join(dataDir, 'secrets', name);
  const read = () => readFileSync(file, 'utf8').trim();
  if (existsSync(file)) return read();
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString('base64url');
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  writeFileSync(temporary, secret, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return read();
  } finally {
    unlinkSync(temporary);
  }
  return secret;
}

const CIDR = /^(.+)\/(\d{1,3})$/;
/** proxy-addr's names for address ranges (Fastify's trustProxy accepts them). */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY: unset → false; a whole number → that many proxy hops; otherwise a comma list of
 * addresses, CIDR ranges or range names. 'true' is refused: trusting every hop would let any
 * client choose its address by sending X-Forwarded-For, and every per-address limit with it.
 */
export function parseTrustProxy(value: string | undefined): false | number | string[] {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false') return false;
  if (/^\d+$/.test(text)) return Number(text) === 0 ? false : Number(text);
  const entries = text.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => {
    if (RANGE_NAMES.has(entry) || isIP(entry)) return false;
    const cidr = CIDR.exec(entry);
    if (!cidr) return true;
    const version = isIP(cidr[1]!);
    const bits = Number(cidr[2]);
    return version === 0 || bits > (version === 4 ? 32 : 128);
  });
  if (bad.length) {
    throw new Error(
      `Invalid configuration:\n  TRUST_PROXY: expected a hop count or a comma list of addresses and CIDR ranges, got ${bad.map((b) => JSON.stringify(b)).join(', ')}`,
    );
  }
  return entries;
}

export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<Config> = {},
): Config {
  // An empty variable means unset (DATABASE_URL= in a shell or a compose file).
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = Env.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((i) => `  ${i.path.join('.')}: ${i.message}`)
      .join('\n');
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  const e = parsed.data;
  if (e.PAYMENT_PROVIDER === 'phonepe') {
    const missing = (
      [
        'PHONEPE_CLIENT_ID',
        'PHONEPE_CLIENT_SECRET',
        'PHONEPE_WEBHOOK_USERNAME',
        'PHONEPE_WEBHOOK_PASSWORD',
      ] as const
    ).filter((k) => !e[k]);
    if (missing.length)
      throw new Error(
        `Invalid configuration: PAYMENT_PROVIDER=phonepe needs ${missing.join(', ')}`,
      );
  }
  if (
    e.SEARCH_PROVIDER === 'algolia' &&
    !(e.ALGOLIA_APP_ID && e.ALGOLIA_SEARCH_KEY && e.ALGOLIA_ADMIN_KEY)
  ) {
    throw new Error(
      'Invalid configuration: SEARCH_PROVIDER=algolia needs ALGOLIA_APP_ID, ALGOLIA_SEARCH_KEY and ALGOLIA_ADMIN_KEY',
    );
  }
  const imageStorage = imageStorageConfig(e);
  const dataDir = resolve(overrides.dataDir ?? e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  return {
    env: e.NODE_ENV,
    allowDemo: e.ALLOW_DEMO,
    host: e.HOST,
    port: e.PORT,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    responseCacheBytes: (e.RESPONSE_CACHE_MB ?? (e.DATABASE_URL ? 32 : 16)) * 1024 * 1024,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    jwtSecret: e.JWT_SECRET ?? persistedSecret(dataDir, 'jwt-secret'),
    jwtSecretGenerated: e.JWT_SECRET === undefined,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    payments: {
      provider: e.PAYMENT_PROVIDER,
      sandboxSecret: persistedSecret(dataDir, 'sandbox-pay-secret'),
      paymentWindowMs: Math.round(e.ORDER_PAYMENT_WINDOW_HOURS * 3_600_000),
      phonepe: {
        clientId: e.PHONEPE_CLIENT_ID,
        clientSecret: e.PHONEPE_CLIENT_SECRET,
        clientVersion: e.PHONEPE_CLIENT_VERSION,
        authUrl: e.PHONEPE_AUTH_URL,
        apiUrl: e.PHONEPE_API_URL,
        webhookUsername: e.PHONEPE_WEBHOOK_USERNAME,
        webhookPassword: e.PHONEPE_WEBHOOK_PASSWORD,
      },
    },
    search: {
      provider: e.SEARCH_PROVIDER,
      algoliaAppId: e.ALGOLIA_APP_ID,
      algoliaSearchKey: e.ALGOLIA_SEARCH_KEY,
      algoliaAdminKey: e.ALGOLIA_ADMIN_KEY,
    },
    redisUrl: e.REDIS_URL,
    rateLimitScale: e.RATE_LIMIT_SCALE,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    corsOrigins: [
      new URL(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).origin,
      ...(e.CORS_ORIGINS ?? '')
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean)
        .map((origin) => new URL(origin).origin),
    ],
    logLevel: e.LOG_LEVEL,
    images: { storage: imageStorage, urlFetch: e.IMAGE_URL_FETCH },
    seedOnStart: e.SEED_ON_START,
    workers: e.WORKERS,
    metricsToken: e.METRICS_TOKEN,
    webDist: join(repoRoot, 'apps', 'web', 'dist'),
    renderTimeoutMs: e.RENDER_TIMEOUT_MS,
    ...overrides,
  };
}

/** IMAGE_STORAGE=s3 needs a bucket and a region; keys come both or not at all. */
function imageStorageConfig(e: z.infer<typeof Env>): ImageStorageConfig {
  const s3Set = (
    ['S3_BUCKET', 'S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const
  ).filter((k) => e[k] !== undefined);
  if (e.IMAGE_STORAGE === 'local') {
    // S3 settings without IMAGE_STORAGE=s3 would be silently ignored: images kept on one disk.
    if (s3Set.length)
      throw new Error(
        `Invalid configuration: ${s3Set.join(', ')} ${s3Set.length === 1 ? 'is' : 'are'} set but IMAGE_STORAGE is not s3`,
      );
    return { kind: 'local' };
  }
  const missing = (['S3_BUCKET', 'S3_REGION'] as const).filter((k) => !e[k]);
  if (missing.length)
    throw new Error(`Invalid configuration: IMAGE_STORAGE=s3 needs ${missing.join(' and ')}`);
  if ((e.S3_ACCESS_KEY_ID === undefined) !== (e.S3_SECRET_ACCESS_KEY === undefined))
    throw new Error(
      'Invalid configuration: set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (the AWS SDK then finds credentials itself)',
    );
  return {
    kind: 's3',
    bucket: e.S3_BUCKET!,
    region: e.S3_REGION!,
    endpoint: e.S3_ENDPOINT,
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
  };
}

/**
 * What a production server must not run with unless ALLOW_DEMO=true says it is a demo (issue 17
 * "Safe production"), one line naming each setting: the sandbox gateway (its Approve button marks
 * an order paid with no money), seeding the demo data (the demo buyer's password is published),
 * and a generated JWT_SECRET (kept only in DATA_DIR, so replicas and a new disk disagree).
 * `data`: what main.ts found in the database (seed/seed.ts demoAccountsPresent).
 */
export function productionRefusals(
  config: Config,
  data: { demoAccounts: boolean } = { demoAccounts: false },
): string[] {
  if (config.env !== 'production' || config.allowDemo) return [];
  return [
    config.payments.provider === 'sandbox' &&
      'PAYMENT_PROVIDER=sandbox (the default): its Approve button marks orders paid with no money; set PAYMENT_PROVIDER=phonepe',
    config.seedOnStart &&
      'SEED_ON_START=true (the default): it seeds the demo buyer, whose password is published; set SEED_ON_START=false',
    config.jwtSecretGenerated &&
      'JWT_SECRET is unset, so a generated one would sign sessions; set JWT_SECRET to a secret of at least 32 characters',
    data.demoAccounts &&
      'the database holds accounts whose passwords are published (the demo buyer, bench buyers); delete them, or start on an empty database with SEED_ON_START=false',
  ].filter((refusal): refusal is string => typeof refusal === 'string');
}

/** Stops the start with every refusal at once, and how to run a demo instead. */
export function refuseUnsafeProduction(refusals: string[]): void {
  if (!refusals.length) return;
  throw new Error(
    `Refusing to start with NODE_ENV=production:\n${refusals.map((r) => `  ${r}`).join('\n')}\n` +
      'See docs/deploy.md; for a demo, set ALLOW_DEMO=true (npm start does).',
  );
}
