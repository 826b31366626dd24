/**
 * Email bodies: every message has a plain-text part and an HTML part; links are absolute,
 * built on PUBLIC_URL, and point at the SPA's routes (spec §2), never at the API.
 */
import { PersonName } from '@storefront/shared/accounts';
import { href } from '@storefront/shared/routes';
import { escapeHtml } from '../../lib/html.js';

export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

export const VERIFICATION_SUBJECT = 'Verify your email address for your B2B Storefront account';

/**
 * The greeting names the requester only if the name passes the sign-up rule: it goes to
 * whatever address the sign-up named, so a name stored before the rule (a link, a line of its
 * own) must not ride along in a resent email.
 */
const greeting = (fullName: string) =>
  PersonName.safeParse(fullName).success ? `Hello ${fullName},` : 'Hello,';

export function verificationEmail(input: {
  publicUrl: string;
  fullName: string;
  token: string;
  validHours: number;
}): EmailContent {
  const link = `${input.publicUrl}${href.verifyEmail(input.token)}`;
  const hello = greeting(input.fullName);
  const text = [
    hello,
    '',
    'Thank you for registering your business account. Please confirm your email address by',
    'opening this link:',
    '',
    link,
    '',
    `The link works once and expires in ${input.validHours} hours. If it has expired, request a`,
    'new one from the login page.',
    '',
    'If you did not create this account, you can ignore this email.',
  ].join('\n');
  const html = `<!doctype html>
<html lang="en">
<body style="font-family: Arial, sans-serif; color: #1f2937; line-height: 1.5">
<p>${escapeHtml(hello)}</p>
<p>Thank you for registering your business account. Please confirm your email address:</p>
<p><a href="${escapeHtml(link)}" style="display: inline-block; padding: 10px 18px; background: #2563eb; color: #ffffff; text-decoration: none; border-radius: 6px">Verify email address</a></p>
<p>Or copy this link into your browser:<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
<p>The link works once and expires in ${input.validHours} hours. If it has expired, request a new one from the login page.</p>
<p style="color: #6b7280">If you did not create this account, you can ignore this email.</p>
</body>
</html>
`;
  return { subject: VERIFICATION_SUBJECT, text, html };
}

export const PASSWORD_RESET_SUBJECT = 'Reset the password of your B2B Storefront account';

/** The "Forgot password?" email (decision 058): a single-use link valid `validMinutes`. */
export function passwordResetEmail(input: {
  publicUrl: string;
  fullName: string;
  token: string;
  validMinutes: number;
}): EmailContent {
  const link = `${input.publicUrl}${href.resetPassword(input.token)}`;
  const hello = greeting(input.fullName);
  const text = [
    hello,
    '',
    'Someone asked to reset the password of your business account. To choose a new password,',
    'open this link:',
    '',
    link,
    '',
    `The link works once and expires in ${input.validMinutes} minutes. Setting a new password`,
    'signs you out everywhere.',
    '',
    'If you did not ask for this, you can ignore this email: your password stays as it is.',
  ].join('\n');
  const html = `<!doctype html>
<html lang="en">
<body style="font-family: Arial, sans-serif; color: #1f2937; line-height: 1.5">
<p>${escapeHtml(hello)}</p>
<p>Someone asked to reset the password of your business account. To choose a new password:</p>
<p><a href="${escapeHtml(link)}" style="display: inline-block; padding: 10px 18px; background: #2563eb; color: #ffffff; text-decoration: none; border-radius: 6px">Choose a new password</a></p>
<p>Or copy this link into your browser:<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
<p>The link works once and expires in ${input.validMinutes} minutes. Setting a new password signs you out everywhere.</p>
<p style="color: #6b7280">If you did not ask for this, you can ignore this email: your password stays as it is.</p>
</body>
</html>
`;
  return { subject: PASSWORD_RESET_SUBJECT, text, html };
}

/** The link's button and the lines around it, as the account emails write them. */
function linkMessage(input: {
  hello: string;
  intro: string;
  link: string;
  button: string;
  after: string;
  footer: string;
}): { text: string; html: string } {
  const text = [
    input.hello,
    '',
    input.intro,
    '',
    input.link,
    '',
    input.after,
    '',
    input.footer,
  ].join('\n');
  const html = `<!doctype html>
<html lang="en">
<body style="font-family: Arial, sans-serif; color: #1f2937; line-height: 1.5">
<p>${escapeHtml(input.hello)}</p>
<p>${escapeHtml(input.intro)}</p>
<p><a href="${escapeHtml(input.link)}" style="display: inline-block; padding: 10px 18px; background: #2563eb; color: #ffffff; text-decoration: none; border-radius: 6px">${escapeHtml(input.button)}</a></p>
<p>Or copy this link into your browser:<br><a href="${escapeHtml(input.link)}">${escapeHtml(input.link)}</a></p>
<p>${escapeHtml(input.after)}</p>
<p style="color: #6b7280">${escapeHtml(input.footer)}</p>
</body>
</html>
`;
  return { text, html };
}

/** A message of a few paragraphs and no link. */
function plainMessage(paragraphs: string[]): { text: string; html: string } {
  const text = paragraphs.join('\n\n');
  const html = `<!doctype html>
<html lang="en">
<body style="font-family: Arial, sans-serif; color: #1f2937; line-height: 1.5">
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
</body>
</html>
`;
  return { text, html };
}

export const EMAIL_CHANGE_SUBJECT = 'Confirm the new email of your B2B Storefront account';

/** To the new address (decision 067): the single-use link that moves the account there. */
export function emailChangeEmail(input: {
  publicUrl: string;
  fullName: string;
  token: string;
  validMinutes: number;
}): EmailContent {
  const link = `${input.publicUrl}${href.changeEmail(input.token)}`;
  return {
    subject: EMAIL_CHANGE_SUBJECT,
    ...linkMessage({
      hello: greeting(input.fullName),
      intro:
        'You asked to use this address for your business account. To confirm it, open this link:',
      link,
      button: 'Use this email address',
      after: `The link works once and expires in ${input.validMinutes} minutes. Until you open it, your account keeps its current email.`,
      footer: 'If you did not ask for this, you can ignore this email: nothing changes.',
    }),
  };
}

export const EMAIL_CHANGE_NOTICE_SUBJECT = 'A new email was asked for your B2B Storefront account';

/** To the current address (decision 067): a change was asked for, and how to stop it. */
export function emailChangeNoticeEmail(input: {
  publicUrl: string;
  fullName: string;
  newEmail: string;
  validMinutes: number;
}): EmailContent {
  return {
    subject: EMAIL_CHANGE_NOTICE_SUBJECT,
    ...plainMessage([
      greeting(input.fullName),
      `Someone signed in to your business account asked to change its email to ${input.newEmail}. It changes only if the link we sent to that address is opened within ${input.validMinutes} minutes.`,
      `If this was not you, change your password now (${input.publicUrl}${href.profile()}) or reset it from the login page: that cancels the change and signs out every other session.`,
    ]),
  };
}

/** To a new address that already has an account: nothing was sent or changed (no enumeration). */
export function emailChangeTakenEmail(input: {
  publicUrl: string;
  fullName: string;
}): EmailContent {
  return {
    subject: EMAIL_CHANGE_SUBJECT,
    ...plainMessage([
      'Hello,',
      'Someone asked to move another business account to this email address. This address already has an account with us, so nothing was changed.',
      `If it was you: log in with this address (${input.publicUrl}${href.auth()}), or reset its password from the login page if you forgot it.`,
    ]),
  };
}

/**
 * An email about one of the buyer's orders: the greeting, one paragraph per line, and a button
 * to the order's page (status updates, credit notes).
 */
export function linkEmail(input: {
  publicUrl: string;
  fullName: string;
  /** The page the button opens, and the button's and the text link's words. */
  path: string;
  button: string;
  textLabel: string;
  subject: string;
  lines: readonly string[];
}): EmailContent {
  const link = `${input.publicUrl}${input.path}`;
  const hello = greeting(input.fullName);
  const { lines } = input;
  const text = [
    hello,
    '',
    ...lines.flatMap((line) => [line, '']),
    `${input.textLabel}: ${link}`,
  ].join('\n');
  const html = `<!doctype html>
<html lang="en">
<body style="font-family: Arial, sans-serif; color: #1f2937; line-height: 1.5">
<p>${escapeHtml(hello)}</p>
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#2563eb;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(input.button)}</a></p>
</body>
</html>
`;
  return { subject: input.subject, text, html };
}

export function orderEmail(input: {
  publicUrl: string;
  fullName: string;
  orderId: string;
  subject: string;
  lines: readonly string[];
}): EmailContent {
  return linkEmail({
    ...input,
    path: href.orderDetail(input.orderId),
    button: 'View your order',
    textLabel: 'Your order',
  });
}

/**
 * Who reads a quote's email, and where its button opens the quote: the buyer, in the account
 * area's "My Quotes" (decision 060); a member of the quote desk, in the console (decision 073).
 */
const QUOTE_READERS = {
  buyer: { path: href.quote, button: 'View your quote', textLabel: 'Your quote' },
  desk: {
    // The console's page of this quote (apps/web/src/admin/paths.ts, consoleHref.quote).
    path: (quoteId: string) => `/admin/quotes/${encodeURIComponent(quoteId)}`,
    button: 'Open the quote in the console',
    textLabel: 'The quote',
  },
} as const;

/** An email about a quote, with a button to it where its reader sees it. */
export function quoteEmail(input: {
  reader: keyof typeof QUOTE_READERS;
  publicUrl: string;
  fullName: string;
  quoteId: string;
  subject: string;
  lines: readonly string[];
}): EmailContent {
  const { path, button, textLabel } = QUOTE_READERS[input.reader];
  return linkEmail({ ...input, path: path(input.quoteId), button, textLabel });
}
