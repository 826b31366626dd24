/**
 * The preHandler of every buyer route: a valid access token (access-tokens.ts) whose buyer still
 * exists and is not disabled by staff, not issued before the buyer's tokens_valid_after (logout
 * everywhere, password change, account disabled), and whose session (refresh-token family) was
 * not revoked.
 */
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/connect.js';
import { prepared } from '../../db/prepared.js';
import { bearerToken } from '../../lib/bearer-token.js';
import type { Authenticate } from '../../module-context.js';
import { unauthorized, type TokenService } from './access-tokens.js';
import { accountDisabled } from './account-status.js';

/** preHandler for routes that need a signed-in buyer: sets request.userId or answers 401. */
export function buyerAuthenticator(db: Db, tokens: TokenService): Authenticate {
  return async function authenticate(request: FastifyRequest, reply: FastifyReply) {
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    const { userId, issuedAt, sessionId } = await tokens.verifyAccessToken(token);
    // Prepared (decision 086): every signed-in request runs it, and planning it cost four times
    // its run.
    const result = await db.execute(
      prepared(sql`SELECT floor(extract(epoch FROM u.tokens_valid_after))::float8 AS valid_after_s,
                          u.disabled_at IS NOT NULL AS disabled,
                          ${
                            sessionId
                              ? sql`EXISTS (SELECT 1 FROM refresh_tokens t
                                             WHERE t.family_id = ${sessionId}
                                               AND t.revoked_at IS NOT NULL)`
                              : sql`false`
                          } AS session_revoked
                     FROM users u WHERE u.id = ${userId}`),
    );
    const user = result.rows[0] as
      { valid_after_s: number | null; disabled: boolean; session_revoked: boolean } | undefined;
    if (!user) throw unauthorized();
    // Staff disabled the account (account-status.ts): refused at once, whatever the token.
    if (user.disabled) throw accountDisabled();
    if (user.session_revoked) throw unauthorized('Session ended');
    // Compared in whole seconds, as tokens carry them.
    if (user.valid_after_s !== null && issuedAt < user.valid_after_s) {
      throw unauthorized('Session ended');
    }
    request.userId = userId;
    // Authenticated answers are private to this buyer (ASVS 5.0 14.3.2).
    reply.header('cache-control', 'no-store');
  };
}
