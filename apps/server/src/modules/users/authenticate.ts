/**
 * The preHandler of every buyer route: a valid access token (access-tokens.ts) whose buyer still
 * exists and is not disabled by staff, not issued before the buyer's tokens_valid_after (logout
 * everywhere, password change, account disabled), and whose session (refresh-token family) was
 * not revoked.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/connect.js';
import { refreshTokens, users } from '../../db/schema.js';
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
    const [user] = await db
      .select({
        tokensValidAfter: users.tokensValidAfter,
        disabledAt: users.disabledAt,
        sessionRevoked: sessionId
          ? sql<boolean>`EXISTS (SELECT 1 FROM ${refreshTokens} WHERE ${refreshTokens.familyId} = ${sessionId} AND ${refreshTokens.revokedAt} IS NOT NULL)`
          : sql<boolean>`false`,
      })
      .from(users)
      .where(eq(users.id, userId));
    if (!user) throw unauthorized();
    // Staff disabled the account (account-status.ts): refused at once, whatever the token.
    if (user.disabledAt) throw accountDisabled();
    if (user.sessionRevoked) throw unauthorized('Session ended');
    if (
      user.tokensValidAfter &&
      issuedAt * 1000 < Math.floor(user.tokensValidAfter.getTime() / 1000) * 1000
    ) {
      throw unauthorized('Session ended');
    }
    request.userId = userId;
    // Authenticated answers are private to this buyer (ASVS 5.0 14.3.2).
    reply.header('cache-control', 'no-store');
  };
}
