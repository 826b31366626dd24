/**
 * The transactional outbox (ARCHITECTURE.md "Email"): an email that must follow a change is
 * written in the same transaction as the change, so it exists exactly when the change
 * committed. The worker (worker.ts) delivers it afterwards, retrying until it is sent, and
 * then drops its bodies (a verification link's token must not outlive the sending in clear).
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connect.js';
import { emailOutbox } from '../../db/schema.js';
import type { EmailContent } from './templates.js';

export type EmailKind =
  | 'email_verification'
  | 'password_reset'
  | 'email_change'
  | 'email_change_notice'
  | 'payment_confirmation'
  | 'order_shipped'
  | 'order_delivered'
  | 'order_cancelled'
  | 'order_refunded'
  | 'credit_note'
  | 'return_update'
  | 'quote_update'
  /** To the quote desk's members: a buyer withdrew a request or declined a price (decision 073). */
  | 'quote_desk_notice';

/** A file the worker attaches when it sends: a tax document's PDF, made from the stored document. */
export interface EmailAttachmentRef {
  taxDocumentId: number;
}

/**
 * How long a message of each kind is worth sending (decision 010): a verification email is
 * useless once its 24-hour link has expired; a payment confirmation is still wanted days later.
 */
export const EMAIL_LIFETIME_HOURS: Readonly<Record<EmailKind, number>> = {
  email_verification: 24,
  /** The reset link lives 30 minutes; the message is always enqueued with that expiry. */
  password_reset: 1,
  /** The email-change link lives 30 minutes too (decision 067); its notice a day. */
  email_change: 1,
  email_change_notice: 24,
  payment_confirmation: 7 * 24,
  order_shipped: 7 * 24,
  order_delivered: 7 * 24,
  order_cancelled: 7 * 24,
  order_refunded: 7 * 24,
  credit_note: 7 * 24,
  return_update: 7 * 24,
  quote_update: 7 * 24,
  quote_desk_notice: 7 * 24,
};

/**
 * Writes the message in the caller's transaction. It is retried until `expiresAt` (default:
 * its kind's lifetime from now), then given up on.
 */
export async function enqueueEmail(
  tx: DbOrTx,
  email: {
    kind: EmailKind;
    to: string;
    content: EmailContent;
    expiresAt?: Date;
    /** The order it is about, listed on the order desk. */
    orderId?: string;
    /** Rendered and attached by the worker when it sends (decision 056). */
    attachments?: EmailAttachmentRef[];
  },
): Promise<void> {
  await tx.insert(emailOutbox).values({
    kind: email.kind,
    orderId: email.orderId,
    toAddress: email.to,
    subject: email.content.subject,
    textBody: email.content.text,
    htmlBody: email.content.html,
    attachments: email.attachments?.length ? email.attachments : null,
    expiresAt:
      email.expiresAt ?? sql`now() + make_interval(hours => ${EMAIL_LIFETIME_HOURS[email.kind]})`,
  });
}
