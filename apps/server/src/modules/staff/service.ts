/**
 * Staff accounts (issue 19, decision 043): invitations redeemed through a one-time setup link
 * (password and TOTP enrolled together), sign-in with password and second factor, and the
 * owner's management of members. Every change and every sign-in, failed ones too, is in the
 * audit log, written in the change's own transaction.
 */
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type {
  StaffInvitation,
  StaffInviteBody,
  StaffInviteResponse,
  StaffMember,
  StaffRole,
  StaffSetupCompleteBody,
  StaffSetupCompleteResponse,
  StaffSetupStartResponse,
  StaffUpdateBody,
} from '@storefront/shared/staff';
import type { Db, DbOrTx } from '../../db/connect.js';
import { staff, staffInvitations, staffRecoveryCodes } from '../../db/schema.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { newObjectId } from '../../lib/ids.js';
import { hashPassword, upgradedHash, verifyPassword } from '../../lib/password.js';
import type { Limiter, Take } from '../../lib/rate-limit.js';
import { secretBox, type SecretBox } from '../../lib/secret-box.js';
import { hashOpaqueToken, newOpaqueToken } from '../users/opaque-token.js';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from '../users/password-policy.js';
import { recordAudit, type StaffActor } from './audit.js';
import {
  acceptedTotpStep,
  newRecoveryCodes,
  newTotpSecret,
  recoveryCodeHash,
  totpEnrolment,
} from './second-factor.js';
import { revokeStaffSessions, startStaffSession, type ClientInfo } from './sessions.js';

/** How long a setup link works (ASVS 5.0 6.4.1: an activation secret expires). */
export const INVITATION_LIFETIME_MS = 48 * 3600 * 1000;

/** What the staff module keeps secret with the server's key. */
export interface StaffSecrets {
  /** Seals TOTP secrets at rest. */
  box: SecretBox;
  /** Keys the recovery codes' hashes. */
  serverSecret: string;
}

/** The staff module's secrets, from the server's JWT_SECRET (each under its own label). */
export function staffSecrets(serverSecret: string): StaffSecrets {
  return { box: secretBox(serverSecret, 'staff-totp'), serverSecret };
}

type StaffRow = typeof staff.$inferSelect;

export const toMember = (row: StaffRow): StaffMember => ({
  id: row.id,
  email: row.email,
  fullName: row.fullName,
  role: row.role as StaffRole,
  disabled: row.disabledAt !== null,
  createdAt: row.createdAt.toISOString(),
});

const byEmail = (email: string) => sql`lower(${staff.email}) = ${email.toLowerCase()}`;

// ── Sign-in ─────────────────────────────────────────────────────────────────

const BAD_SIGN_IN = 'Email, password or code is not right';

/** Verified against when the email is unknown, so both cases cost one derivation. */
let decoyHash: Promise<string> | undefined;

export interface StaffLoginInput {
  email: string;
  password: string;
  code?: string;
  recoveryCode?: string;
}

/**
 * POST /api/staff/login: password and second factor in one step, so a wrong answer never says
 * which part was wrong. Two failure windows per email, each slot handed back on success: wrong
 * passwords count against the buyers' wide one (100 an hour), so nobody without the password can
 * lock a member out with a few guesses; once the password is right, the narrow one (10 an hour)
 * bounds guesses of the second factor. A disabled member cannot sign in. Answers the new
 * session's token (the route sets the cookie).
 */
export async function staffLogin(
  db: Db,
  secrets: StaffSecrets,
  input: StaffLoginInput,
  context: {
    now: Date;
    /** Wrong passwords per email. */
    passwordFailures: Limiter;
    /** Wrong second factors per email, once the password is right. */
    secondFactorFailures: Limiter;
    client: ClientInfo;
  },
): Promise<{ token: string; member: StaffRow }> {
  const passwordSlot = takeOrRefuse(await context.passwordFailures.take(`staff:${input.email}`));
  const [member] = await db.select().from(staff).where(byEmail(input.email));
  const passwordMatches = await verifyPassword(
    input.password,
    member?.passwordHash ?? (await (decoyHash ??= hashPassword(newOpaqueToken()))),
  );
  const who: StaffActor = {
    staffId: member?.id ?? null,
    actor: member?.email ?? input.email,
    ...context.client,
  };
  const secondFactorSlot =
    member && passwordMatches
      ? takeOrRefuse(await context.secondFactorFailures.take(`staff:${input.email}`))
      : undefined;
  if (passwordMatches) passwordSlot.release();
  const secondFactor =
    member && passwordMatches && !member.disabledAt
      ? await useSecondFactor(db, secrets, member, input, context.now)
      : undefined;
  if (!member || !secondFactor) {
    await recordAudit(db, who, {
      action: 'staff.login_failed',
      targetType: 'staff',
      targetId: member?.id,
      after: {
        reason:
          !member || !passwordMatches
            ? 'credentials'
            : member.disabledAt
              ? 'disabled'
              : 'second_factor',
      },
    });
    throw new AppError('unauthorized', 'invalid_credentials', BAD_SIGN_IN);
  }
  secondFactorSlot!.release();
  // Derived before the transaction, so the connection is not held through it.
  const passwordHash = await upgradedHash(input.password, member.passwordHash);
  const token = await db.transaction(async (tx) => {
    if (passwordHash)
      await tx
        .update(staff)
        .set({ passwordHash })
        .where(and(eq(staff.id, member.id), eq(staff.passwordHash, member.passwordHash)));
    const started = await startStaffSession(tx, member.id, context.now, context.client);
    await recordAudit(tx, who, {
      action: 'staff.login',
      targetType: 'staff',
      targetId: member.id,
      after: { secondFactor },
    });
    return started;
  });
  return { token, member };
}

/** The slot taken, or a 429 saying when to try again. */
function takeOrRefuse(slot: Take): { release(): void } {
  if (slot.ok) return slot;
  throw new AppError(
    'rate_limited',
    'too_many_failed_logins',
    `Too many failed sign-ins for this account. Try again in ${Math.ceil(slot.retryAfterSeconds / 60)} minutes.`,
    { 'retry-after': String(slot.retryAfterSeconds) },
  );
}

/**
 * A member's TOTP seed. Sealed under JWT_SECRET: if that changed since, no seed opens and every
 * staff sign-in fails, so the log says why rather than a bare decryption error.
 */
function openTotpSecret(secrets: StaffSecrets, sealed: string): string {
  try {
    return secrets.box.open(sealed);
  } catch (error) {
    throw new Error(
      'A staff second-factor secret cannot be opened: JWT_SECRET is not the one it was sealed with. Restore the old JWT_SECRET, or re-invite the staff (npm run store -- staff:invite).',
      { cause: error },
    );
  }
}

/**
 * Spends the second factor the member gave, once: a TOTP code of a later time step than the
 * last accepted (one guarded UPDATE, so of two concurrent sign-ins with one code only one
 * wins), or an unused recovery code. Answers which it was, or undefined.
 */
async function useSecondFactor(
  db: Db,
  secrets: StaffSecrets,
  member: StaffRow,
  input: StaffLoginInput,
  now: Date,
): Promise<'totp' | 'recovery_code' | undefined> {
  if (input.code !== undefined) {
    const step = acceptedTotpStep(
      openTotpSecret(secrets, member.totpSecretSealed),
      input.code,
      now,
      member.totpLastStep,
    );
    if (step === undefined) return undefined;
    const spent = await db
      .update(staff)
      .set({ totpLastStep: step })
      .where(
        and(
          eq(staff.id, member.id),
          sql`(${staff.totpLastStep} IS NULL OR ${staff.totpLastStep} < ${step})`,
        ),
      )
      .returning({ id: staff.id });
    return spent.length > 0 ? 'totp' : undefined;
  }
  if (input.recoveryCode === undefined) return undefined;
  const spent = await db
    .update(staffRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(staffRecoveryCodes.staffId, member.id),
        eq(staffRecoveryCodes.codeHash, recoveryCodeHash(secrets.serverSecret, input.recoveryCode)),
        isNull(staffRecoveryCodes.usedAt),
      ),
    )
    .returning({ staffId: staffRecoveryCodes.staffId });
  return spent.length > 0 ? 'recovery_code' : undefined;
}

export async function memberById(db: Db, id: string): Promise<StaffMember | undefined> {
  const [row] = await db.select().from(staff).where(eq(staff.id, id));
  return row && toMember(row);
}

export async function recoveryCodesLeft(db: Db, staffId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(staffRecoveryCodes)
    .where(and(eq(staffRecoveryCodes.staffId, staffId), isNull(staffRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}

// ── Invitations and setup ───────────────────────────────────────────────────

type InvitationRow = typeof staffInvitations.$inferSelect;

function toInvitation(row: InvitationRow, invitedBy: string): StaffInvitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role as StaffRole,
    invitedBy,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/**
 * Invites `body.email` as `body.role`: answers the one-time setup link, which only its
 * inviter sees. A member with that email already exists → 409; an earlier invitation of the
 * same email still open is revoked (its link stops working).
 */
export async function inviteStaff(
  db: Db,
  who: StaffActor,
  body: StaffInviteBody,
  context: { now: Date; publicUrl: string },
): Promise<StaffInviteResponse> {
  const token = newOpaqueToken();
  const row = await db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: staff.id }).from(staff).where(byEmail(body.email));
    if (existing) throw conflict('staff_exists', 'A staff member with this email already exists');
    await tx
      .update(staffInvitations)
      .set({ revokedAt: context.now })
      .where(openInvitation(sql`lower(${staffInvitations.email}) = ${body.email}`, context.now));
    const [invitation] = await tx
      .insert(staffInvitations)
      .values({
        id: newObjectId(),
        email: body.email,
        role: body.role,
        tokenHash: hashOpaqueToken(token),
        invitedBy: who.staffId,
        createdAt: context.now,
        expiresAt: new Date(context.now.getTime() + INVITATION_LIFETIME_MS),
      })
      .returning();
    await recordAudit(tx, who, {
      action: 'staff.invite',
      targetType: 'invitation',
      targetId: invitation!.id,
      after: { email: body.email, role: body.role },
    });
    return invitation!;
  });
  return {
    invitation: toInvitation(row, who.actor),
    // In the fragment: browsers never send it, so no server or proxy log holds the token.
    setupUrl: `${context.publicUrl}/admin/setup#${token}`,
  };
}

const openInvitation = (condition: ReturnType<typeof sql>, now: Date) =>
  and(
    condition,
    isNull(staffInvitations.acceptedAt),
    isNull(staffInvitations.revokedAt),
    gt(staffInvitations.expiresAt, now),
  );

const invitationInvalid = () =>
  notFound(
    'invitation_invalid',
    'This setup link has expired or was already used. Ask an owner for a new invitation.',
  );

/**
 * The setup page opened: who is being set up, and the TOTP secret to enrol, made on first
 * opening and kept with the invitation (sealed), so a reload shows the same QR code.
 */
export async function startSetup(
  db: Db,
  secrets: StaffSecrets,
  token: string,
  now: Date,
): Promise<StaffSetupStartResponse> {
  const [invitation] = await db
    .select()
    .from(staffInvitations)
    .where(openInvitation(eq(staffInvitations.tokenHash, hashOpaqueToken(token)), now));
  if (!invitation) throw invitationInvalid();
  let secret: string;
  if (invitation.pendingTotpSealed) secret = openTotpSecret(secrets, invitation.pendingTotpSealed);
  else {
    secret = newTotpSecret();
    const [kept] = await db
      .update(staffInvitations)
      .set({ pendingTotpSealed: secrets.box.seal(secret) })
      .where(
        and(eq(staffInvitations.id, invitation.id), isNull(staffInvitations.pendingTotpSealed)),
      )
      .returning({ id: staffInvitations.id });
    // Opened twice at once: the other opening's secret is the one kept.
    if (!kept) return startSetup(db, secrets, token, now);
  }
  return {
    email: invitation.email,
    role: invitation.role as StaffRole,
    totpSecret: secret,
    ...(await totpEnrolment(secret, invitation.email)),
  };
}

/**
 * Setup completed: the password (the sign-up rules and the common-password list) and a code
 * from the enrolled app prove the member holds both factors. In one transaction the member
 * is created, the invitation spent, ten recovery codes stored (hashed; shown this once) and a
 * session started.
 */
export async function completeSetup(
  db: Db,
  secrets: StaffSecrets,
  body: StaffSetupCompleteBody,
  context: { now: Date; client: ClientInfo },
): Promise<{ token: string; response: Omit<StaffSetupCompleteResponse, 'recoveryCodesLeft'> }> {
  if (isCommonPassword(body.password))
    throw new AppError(
      'invalid_data',
      'password_too_common',
      COMMON_PASSWORD_MESSAGE,
      {},
      {
        password: COMMON_PASSWORD_MESSAGE,
      },
    );
  const passwordHash = await hashPassword(body.password);
  return db.transaction(async (tx) => {
    const [invitation] = await tx
      .select()
      .from(staffInvitations)
      .where(
        openInvitation(eq(staffInvitations.tokenHash, hashOpaqueToken(body.token)), context.now),
      )
      .for('update');
    if (!invitation?.pendingTotpSealed) throw invitationInvalid();
    const step = acceptedTotpStep(
      openTotpSecret(secrets, invitation.pendingTotpSealed),
      body.code,
      context.now,
      null,
    );
    if (step === undefined)
      throw new AppError(
        'invalid_data',
        'totp_code_wrong',
        'That code does not match. Check the time on your phone and enter the newest code.',
        {},
        { code: 'That code does not match' },
      );
    const [taken] = await tx.select({ id: staff.id }).from(staff).where(byEmail(invitation.email));
    if (taken) throw conflict('staff_exists', 'A staff member with this email already exists');
    const [member] = await tx
      .insert(staff)
      .values({
        id: newObjectId(),
        email: invitation.email,
        fullName: body.fullName,
        role: invitation.role,
        passwordHash,
        totpSecretSealed: invitation.pendingTotpSealed,
        totpLastStep: step,
        createdAt: context.now,
        updatedAt: context.now,
      })
      // Two invitations of one email completed at once: the second finds the first's row here.
      .onConflictDoNothing()
      .returning();
    if (!member) throw conflict('staff_exists', 'A staff member with this email already exists');
    const recoveryCodes = newRecoveryCodes();
    await tx.insert(staffRecoveryCodes).values(
      recoveryCodes.map((code) => ({
        staffId: member.id,
        codeHash: recoveryCodeHash(secrets.serverSecret, code),
      })),
    );
    await tx
      .update(staffInvitations)
      .set({ acceptedAt: context.now, pendingTotpSealed: null })
      .where(eq(staffInvitations.id, invitation.id));
    const who: StaffActor = { staffId: member.id, actor: member.email, ...context.client };
    await recordAudit(tx, who, {
      action: 'staff.setup',
      targetType: 'staff',
      targetId: member.id,
      after: { email: member.email, role: member.role, invitation: invitation.id },
    });
    const token = await startStaffSession(tx, member.id, context.now, context.client);
    return { token, response: { staff: toMember(member), recoveryCodes } };
  });
}

// ── Members ─────────────────────────────────────────────────────────────────

/** Every member, and the invitations still open, for the owner's staff page. */
export async function listStaff(
  db: Db,
  now: Date,
): Promise<{ staff: StaffMember[]; invitations: StaffInvitation[] }> {
  const members = await db.select().from(staff).orderBy(asc(staff.createdAt), asc(staff.id));
  const inviters = new Map(members.map((m) => [m.id, m.email]));
  const invitations = await db
    .select()
    .from(staffInvitations)
    .where(openInvitation(sql`true`, now))
    .orderBy(asc(staffInvitations.createdAt));
  return {
    staff: members.map(toMember),
    invitations: invitations.map((row) =>
      toInvitation(row, row.invitedBy ? (inviters.get(row.invitedBy) ?? 'unknown') : 'operator'),
    ),
  };
}

export async function revokeInvitation(
  db: Db,
  who: StaffActor,
  id: string,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(staffInvitations)
      .set({ revokedAt: now })
      .where(openInvitation(eq(staffInvitations.id, id), now))
      .returning();
    if (!revoked) throw notFound('invitation_not_found', 'No open invitation with this id');
    await recordAudit(tx, who, {
      action: 'staff.invitation_revoke',
      targetType: 'invitation',
      targetId: id,
      before: { email: revoked.email, role: revoked.role },
    });
  });
}

/**
 * An owner changes a member's role or disables (enables) them. A change of role or a disable
 * ends the member's sessions, so what they may do changes at once. The store never loses its
 * last active owner: demoting or disabling them is refused.
 */
export async function updateStaff(
  db: Db,
  who: StaffActor,
  id: string,
  body: StaffUpdateBody,
  now: Date,
): Promise<StaffMember> {
  return db.transaction(async (tx) => {
    // Owners are locked in id order, so two concurrent changes count the same owners.
    const owners = await tx
      .select({ id: staff.id })
      .from(staff)
      .where(and(eq(staff.role, 'owner'), isNull(staff.disabledAt)))
      .orderBy(asc(staff.id))
      .for('update');
    const [before] = await tx.select().from(staff).where(eq(staff.id, id)).for('update');
    if (!before) throw notFound('staff_not_found', 'No staff member with this id');
    const role = body.role ?? (before.role as StaffRole);
    const disabled = body.disabled ?? before.disabledAt !== null;
    const stillOwner = role === 'owner' && !disabled;
    if (owners.length === 1 && owners[0]!.id === id && !stillOwner)
      throw conflict(
        'last_owner',
        'The store needs an active owner: make someone else owner first',
      );
    const [after] = await tx
      .update(staff)
      .set({
        role,
        disabledAt: disabled ? (before.disabledAt ?? now) : null,
        updatedAt: now,
      })
      .where(eq(staff.id, id))
      .returning();
    if (role !== before.role || (disabled && !before.disabledAt))
      await revokeStaffSessions(tx, id, now);
    // Who may no longer invite leaves no setup link working behind them.
    const revokedInvitations = stillOwner
      ? []
      : await tx
          .update(staffInvitations)
          .set({ revokedAt: now })
          .where(openInvitation(eq(staffInvitations.invitedBy, id), now))
          .returning({ id: staffInvitations.id });
    await recordAudit(tx, who, {
      action: 'staff.update',
      targetType: 'staff',
      targetId: id,
      before: { role: before.role, disabled: before.disabledAt !== null },
      after: {
        role: after!.role,
        disabled: after!.disabledAt !== null,
        ...(revokedInvitations.length
          ? { invitationsRevoked: revokedInvitations.map((r) => r.id) }
          : {}),
      },
    });
    return toMember(after!);
  });
}

/** Whether the store has an active owner: until it does, the CLI invites as the operator. */
export async function hasActiveOwner(db: DbOrTx): Promise<boolean> {
  const [row] = await db
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.role, 'owner'), isNull(staff.disabledAt)))
    .limit(1);
  return row !== undefined;
}

/** The active members whose role may act where `allowed` may (the owner always), to tell them of work. */
export async function activeMembersAllowed(
  db: DbOrTx,
  allowed: readonly StaffRole[],
): Promise<{ email: string; fullName: string }[]> {
  return db
    .select({ email: staff.email, fullName: staff.fullName })
    .from(staff)
    .where(and(inArray(staff.role, ['owner', ...allowed]), isNull(staff.disabledAt)))
    .orderBy(asc(staff.createdAt), asc(staff.id));
}

/** The active member with this email, for the CLI acting as a named member. */
export async function activeMemberByEmail(
  db: DbOrTx,
  email: string,
): Promise<StaffRow | undefined> {
  const [row] = await db
    .select()
    .from(staff)
    .where(and(byEmail(email), isNull(staff.disabledAt)));
  return row;
}
