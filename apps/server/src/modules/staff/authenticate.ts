/**
 * The guard of every staff route (issue 19): a live staff session from the cookie, whose
 * member's role may do what the route does, checked on the server for every request. A request
 * that carries a buyer's bearer token and no staff session is refused 403 (a buyer is signed
 * in, and buyers are never staff); one with nothing, 401. State-changing requests must come
 * from the console's own origin (ASVS 5.0 3.5.1): the cookie is SameSite=Strict, and a browser's
 * cross-site fetch or form is refused by its Sec-Fetch-Site or Origin as well.
 */
import { parseCookie } from 'cookie';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
} from 'fastify';
import { roleAllows } from '@storefront/shared/staff';
import type { Db } from '../../db/connect.js';
import { AppError } from '../../lib/errors.js';
import type { RequireStaff } from '../../module-context.js';
import { findStaffSession, touchStaffSession, type SignedInStaff } from './sessions.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in staff member; set by the staff guard. */
    staff?: SignedInStaff;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Refuses a state-changing request a browser sent from another site. */
export function assertSameOrigin(request: FastifyRequest): void {
  if (SAFE_METHODS.has(request.method)) return;
  const site = request.headers['sec-fetch-site'];
  const origin = request.headers.origin;
  let crossOrigin = site !== undefined && site !== 'same-origin';
  if (!crossOrigin && origin !== undefined) {
    try {
      crossOrigin = new URL(origin).host !== request.headers.host;
    } catch {
      crossOrigin = true;
    }
  }
  if (crossOrigin)
    throw new AppError('forbidden', 'cross_origin', 'Staff requests must come from the console');
}

/** Every guard staffGuard made, so that registerStaffActivity finds the routes they guard. */
const guards = new WeakSet<object>();

export function staffGuard(db: Db, cookieName: string, now: () => Date): RequireStaff {
  return (allowed) => {
    const guard = async function requireStaff(request: FastifyRequest, reply: FastifyReply) {
      // Staff answers are private, whoever asks (ASVS 5.0 14.3.2).
      reply.header('cache-control', 'no-store');
      assertSameOrigin(request);
      // Read here, the one cookie the server reads: no request parses its cookies otherwise.
      const header = request.headers.cookie;
      const token = header ? parseCookie(header)[cookieName] : undefined;
      const member = token ? await findStaffSession(db, token, now()) : undefined;
      if (!member) {
        if (request.headers.authorization)
          throw new AppError('forbidden', 'staff_only', 'This is for the store’s staff only');
        throw new AppError('unauthorized', 'staff_unauthorized', 'Sign in to the console');
      }
      if (!roleAllows(member.role, allowed))
        throw new AppError('forbidden', 'role_forbidden', 'Your role does not allow this');
      request.staff = member;
    };
    guards.add(guard);
    return guard;
  };
}

/**
 * Keeps a staff session alive: the first preHandler of every route a staff guard guards (as
 * the route's `onRequest`), so after validation, and a request refused for its input changes
 * nothing, not even the session's last use. Only those routes: a hook on every route made every
 * catalog read pass a preHandler step with nothing to do (decision 083). Register it before the
 * routes.
 */
export function registerStaffActivity(app: FastifyInstance, db: Db, now: () => Date): void {
  function keepStaffSessionAlive(
    request: FastifyRequest,
    _reply: FastifyReply,
    done: HookHandlerDoneFunction,
  ) {
    if (!request.staff?.lastSeenStale) return done();
    touchStaffSession(db, request.staff.sessionId, now()).then(() => done(), done);
  }
  app.addHook('onRoute', (route) => {
    if (![route.onRequest ?? []].flat().some((hook) => guards.has(hook))) return;
    route.preHandler = [keepStaffSessionAlive, ...[route.preHandler ?? []].flat()];
  });
}
