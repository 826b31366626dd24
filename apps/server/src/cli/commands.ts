/**
 * The machine operator's commands (`npm run store -- …`), one definition for both ways they run:
 * through the running server's operator channel (operator-channel.ts) or, with no server
 * running or on PostgreSQL, on the database directly (store.ts). Each acts as a named staff
 * member (`--as EMAIL`), whose role must allow it and who is named in the audit log; before the
 * store has an owner, an invitation may come from the operator alone (how the first owner is
 * made).
 */
import { z } from 'zod';
import { OrderShipBody } from '@storefront/shared/orders';
import { roleAllows, StaffInviteBody, type StaffRole } from '@storefront/shared/staff';
import type { Db } from '../db/connect.js';
import { AppError } from '../lib/errors.js';
import { deliverOrder, shipOrder } from '../modules/orders/service.js';
import type { StaffActor } from '../modules/staff/audit.js';
import { activeMemberByEmail, hasActiveOwner, inviteStaff } from '../modules/staff/service.js';

export const USAGE = `usage:
  npm run store -- staff:invite <email> --role owner|fulfilment|finance|catalog [--as <email>]
  npm run store -- order:ship <mkpOrderId> --carrier <name> --tracking <number> [--tracking-url <https://…>] --as <email>
  npm run store -- order:deliver <mkpOrderId> --as <email>`;

const As = z.string().trim().toLowerCase().max(254).optional();

export const Command = z.discriminatedUnion('name', [
  z.object({ name: z.literal('staff:invite'), invite: StaffInviteBody, as: As }).strict(),
  z
    .object({
      name: z.literal('order:ship'),
      mkpOrderId: z.string().min(1).max(64),
      shipment: OrderShipBody,
      as: As,
    })
    .strict(),
  z
    .object({ name: z.literal('order:deliver'), mkpOrderId: z.string().min(1).max(64), as: As })
    .strict(),
]);
export type Command = z.infer<typeof Command>;

/** A command refused for a reason the operator can act on (exit code 1). */
export class Refused extends Error {}

/** A usage error (exit code 2). */
export class UsageError extends Error {}

/** The command of a `store` command line. */
export function parseCommand(args: {
  positionals: string[];
  values: Record<string, unknown>;
}): Command {
  const { positionals, values } = args;
  const [name, subject, ...extra] = positionals;
  if (!subject || extra.length) throw new UsageError('Give one command and what it acts on.');
  const raw =
    name === 'staff:invite'
      ? { name, invite: { email: subject, role: values.role ?? '' }, as: values.as }
      : name === 'order:ship'
        ? {
            name,
            mkpOrderId: subject,
            shipment: {
              carrier: values.carrier ?? '',
              trackingNumber: values.tracking ?? '',
              trackingUrl: values['tracking-url'],
            },
            as: values.as,
          }
        : name === 'order:deliver'
          ? { name, mkpOrderId: subject, as: values.as }
          : undefined;
  if (!raw) throw new UsageError(`Unknown command ${name ?? '(none)'}.`);
  const allowed: Record<string, string[]> = {
    'staff:invite': ['role', 'as'],
    'order:ship': ['carrier', 'tracking', 'tracking-url', 'as'],
    'order:deliver': ['as'],
  };
  const stray = Object.keys(values).filter((option) => !allowed[name!]!.includes(option));
  if (stray.length) throw new UsageError(`${name} takes no --${stray.join(', --')}.`);
  const parsed = Command.safeParse(raw);
  if (!parsed.success) throw new UsageError(parsed.error.issues.map((i) => i.message).join('; '));
  return parsed.data;
}

const OPERATOR: StaffActor = { staffId: null, actor: 'operator', ip: null, userAgent: 'store CLI' };

/** Who the command acts as: `--as`, of a role that may run it; or the operator, where allowed. */
async function actorFor(db: Db, command: Command, roles: StaffRole[]): Promise<StaffActor> {
  if (!command.as) {
    // The first owner only: every later member is invited by an owner.
    if (
      command.name === 'staff:invite' &&
      command.invite.role === 'owner' &&
      !(await hasActiveOwner(db))
    )
      return OPERATOR;
    throw new Refused('Name the staff member you act as: --as <email>.');
  }
  const member = await activeMemberByEmail(db, command.as);
  if (!member) throw new Refused(`No active staff member ${command.as}.`);
  if (!roleAllows(member.role as StaffRole, roles))
    throw new Refused(`${member.email} is ${member.role}; this needs ${roles.join(' or ')}.`);
  return { staffId: member.id, actor: member.email, ip: null, userAgent: 'store CLI' };
}

/** Runs `command`; answers what to print. Refusals are `Refused` with the reason. */
export async function runCommand(
  db: Db,
  command: Command,
  context: { now: Date; publicUrl: string },
): Promise<string> {
  try {
    switch (command.name) {
      case 'staff:invite': {
        const actor = await actorFor(db, command, ['owner']);
        const { invitation, setupUrl } = await inviteStaff(db, actor, command.invite, context);
        return `Invited ${invitation.email} as ${invitation.role}. Their one-time setup link (until ${invitation.expiresAt}):\n${setupUrl}`;
      }
      case 'order:ship': {
        const actor = await actorFor(db, command, ['fulfilment']);
        const result = await shipOrder(
          db,
          actor,
          command.mkpOrderId,
          command.shipment,
          context.publicUrl,
        );
        return `Order ${result.mkpOrderId} is now ${result.pStatus} (carrier ${command.shipment.carrier}, tracking ${command.shipment.trackingNumber}).`;
      }
      case 'order:deliver': {
        const actor = await actorFor(db, command, ['fulfilment']);
        const result = await deliverOrder(db, actor, command.mkpOrderId, context.publicUrl);
        return `Order ${result.mkpOrderId} is now ${result.pStatus}.`;
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw new Refused(error.detail);
    throw error;
  }
}
