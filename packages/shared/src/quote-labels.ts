/**
 * How the screens and messages name a quote and its statuses (issue 22, decision 060), apart from
 * the quotes contract (./quotes.ts): the buyer's quote pages show these before any schema is
 * needed, so they paint without zod (decision 033).
 */

/**
 * Declined is the store's refusal; withdrawn (a request not yet priced) and buyer_declined (a
 * sent price) are the buyer's (decision 073). All three, and accepted, are final.
 */
export const QUOTE_STATUSES = [
  'open',
  'answered',
  'accepted',
  'declined',
  'withdrawn',
  'buyer_declined',
  'expired',
] as const;
type QuoteStatus = (typeof QUOTE_STATUSES)[number];

/** The short reference both sides name a quote by in messages and calls: 'Q-5F3A90C1'. */
export function quoteReference(id: string): string {
  return `Q-${id.slice(-8).toUpperCase()}`;
}

/** What each status is called on the buyer's and the staff's screens. */
export const QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = {
  open: 'Awaiting price',
  answered: 'Priced',
  accepted: 'Accepted',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
  buyer_declined: 'Declined by buyer',
  expired: 'Expired',
};
