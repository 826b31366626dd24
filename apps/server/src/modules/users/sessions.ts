/**
 * Sessions: a refresh-token family per login (RFC 9700 §4.14.2, ASVS 5.0 10.4.5, 10.4.8).
 * Every redemption rotates the token with one guarded UPDATE ... WHERE used_at IS NULL AND
 * revoked_at IS NULL RETURNING, so of any number of concurrent redemptions at most one wins.
 * A used token is kept; presenting it again means it was copied, so the whole family is
 * revoked (the thief's and the owner's sessions end together). A family lives at most 30 days
 * from its login, and a token unused for 14 days expires.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, isNotNull, isNull, notExists, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/connect.js';
import { refreshTokens, users } from '../../db/schema.js';
import type { TokenService } from './access-tokens.js';
import { AppError } from '../../lib/errors.js';
import { hashOpaqueToken, newOpaqueToken } from './opaque-token.js';

export const SESSION_ABSOLUTE_LIFETIME_MS = 30 * 24 * 3600 * 1000;
export const REFRESH_IDLE_LIFETIME_MS = 14 * 24 * 3600 * 1000;

export interface IssuedTokens {
  access_token: string;
  refresh_token: string;
}

const sessionEnded = (detail: string) => new AppError('unauthorized', 'session_ended', detail);

async function insertRefreshToken(
  tx: Db | Tx,
  row: { userId: string; familyId: string; parentId: number | null; familyExpiresAt: Date },
  now: Date,
): Promise<string> {
  const token = newOpaqueToken();
  const idleExpiry = new Date(now.getTime() + REFRESH_IDLE_LIFETIME_MS);
  await tx.insert(refreshTokens).values({
    ...row,
    tokenHash: hashOpaqueToken(token),
    createdAt: now,
    expiresAt: idleExpiry < row.familyExpiresAt ? idleExpiry : row.familyExpiresAt,
  });
  return token;
}

/** A new session (family) for a user who just proved who they are. */
export async function startSession(
  db: Db | Tx,
  tokens: TokenService,
  userId: string,
  now: Date,
): Promise<IssuedTokens> {
  const familyId = randomUUID();
  const refresh = await insertRefreshToken(
    db,
    {
      userId,
      familyId,
      parentId: null,
      familyExpiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_LIFETIME_MS),
    },
    now,
  );
  return {
    access_token: await tokens.signAccessToken(userId, now, familyId),
    refresh_token: refresh,
  };
}

async function revokeFamily(db: Db | Tx, familyId: string, now: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/**
 * Ends every session of a user (password change, an account disabled): each family is revoked,
 * so its refresh tokens are refused and its access tokens too (their `sid`), not 15 minutes
 * later. Answers how many sessions were still open (families with a token not yet revoked).
 */
export async function revokeAllSessions(tx: Db | Tx, userId: string, now: Date): Promise<number> {
  const revoked = await tx
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)))
    .returning({ familyId: refreshTokens.familyId });
  return new Set(revoked.map((row) => row.familyId)).size;
}

/**
 * POST /api/refresh: redeems a refresh token for a new access token and its successor. A token
 * issued before the user's tokens_valid_after (set by a password change) is refused even if
 * its family was somehow not revoked, e.g. one rotated concurrently with the change; so is
 * every token of a disabled account.
 */
export async function rotateSession(
  db: Db,
  tokens: TokenService,
  presented: string | undefined,
  now: Date,
): Promise<IssuedTokens> {
  if (!presented) throw sessionEnded('Refresh token is missing');
  const tokenHash = hashOpaqueToken(presented);
  const rotated = await db.transaction(async (tx) => {
    const [redeemed] = await tx
      .update(refreshTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(refreshTokens.tokenHash, tokenHash),
          isNull(refreshTokens.usedAt),
          isNull(refreshTokens.revokedAt),
          gt(refreshTokens.expiresAt, now),
          gt(refreshTokens.familyExpiresAt, now),
          // Nor for an account staff disabled (account-status.ts), whatever its tokens.
          notExists(
            tx
              .select({ one: sql`1` })
              .from(users)
              .where(
                and(
                  eq(users.id, refreshTokens.userId),
                  or(
                    gt(users.tokensValidAfter, refreshTokens.createdAt),
                    isNotNull(users.disabledAt),
                  ),
                ),
              ),
          ),
        ),
      )
      .returning({
        id: refreshTokens.id,
        userId: refreshTokens.userId,
        familyId: refreshTokens.familyId,
        familyExpiresAt: refreshTokens.familyExpiresAt,
      });
    if (!redeemed) return undefined;
    const refresh = await insertRefreshToken(
      tx,
      {
        userId: redeemed.userId,
        familyId: redeemed.familyId,
        parentId: redeemed.id,
        familyExpiresAt: redeemed.familyExpiresAt,
      },
      now,
    );
    return { userId: redeemed.userId, familyId: redeemed.familyId, refresh };
  });
  if (rotated) {
    return {
      access_token: await tokens.signAccessToken(rotated.userId, now, rotated.familyId),
      refresh_token: rotated.refresh,
    };
  }

  const [known] = await db
    .select({ familyId: refreshTokens.familyId, usedAt: refreshTokens.usedAt })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash));
  if (!known) throw sessionEnded('Invalid refresh token');
  if (known.usedAt) {
    // Reuse of a rotated token (RFC 9700 §4.14.2): whoever holds the newest token may be the
    // thief, so the whole family ends.
    await revokeFamily(db, known.familyId, now);
    throw sessionEnded('Refresh token was already used; the session has been ended');
  }
  throw sessionEnded('Session expired');
}

/**
 * POST /api/user/logout: ends the session named by the refresh token and/or the access token's
 * session id. Ending an unknown or already ended session is not an error.
 */
export async function endSession(
  db: Db,
  which: { refreshToken: string | undefined; familyId: string | undefined },
  now: Date,
): Promise<void> {
  const families = new Set<string>();
  if (which.familyId) families.add(which.familyId);
  if (which.refreshToken) {
    const [row] = await db
      .select({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashOpaqueToken(which.refreshToken)));
    if (row) families.add(row.familyId);
  }
  for (const familyId of families) await revokeFamily(db, familyId, now);
}

export interface SessionSummary {
  id: string;
  startedAt: Date;
  lastUsedAt: Date | null;
  expiresAt: Date;
  revokedAt: Date | null;
  state: 'active' | 'expired' | 'revoked';
}

/**
 * A user's latest `limit` sessions, newest first, for the staff's buyers desk: each family's
 * sign-in, its last refresh, when its newest token expires (idle or absolute, whichever first),
 * and when it was revoked.
 */
export async function listSessions(
  db: Db | Tx,
  userId: string,
  now: Date,
  limit: number,
): Promise<SessionSummary[]> {
  const startedAt = sql<string>`min(${refreshTokens.createdAt})`;
  const rows = await db
    .select({
      id: refreshTokens.familyId,
      startedAt,
      lastUsedAt: sql<string | null>`max(${refreshTokens.usedAt})`,
      expiresAt: sql<string>`max(${refreshTokens.expiresAt})`,
      revokedAt: sql<string | null>`min(${refreshTokens.revokedAt})`,
    })
    .from(refreshTokens)
    .where(eq(refreshTokens.userId, userId))
    .groupBy(refreshTokens.familyId)
    // The first token's id breaks a tie of two sign-ins in one microsecond.
    .orderBy(desc(startedAt), desc(sql`min(${refreshTokens.id})`))
    .limit(limit);
  return rows.map((row) => {
    const expiresAt = new Date(row.expiresAt);
    const revokedAt = row.revokedAt === null ? null : new Date(row.revokedAt);
    return {
      id: row.id,
      startedAt: new Date(row.startedAt),
      lastUsedAt: row.lastUsedAt === null ? null : new Date(row.lastUsedAt),
      expiresAt,
      revokedAt,
      state: revokedAt ? 'revoked' : expiresAt > now ? 'active' : 'expired',
    };
  });
}
