/**
 * The rate limits, written once (issue 17 "Limits as one policy"): every expensive or sensitive
 * operation is limited in the app per client address (addressKey: request.ip, which is the
 * socket's or what a proxy named in TRUST_PROXY forwarded; an IPv6 client by its /64) and per
 * account where signed in. With REDIS_URL the windows are shared by every replica.
 *
 * Cheap cached reads (the catalog) take no limit here, so they never pay a Redis round trip:
 * the response cache's bounds and, in production, nginx's limit_req at the edge hold them.
 * RATE_LIMIT_SCALE multiplies every limit (the bench and the journeys raise them that way;
 * nothing skips them).
 */
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { connectRedis } from './redis.js';
import {
  addressKey,
  memoryLimiter,
  redisLimiter,
  tooManyRequests,
  type Limiter,
  type LimitRule,
  type Take,
} from './rate-limit.js';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

/** Every limit: at most `limit` events per key in any `windowMs`, before RATE_LIMIT_SCALE. */
export const LIMITS = {
  // Accounts (ASVS 4.0.3 2.2.1, 5.0 6.3.1; decision 011), applied by the users routes: per
  // address, and per account by the normalised email whether or not such an account exists, so a
  // 429 reveals nothing about which emails are registered.
  /** Password guessing spread over accounts from one address; a buyer logs in a few times a day. */
  loginPerAddress: { limit: 50, windowMs: 10 * MINUTE },
  /** "No more than 100 failed attempts per hour on a single account" (ASVS 4.0.3 2.2.1). */
  failedLoginsPerAccount: { limit: 100, windowMs: HOUR },
  /** Each sign-up hashes a password (scrypt, ~0.5 s of CPU) and sends an email. */
  signupPerAddress: { limit: 10, windowMs: HOUR },
  /** Sign-ups naming one email: each sends that address a message. */
  signupPerAccount: { limit: 5, windowMs: HOUR },
  /** Each resend sends an email to an address the caller names. */
  resendPerAddress: { limit: 10, windowMs: HOUR },
  resendPerAccount: { limit: 5, windowMs: HOUR },
  /** Each "Forgot password?" request may send an email to the address it names (decision 058). */
  passwordResetPerAddress: { limit: 10, windowMs: HOUR },
  passwordResetPerAccount: { limit: 5, windowMs: HOUR },
  /** Each reset hashes the new password (scrypt); a buyer needs one or two. */
  passwordResetSubmitPerAddress: { limit: 20, windowMs: HOUR },
  /**
   * Each email change mails two addresses, one the caller names (decision 067): as the reset,
   * per address, and per signed-in account; redeeming its link, per address.
   */
  emailChangePerAddress: { limit: 10, windowMs: HOUR },
  emailChangePerAccount: { limit: 5, windowMs: HOUR },
  emailChangeSubmitPerAddress: { limit: 20, windowMs: HOUR },

  /**
   * Every search route, together (a multi-query of up to 10 queries counts once). A buyer typing
   * sends about one request a keystroke, 60–100 a busy minute; 300 lets an office of several
   * buyers behind one address search at once and holds one address to 5 requests a second.
   */
  searchPerAddress: { limit: 300, windowMs: MINUTE },

  /**
   * Order creation, a transaction that locks the buyer's cart and writes the order. A B2B buyer
   * places a few orders a day (an Idempotency-Key retry counts too).
   */
  orderPerAccount: { limit: 20, windowMs: HOUR },
  /** Orders from many accounts behind one address (an office; or one host holding many accounts). */
  orderPerAddress: { limit: 100, windowMs: HOUR },

  /**
   * Payment starts: each answers the order's open attempt or opens one with the gateway (a
   * PhonePe API call, then ~45 polls; at most 5 per order). A buyer retries a few times.
   */
  paymentStartPerAccount: { limit: 30, windowMs: HOUR },

  /**
   * A tax document's PDF, rendered on each download (decision 056): a buyer fetches an order's
   * invoice and credit notes a few times, an accountant a month's; 300 an hour bounds the CPU
   * one account can spend on rendering to a few seconds a minute.
   */
  documentPerAccount: { limit: 300, windowMs: HOUR },

  /** Staff sign-ins from one address: a shop's few staff sign in a few times a day. */
  staffLoginPerAddress: { limit: 20, windowMs: 10 * MINUTE },
  /**
   * Wrong second factors per staff email once the password was right, applied by the staff
   * service (wrong passwords count in failedLoginsPerAccount): 10 an hour leaves a guesser of
   * TOTP codes one chance in ~30,000 an hour.
   */
  staffFailedLoginsPerAccount: { limit: 10, windowMs: HOUR },
  /** Setup links opened and completed from one address (each completion hashes a password). */
  staffSetupPerAddress: { limit: 30, windowMs: HOUR },
} as const satisfies Record<string, LimitRule>;

export type LimitName = keyof typeof LIMITS;
export type Limiters = Record<LimitName, Limiter>;

interface RouteLimit {
  limit: LimitName;
  /** The client address, or the signed-in buyer (the route's token is verified before this counts). */
  by: 'address' | 'account';
}

const SEARCH: readonly RouteLimit[] = [{ limit: 'searchPerAddress', by: 'address' }];

/**
 * The routes the hook limits, by method and URL as registered (HEAD counts as its GET). The
 * account routes apply their limits themselves (users/routes.ts), since their account key is
 * the email of the body and a failed login is counted only once the password is known wrong.
 */
export const ROUTE_LIMITS: Readonly<Record<string, readonly RouteLimit[]>> = {
  'POST /api/search/1/indexes/:index/queries': SEARCH,
  'POST /api/search/1/indexes/:index/query': SEARCH,
  'GET /api/search/1/indexes/:index': SEARCH,
  'POST /api/search/1/indexes/:index/facets/:facet/query': SEARCH,
  'POST /api/orders/': [
    { limit: 'orderPerAddress', by: 'address' },
    { limit: 'orderPerAccount', by: 'account' },
  ],
  'GET /api/payments/pay/:orderId': [{ limit: 'paymentStartPerAccount', by: 'account' }],
  'GET /api/orders/:id/tax-documents/:documentId.pdf': [
    { limit: 'documentPerAccount', by: 'account' },
  ],
  'POST /api/staff/login': [{ limit: 'staffLoginPerAddress', by: 'address' }],
  'POST /api/staff/setup/start': [{ limit: 'staffSetupPerAddress', by: 'address' }],
  'POST /api/staff/setup/complete': [{ limit: 'staffSetupPerAddress', by: 'address' }],
};

/** A rule multiplied by RATE_LIMIT_SCALE, never below one event per window. */
export const scaled = (rule: LimitRule, scale: number): LimitRule => ({
  limit: Math.max(1, Math.round(rule.limit * scale)),
  windowMs: rule.windowMs,
});

async function buildLimiters(
  config: Pick<Config, 'redisUrl' | 'rateLimitScale'>,
  now: () => Date,
  log: FastifyBaseLogger,
) {
  const redis = config.redisUrl ? await connectRedis(config.redisUrl, log) : undefined;
  const limiters = Object.fromEntries(
    Object.entries(LIMITS).map(([name, rule]) => {
      const effective = scaled(rule, config.rateLimitScale);
      return [
        name,
        redis ? redisLimiter(redis, name, effective, now, log) : memoryLimiter(effective, now),
      ];
    }),
  ) as Limiters;
  return {
    limiters,
    close() {
      Object.values(limiters).forEach((limiter) => limiter.close());
      redis?.disconnect();
    },
  };
}

/**
 * Builds the limiters (in Redis when REDIS_URL is set) and applies ROUTE_LIMITS: each limited
 * route gets a last preHandler, so it runs after the route's own authentication and validation.
 * A route that `checksSession` counts the token's buyer before its service checks the session
 * (decision 092); its slots are given back when the answer is 401 or 403, so an ended session,
 * like an anonymous caller, spends none of its buyer's or its address's budget. Answers the
 * limiters for the modules that apply their own (users). Call before the modules register their
 * routes.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  config: Pick<Config, 'redisUrl' | 'rateLimitScale'>,
  now: () => Date,
): Promise<Limiters> {
  const { limiters, close } = await buildLimiters(config, now, app.log);
  /** The slots a request of a session not yet checked took, until its answer (decision 092). */
  const slotsOfUncheckedSession = new WeakMap<FastifyRequest, Take[]>();
  app.addHook('onClose', async () => close());

  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat().map((m) => (m === 'HEAD' ? 'GET' : m));
    const limits = [...new Set(methods)].flatMap(
      (method) => ROUTE_LIMITS[`${method} ${route.url}`] ?? [],
    );
    if (!limits.length) return;
    const givesBackOnRefusal = route.config?.checksSession === true;
    const takeSlots = async (request: FastifyRequest, reply: FastifyReply) => {
      const taken: Take[] = [];
      for (const { limit, by } of limits) {
        // Per account where signed in (on a route that `checksSession`, the token's buyer).
        const account = request.userId ?? request.claims?.userId;
        if (by === 'account' && !account) continue;
        const key = by === 'address' ? addressKey(request.ip) : `account:${account}`;
        const slot = await limiters[limit].take(key);
        if (!slot.ok) {
          // A refused request uses no other limit's slot (a buyer at the account limit does not
          // spend the office's address budget).
          for (const granted of taken) if (granted.ok) granted.release();
          // Set on the reply as well, so a scope with an error format of its own (search's,
          // Algolia's) still sends it.
          reply.header('retry-after', String(slot.retryAfterSeconds));
          throw tooManyRequests(slot.retryAfterSeconds);
        }
        taken.push(slot);
      }
      if (givesBackOnRefusal) slotsOfUncheckedSession.set(request, taken);
    };
    route.preHandler = [...[route.preHandler ?? []].flat(), takeSlots];
    if (givesBackOnRefusal) {
      const giveBackIfRefused = async (request: FastifyRequest, reply: FastifyReply) => {
        if (reply.statusCode !== 401 && reply.statusCode !== 403) return;
        for (const slot of slotsOfUncheckedSession.get(request) ?? []) if (slot.ok) slot.release();
      };
      route.onResponse = [...[route.onResponse ?? []].flat(), giveBackIfRefused];
    }
  });
  return limiters;
}
