/**
 * The audit log (issue 19): every staff action and sign-in, with who, when, from where, what,
 * and the before and after of what changed. Written in the same transaction as the change it
 * records, so neither exists without the other. Append-only: this module has no statement that
 * changes or deletes an entry, and the database refuses one (migration 0010's trigger).
 */
import { and, desc, eq, gte, lt, lte, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AuditEntry, AuditQuery } from '@storefront/shared/staff';
import type { DbOrTx } from '../../db/connect.js';
import { staffAuditLog } from '../../db/schema.js';

/** Who acts: a signed-in member, or the machine's operator (the CLI). */
export interface StaffActor {
  staffId: string | null;
  /** The member's email, or 'operator'. */
  actor: string;
  ip: string | null;
  userAgent: string | null;
}

export interface AuditRecord {
  action: string;
  targetType?: string;
  targetId?: string;
  before?: unknown;
  after?: unknown;
}

/** The signed-in member of a request (the staff guard set it), as the audit log names them. */
export const actorOf = (request: FastifyRequest): StaffActor => ({
  staffId: request.staff!.id,
  actor: request.staff!.email,
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
});

/** The longest user agent kept (a header can be kilobytes). */
const USER_AGENT_MAX = 300;

export async function recordAudit(db: DbOrTx, who: StaffActor, what: AuditRecord): Promise<void> {
  await db.insert(staffAuditLog).values({
    staffId: who.staffId,
    actor: who.actor,
    ip: who.ip,
    userAgent: who.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
    action: what.action,
    targetType: what.targetType ?? null,
    targetId: what.targetId ?? null,
    before: what.before ?? null,
    after: what.after ?? null,
  });
}

/** A page of the log, newest first, filtered; `next` continues below the last id. */
export async function listAudit(
  db: DbOrTx,
  query: AuditQuery,
): Promise<{ entries: AuditEntry[]; next: number | null }> {
  const conditions: SQL[] = [];
  if (query.actor) conditions.push(eq(staffAuditLog.actor, query.actor.toLowerCase()));
  if (query.action) conditions.push(eq(staffAuditLog.action, query.action));
  if (query.targetType) conditions.push(eq(staffAuditLog.targetType, query.targetType));
  if (query.targetId) conditions.push(eq(staffAuditLog.targetId, query.targetId));
  if (query.from) conditions.push(gte(staffAuditLog.at, new Date(query.from)));
  if (query.to) conditions.push(lte(staffAuditLog.at, new Date(query.to)));
  if (query.before) conditions.push(lt(staffAuditLog.id, query.before));
  const rows = await db
    .select()
    .from(staffAuditLog)
    .where(and(...conditions))
    .orderBy(desc(staffAuditLog.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  return {
    entries: page.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      actor: row.actor,
      staffId: row.staffId,
      action: row.action,
      targetType: row.targetType,
      targetId: row.targetId,
      ip: row.ip,
      userAgent: row.userAgent,
      before: row.before,
      after: row.after,
    })),
    next: rows.length > query.limit ? page.at(-1)!.id : null,
  };
}
