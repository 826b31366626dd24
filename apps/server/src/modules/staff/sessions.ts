/**
 * Staff sessions (ASVS 5.0 7.1–7.4): an opaque token in an HttpOnly, SameSite=Strict cookie
 * (`__Host-` and Secure behind HTTPS), stored only as its hash. A session ends after 30 minutes
 * unused or 12 hours after sign-in, whichever comes first (a console left open on a shared
 * desk), when its member signs out, is disabled, or their role changes.
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { StaffRole } from '@storefront/shared/staff';
import type { Db, DbOrTx } from '../../db/connect.js';
import { staff, staffSessions } from '../../db/schema.js';
import { hashOpaqueToken, newOpaqueToken } from '../users/opaque-token.js';

export const STAFF_IDLE_TIMEOUT_MS = 30 * 60 * 1000;
export const STAFF_SESSION_LIFETIME_MS = 12 * 3600 * 1000;
/** How stale last_seen_at may be before a request writes it again (one write a minute). */
const LAST_SEEN_RESOLUTION_MS = 60 * 1000;

export interface StaffCookie {
  name: string;
  secure: boolean;
}

/**
 * The session cookie: behind HTTPS `__Host-` prefixed and Secure (the browser then refuses it
 * from a subdomain or over plain HTTP); over plain HTTP (a local `npm start`) a plain name,
 * since a browser stores no Secure cookie from an http:// origin other than localhost.
 */
export function staffCookie(publicUrl: string): StaffCookie {
  const secure = publicUrl.startsWith('https:');
  return { name: secure ? '__Host-staff_session' : 'staff_session', secure };
}

export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
}

/** The member a request's session belongs to. */
export interface SignedInStaff {
  id: string;
  email: string;
  fullName: string;
  role: StaffRole;
  sessionId: number;
  /** last_seen_at is older than its resolution: the request, once served, writes it. */
  lastSeenStale: boolean;
}

export async function startStaffSession(
  db: DbOrTx,
  staffId: string,
  now: Date,
  client: ClientInfo,
): Promise<string> {
  const token = newOpaqueToken();
  await db.insert(staffSessions).values({
    staffId,
    tokenHash: hashOpaqueToken(token),
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + STAFF_SESSION_LIFETIME_MS),
    ip: client.ip,
    userAgent: client.userAgent?.slice(0, 300) ?? null,
  });
  return token;
}

/**
 * The live session of `token`; undefined when ended, idle or expired. Reads only: a request
 * that goes on to be served keeps its session alive (`touchStaffSession`), one refused for its
 * input does not.
 */
export async function findStaffSession(
  db: Db,
  token: string,
  now: Date,
): Promise<SignedInStaff | undefined> {
  const [row] = await db
    .select({
      sessionId: staffSessions.id,
      lastSeenAt: staffSessions.lastSeenAt,
      id: staff.id,
      email: staff.email,
      fullName: staff.fullName,
      role: staff.role,
    })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(
      and(
        eq(staffSessions.tokenHash, hashOpaqueToken(token)),
        isNull(staffSessions.revokedAt),
        gt(staffSessions.expiresAt, now),
        gt(staffSessions.lastSeenAt, new Date(now.getTime() - STAFF_IDLE_TIMEOUT_MS)),
        isNull(staff.disabledAt),
      ),
    );
  if (!row) return undefined;
  return {
    id: row.id,
    email: row.email,
    fullName: row.fullName,
    role: row.role as StaffRole,
    sessionId: row.sessionId,
    lastSeenStale: now.getTime() - row.lastSeenAt.getTime() >= LAST_SEEN_RESOLUTION_MS,
  };
}

/** Marks the session used now (the idle timeout starts again). */
export async function touchStaffSession(db: Db, sessionId: number, now: Date): Promise<void> {
  await db
    .update(staffSessions)
    .set({ lastSeenAt: now })
    .where(and(eq(staffSessions.id, sessionId), isNull(staffSessions.revokedAt)));
}

export async function endStaffSession(db: DbOrTx, sessionId: number, now: Date): Promise<void> {
  await db
    .update(staffSessions)
    .set({ revokedAt: now })
    .where(and(eq(staffSessions.id, sessionId), isNull(staffSessions.revokedAt)));
}

/** Ends every session of a member (disabled, role changed). */
export async function revokeStaffSessions(db: DbOrTx, staffId: string, now: Date): Promise<void> {
  await db
    .update(staffSessions)
    .set({ revokedAt: now })
    .where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.revokedAt)));
}
