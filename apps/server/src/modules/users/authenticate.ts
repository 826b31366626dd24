/**
 * The check of every signed-in buyer route: a valid access token (access-tokens.ts) whose buyer
 * still exists and is not disabled by staff, not issued before the buyer's tokens_valid_after
 * (logout everywhere, password change, account disabled), and whose session (refresh-token
 * family) was not revoked.
 *
 * The token is checked by the hook; the rest is a statement. A route whose first statement reads
 * the buyer's row anyway takes that check into it (decision 092): its config says
 * `checksSession`, the hook leaves the token's claims in `request.claims`, and the route's service
 * reads `sessionStateColumns` with its own data and calls `refuseEndedSession` before it writes or
 * answers anything.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/connect.js';
import { prepared } from '../../db/prepared.js';
import { bearerToken } from '../../lib/bearer-token.js';
import type { Authenticate } from '../../module-context.js';
import { unauthorized, type AccessClaims, type TokenService } from './access-tokens.js';
import { accountDisabled } from './account-status.js';

/**
 * A signed-in buyer as a service takes one: the id of a buyer already checked, or the claims of
 * a token whose session the service's first statement checks (decision 092).
 */
export type Caller = string | AccessClaims;

export const callerId = (caller: Caller) => (typeof caller === 'string' ? caller : caller.userId);

/** The caller of a route behind `authenticate`, for a service that checks a session itself. */
export function routeCaller(request: FastifyRequest): Caller {
  const caller = request.claims ?? request.userId;
  if (caller === undefined) throw new Error('a buyer route ran without authenticate');
  return caller;
}

/** The checked buyer of a route behind `authenticate` that does not `checksSession`. */
export function checkedBuyer(request: FastifyRequest): string {
  if (request.userId === undefined) throw new Error('the buyer of this route was not checked');
  return request.userId;
}

/** The columns `sessionStateColumns` reads. */
export interface SessionState {
  session_valid_after_s: number | null;
  session_disabled: boolean;
  session_revoked: boolean;
}

/**
 * Columns saying whether the caller's session stands, read from its buyer's row as `users u`
 * (constants for a buyer already checked, so its rows have the same columns either way).
 */
export function sessionStateColumns(caller: Caller): SQL {
  if (typeof caller === 'string')
    return sql`NULL::float8 AS session_valid_after_s, false AS session_disabled,
               false AS session_revoked`;
  return sql`floor(extract(epoch FROM u.tokens_valid_after))::float8 AS session_valid_after_s,
             u.disabled_at IS NOT NULL AS session_disabled,
             ${
               caller.sessionId
                 ? sql`EXISTS (SELECT 1 FROM refresh_tokens t
                                WHERE t.family_id = ${caller.sessionId}
                                  AND t.revoked_at IS NOT NULL)`
                 : sql`false`
             } AS session_revoked`;
}

/** Answers 401 or 403 unless the caller's session stands; `state` is undefined for no buyer row. */
export function refuseEndedSession(
  state: SessionState | undefined,
  caller: Caller,
): asserts state is SessionState {
  if (!state) throw unauthorized();
  // Staff disabled the account (account-status.ts): refused at once, whatever the token.
  if (state.session_disabled) throw accountDisabled();
  if (state.session_revoked) throw unauthorized('Session ended');
  // Compared in whole seconds, as tokens carry them.
  if (
    typeof caller !== 'string' &&
    state.session_valid_after_s !== null &&
    caller.issuedAt < state.session_valid_after_s
  )
    throw unauthorized('Session ended');
}

/**
 * The hook of routes that need a signed-in buyer: sets `request.userId` (or, on a route that
 * `checksSession`, `request.claims`) or answers 401/403.
 */
export function buyerAuthenticator(db: Db, tokens: TokenService): Authenticate {
  return async function authenticate(request: FastifyRequest, reply: FastifyReply) {
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    const claims = await tokens.verifyAccessToken(token);
    // Authenticated answers are private to this buyer (ASVS 5.0 14.3.2).
    reply.header('cache-control', 'no-store');
    if (request.routeOptions.config.checksSession) {
      request.claims = claims;
      return;
    }
    // Prepared (decision 086): every signed-in request runs it, and planning it cost four times
    // its run.
    const result = await db.execute(
      prepared(
        sql`SELECT ${sessionStateColumns(claims)} FROM users u WHERE u.id = ${claims.userId}`,
      ),
    );
    refuseEndedSession(result.rows[0] as SessionState | undefined, claims);
    request.userId = claims.userId;
  };
}
