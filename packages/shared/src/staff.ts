import { z } from 'zod';
import {
  emailField,
  NewPassword,
  PASSWORD_MAX,
  PASSWORD_MESSAGES,
  PersonName,
} from './accounts.js';
import { Instant } from './order-desk.js';

/**
 * The staff contract (issue 19): the seller's people, their roles, their sign-in with a second
 * factor, their invitations, and the audit log of what they did. The console and the server
 * validate with these; the server alone decides what a role may do.
 */

/**
 * What each role is for: the owner may do everything, staff management included; fulfilment
 * moves orders (ship, deliver, cancel); finance handles payments and refunds; catalog edits the
 * catalog.
 */
export const STAFF_ROLES = ['owner', 'fulfilment', 'finance', 'catalog'] as const;
export const StaffRole = z.enum(STAFF_ROLES);
export type StaffRole = z.infer<typeof StaffRole>;

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  owner: 'Owner',
  fulfilment: 'Fulfilment',
  finance: 'Finance',
  catalog: 'Catalog',
};

/**
 * Who may see buyers' personal data — the order desk and the buyers desk (the owner always
 * may): fulfilment to ship and call, finance to invoice and refund. Catalog staff work on
 * products and need none of it.
 */
export const BUYER_DATA_ROLES: readonly StaffRole[] = ['fulfilment', 'finance'];

/** Whether a member with `role` may act where `allowed` roles may (the owner always may). */
export function roleAllows(role: StaffRole, allowed: readonly StaffRole[]): boolean {
  return role === 'owner' || allowed.includes(role);
}

/** A TOTP code as an authenticator app shows it: six digits (spaces tolerated). */
export const TotpCode = z
  .string()
  .transform((code) => code.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'));

/** A recovery code as printed at enrolment: letters and digits, dashes and case ignored. */
export const RecoveryCode = z
  .string()
  .transform((code) => code.replace(/[\s-]+/g, '').toUpperCase())
  .pipe(z.string().regex(/^[A-Z2-7]{12}$/, 'Enter a recovery code as it was printed'));

export const StaffLoginBody = z
  .object({
    email: emailField('Valid email is required'),
    password: z.string().min(1, 'Password is required').max(PASSWORD_MAX, PASSWORD_MESSAGES.max),
    /** The authenticator's code, or else one of the recovery codes. */
    code: TotpCode.optional(),
    recoveryCode: RecoveryCode.optional(),
  })
  .strict()
  .refine((body) => (body.code === undefined) !== (body.recoveryCode === undefined), {
    message: 'Enter the code from your authenticator app, or a recovery code',
    path: ['code'],
  });
export type StaffLoginBody = z.input<typeof StaffLoginBody>;

export const StaffMember = z.object({
  id: z.string(),
  email: z.string(),
  fullName: z.string(),
  role: StaffRole,
  disabled: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type StaffMember = z.infer<typeof StaffMember>;

/** Who is signed in, and until when the session lasts if left idle or not. */
export const StaffSessionResponse = z.object({
  staff: StaffMember,
  /** How many recovery codes are left unused. */
  recoveryCodesLeft: z.number().int(),
});
export type StaffSessionResponse = z.infer<typeof StaffSessionResponse>;

export const StaffInviteBody = z
  .object({ email: emailField('Valid email address is required'), role: StaffRole })
  .strict();
export type StaffInviteBody = z.infer<typeof StaffInviteBody>;

export const StaffInvitation = z.object({
  id: z.string(),
  email: z.string(),
  role: StaffRole,
  invitedBy: z.string(),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
});
export type StaffInvitation = z.infer<typeof StaffInvitation>;

/** An invitation made: the one-time setup link is shown once, to the one who invited. */
export const StaffInviteResponse = z.object({
  invitation: StaffInvitation,
  setupUrl: z.string(),
});
export type StaffInviteResponse = z.infer<typeof StaffInviteResponse>;

/** The setup token travels in the link's fragment (never in a URL a server logs). */
const SetupToken = z.string().min(20).max(100);

export const StaffSetupStartBody = z.object({ token: SetupToken }).strict();

/** What the setup page shows: who is being set up, and the second factor to enrol. */
export const StaffSetupStartResponse = z.object({
  email: z.string(),
  role: StaffRole,
  /** The TOTP secret (base32), for typing into an app that cannot scan. */
  totpSecret: z.string(),
  otpauthUri: z.string(),
  /** The otpauth URI as a QR code, an SVG data URL. */
  qrCode: z.string(),
});
export type StaffSetupStartResponse = z.infer<typeof StaffSetupStartResponse>;

export const StaffSetupCompleteBody = z
  .object({ token: SetupToken, fullName: PersonName, password: NewPassword, code: TotpCode })
  .strict();
export type StaffSetupCompleteBody = z.input<typeof StaffSetupCompleteBody>;

/** Setup done: the member is signed in, and sees the recovery codes this once. */
export const StaffSetupCompleteResponse = StaffSessionResponse.extend({
  recoveryCodes: z.array(z.string()),
});
export type StaffSetupCompleteResponse = z.infer<typeof StaffSetupCompleteResponse>;

export const StaffListResponse = z.object({
  staff: z.array(StaffMember),
  invitations: z.array(StaffInvitation),
});

export const StaffIdParams = z.object({ id: z.string().regex(/^[0-9a-f]{24}$/, 'Unknown id') });

export const StaffUpdateBody = z
  .object({ role: StaffRole.optional(), disabled: z.boolean().optional() })
  .strict()
  .refine((body) => body.role !== undefined || body.disabled !== undefined, {
    message: 'Give a role or disabled',
  });
export type StaffUpdateBody = z.infer<typeof StaffUpdateBody>;

// ── Audit log ───────────────────────────────────────────────────────────────

export const AuditEntry = z.object({
  id: z.number().int(),
  at: z.iso.datetime(),
  /** The member's email, or `operator` for the machine's operator before any staff exists. */
  actor: z.string(),
  staffId: z.string().nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AUDIT_PAGE_MAX = 100;

export const AuditQuery = z
  .object({
    actor: z.string().max(254).optional(),
    action: z.string().max(64).optional(),
    targetType: z.string().max(32).optional(),
    targetId: z.string().max(64).optional(),
    from: Instant.optional(),
    to: Instant.optional(),
    /** The id below which to continue (the last page's smallest id): newest first. */
    before: z.coerce.number().int().positive().optional(),
    limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(50),
  })
  .strict();
export type AuditQuery = z.infer<typeof AuditQuery>;

export const AuditListResponse = z.object({
  entries: z.array(AuditEntry),
  /** Pass as `before` for the next page; null on the last. */
  next: z.number().int().nullable(),
});
