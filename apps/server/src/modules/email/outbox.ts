/**
 * The transactional outbox (ARCHITECTURE.md "Email"): an email that must follow a change is
 * written in the same transaction as the change, so it exists exactly when the change
 * committed. The worker (worker.ts) delivers it afterwards, retrying until it is sent.
 */
import type { Db } from '../../db/connect.js';
import { emailOutbox } from '../../db/schema.js';
import type { EmailContent } from './templates.js';

/** A database handle or an open transaction on it. */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export type EmailKind = 'email_verification' | 'payment_confirmation';

export async function enqueueEmail(
  tx: DbOrTx,
  email: { kind: EmailKind; to: string; content: EmailContent },
): Promise<void> {
  await tx.insert(emailOutbox).values({
    kind: email.kind,
    toAddress: email.to,
    subject: email.content.subject,
    textBody: email.content.text,
    htmlBody: email.content.html,
  });
}
