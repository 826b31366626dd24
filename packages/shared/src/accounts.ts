import { z } from 'zod';
import {
  DEFAULT_BUSINESS_TYPE,
  GST_LENGTH,
  PASSWORD_MIN,
  PHONE_MIN,
  SIGNUP_PLACEHOLDER,
} from './constants.js';
import { findIndianState, gstinStateMessage, gstinStateMismatch } from './gst.js';
import { GSTIN_PROBLEM_MESSAGES, gstinProblem, normaliseGstin } from './gstin.js';
import { STATE_CHOICE_MESSAGE } from './store-settings.js';

/**
 * The accounts contract (spec §3 user, signup payload, login response; §5 login and register
 * rules; §7 user calls and POST /refresh). The register form and the server validate with the
 * same field rules and the spec's exact messages; the server adds what only it can check
 * (a bundled common-password list, email uniqueness).
 */

/**
 * Long enough for passphrases (ASVS 5.0 6.2.9 asks that at least 64 be allowed) and never
 * truncated (6.2.8): a longer password is refused, not cut.
 */
export const PASSWORD_MAX = 256;
/** Bounds on free-text fields, so a request cannot store megabytes in a profile. */
const TEXT_MAX = 200;
const PHONE_MAX = 20;
const EMAIL_MAX = 254;

export const PASSWORD_MESSAGES = {
  min: `Password must be at least ${PASSWORD_MIN} characters`,
  max: `Password must be at most ${PASSWORD_MAX} characters`,
  uppercase: 'Password must contain at least one uppercase letter',
  lowercase: 'Password must contain at least one lowercase letter',
  number: 'Password must contain at least one number',
  special: 'Password must contain at least one special character',
} as const;

/**
 * The spec's password rules (§5). Letters and digits are matched in any script, so a
 * non-Latin passphrase is judged by the same rules; a "special character" is anything that is
 * neither a letter nor a digit (spaces included).
 */
export const NewPassword = z
  .string()
  .min(PASSWORD_MIN, PASSWORD_MESSAGES.min)
  .max(PASSWORD_MAX, PASSWORD_MESSAGES.max)
  .regex(/\p{Lu}/u, PASSWORD_MESSAGES.uppercase)
  .regex(/\p{Ll}/u, PASSWORD_MESSAGES.lowercase)
  .regex(/\p{Nd}/u, PASSWORD_MESSAGES.number)
  .regex(/[^\p{L}\p{N}]/u, PASSWORD_MESSAGES.special);

/** GSTIN: the spec's length messages, then format, state code and check digit (gstin.ts). */
export const GstNumber = z
  .string()
  .transform(normaliseGstin)
  .pipe(
    z
      .string()
      .min(GST_LENGTH, 'Valid GST number is required')
      .max(GST_LENGTH, 'GST number must be 15 characters')
      .superRefine((value, ctx) => {
        const problem = gstinProblem(value);
        if (problem && problem !== 'length') {
          ctx.addIssue({ code: 'custom', message: GSTIN_PROBLEM_MESSAGES[problem] });
        }
      }),
  );

const required = (message: string) => z.string().trim().min(1, message).max(TEXT_MAX);

export const PERSON_NAME_MAX = 100;
export const PERSON_NAME_MESSAGES = {
  required: 'Name is required',
  max: `Name must be at most ${PERSON_NAME_MAX} characters`,
  characters: 'Name can contain only letters, spaces, dots, apostrophes and hyphens',
  letter: 'Name must contain a letter',
  link: 'Name must not contain a web address',
} as const;

/**
 * Letters and their marks in any script (Devanagari and Tamil vowel signs are marks), spaces,
 * and . ' ’ -; a zero-width joiner or non-joiner only inside a word, where some Indic
 * spellings need it. No digits, no other punctuation, no tab, newline or control character.
 */
// ’ escaped as \u2019: the server's bundle stays ASCII (apps/server/src/build.test.ts).
const NAME_CHARACTERS =
  /^(?:[\p{L}\p{M} .'\u2019-]|(?<=[\p{L}\p{M}])[\u200c\u200d](?=[\p{L}\p{M}]))*$/u;
/** A dot followed by two letters reads as a domain ("shop.example"); initials ("A.K.") do not. */
const DOMAIN_LIKE = /\.[\p{L}\p{M}]{2}/u;

/** What is wrong with a trimmed, non-empty name of allowed length, if anything. */
function personNameProblem(
  name: string,
): Exclude<keyof typeof PERSON_NAME_MESSAGES, 'required' | 'max'> | undefined {
  if (!NAME_CHARACTERS.test(name)) return 'characters';
  if (!/\p{L}/u.test(name)) return 'letter';
  if (DOMAIN_LIKE.test(name)) return 'link';
  return undefined;
}

/**
 * A person's name (the form's name, the payload's full_name; spec §5: 'Name is required'). It
 * is written into the verification email sent to whatever address the sign-up names, so it
 * must not be able to carry a link or a line of its own (issue 17, "Mail relay").
 */
export const PersonName = z
  .string()
  .trim()
  .min(1, PERSON_NAME_MESSAGES.required)
  .max(PERSON_NAME_MAX, PERSON_NAME_MESSAGES.max)
  .superRefine((name, ctx) => {
    // The length messages say enough about an empty or overlong name.
    if (!name || name.length > PERSON_NAME_MAX) return;
    const problem = personNameProblem(name);
    if (problem) ctx.addIssue({ code: 'custom', message: PERSON_NAME_MESSAGES[problem] });
  });

const optionalText = z.string().trim().max(TEXT_MAX).optional();
/** Missing, empty or blank all mean absent: `fallback` is stored instead (spec §3, §9). */
const textOr = (fallback: string) =>
  z
    .string()
    .trim()
    .max(TEXT_MAX)
    .optional()
    .transform((value) => (value ? value : fallback));
const phone = z
  .string()
  .trim()
  .min(PHONE_MIN, 'Phone number must be at least 10 digits')
  .max(PHONE_MAX, `Phone number must be at most ${PHONE_MAX} characters`);
/** Emails are compared case-insensitively and stored trimmed and lowercased. */
/** An email address, trimmed and lower-cased, with `message` for anything else. */
export const emailField = (message: string) =>
  z.string().trim().toLowerCase().pipe(z.email(message).max(EMAIL_MAX, message));
const email = emailField;

// ── Login ───────────────────────────────────────────────────────────────────

export const LoginBody = z
  .object({
    email: email('Valid email is required'),
    password: z.string().min(1, 'Password is required').max(PASSWORD_MAX, PASSWORD_MESSAGES.max),
  })
  .strict();
export type LoginBody = z.infer<typeof LoginBody>;

// ── Register ────────────────────────────────────────────────────────────────

/** The register form of the /auth page (spec §5), field names as the form has them. */
export const RegisterForm = z
  .object({
    name: PersonName,
    companyName: required('Company name is required'),
    city: required('City is required'),
    gstNumber: GstNumber,
    email: email('Valid email address is required'),
    phone,
    state: optionalText,
    pincode: optionalText,
    address: optionalText,
    password: NewPassword,
    confirmPassword: z.string(),
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });
export type RegisterFormInput = z.input<typeof RegisterForm>;
export type RegisterForm = z.output<typeof RegisterForm>;

/**
 * POST /api/user/signup (spec §3 signup payload). A missing business type defaults to
 * 'Manufacturer'; a missing street, state or country is the spec's placeholder 'string'. An
 * empty or blank value counts as missing, so no account stores an empty address part.
 * `pincode` is our addition: the form collects it, so the account keeps it.
 */
export const SignupBody = z
  .object({
    full_name: PersonName,
    company_name: required('Company name is required'),
    business_type: textOr(DEFAULT_BUSINESS_TYPE),
    business_street: textOr(SIGNUP_PLACEHOLDER),
    business_city: required('City is required'),
    business_state: textOr(SIGNUP_PLACEHOLDER),
    business_country: textOr(SIGNUP_PLACEHOLDER),
    phone_number: phone,
    email: email('Valid email address is required'),
    gst_number: GstNumber,
    password: NewPassword,
    pincode: optionalText,
  })
  .strict();
export type SignupBodyInput = z.input<typeof SignupBody>;
export type SignupBody = z.output<typeof SignupBody>;

/** The signup payload the register form sends (spec §3, §9: placeholders for what is missing). */
export function signupBodyFromRegisterForm(form: RegisterForm): SignupBodyInput {
  const orPlaceholder = (value: string | undefined) => (value ? value : SIGNUP_PLACEHOLDER);
  return {
    full_name: form.name,
    company_name: form.companyName,
    business_type: DEFAULT_BUSINESS_TYPE,
    business_street: orPlaceholder(form.address),
    business_city: form.city,
    business_state: orPlaceholder(form.state),
    business_country: SIGNUP_PLACEHOLDER,
    phone_number: form.phone,
    email: form.email,
    gst_number: form.gstNumber,
    password: form.password,
    ...(form.pincode ? { pincode: form.pincode } : {}),
  };
}

// ── Change password ─────────────────────────────────────────────────────────

export const CHANGE_PASSWORD_MESSAGES = {
  currentRequired: 'Current password is required',
  unchanged: 'New password must be different from the current password',
} as const;

/**
 * POST /api/user/change-password (ASVS 5.0 6.2.2–6.2.3): the current password and a new one
 * under the same rules as registration (§5). The server adds the common-password list, checks
 * the current password and ends every other session of the account (G16).
 */
const currentPassword = z
  .string()
  .min(1, CHANGE_PASSWORD_MESSAGES.currentRequired)
  .max(PASSWORD_MAX, PASSWORD_MESSAGES.max);
const newDiffersFromCurrent: [
  (body: { current_password: string; new_password: string }) => boolean,
  { message: string; path: string[] },
] = [
  (body) => body.new_password !== body.current_password,
  { message: CHANGE_PASSWORD_MESSAGES.unchanged, path: ['new_password'] },
];

export const ChangePasswordBody = z
  .object({ current_password: currentPassword, new_password: NewPassword })
  .strict()
  .refine(...newDiffersFromCurrent);
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

/** The change-password form of /profile: the body's rules plus a confirmation (§5 wording). */
export const ChangePasswordForm = z
  .object({
    current_password: currentPassword,
    new_password: NewPassword,
    confirm_password: z.string(),
  })
  .refine(...newDiffersFromCurrent)
  .refine((form) => form.new_password === form.confirm_password, {
    message: "Passwords don't match",
    path: ['confirm_password'],
  });
export type ChangePasswordForm = z.infer<typeof ChangePasswordForm>;

// ── Answers ─────────────────────────────────────────────────────────────────

/** The user of the login response and GET /api/user/me (spec §3). Never a password hash. */
export const UserProfile = z.object({
  email: z.string(),
  full_name: z.string(),
  company_name: z.string(),
  phone_number: z.string(),
  gst_number: z.string(),
  business_street: z.string(),
  business_city: z.string(),
  business_state: z.string(),
  business_type: z.string(),
  business_country: z.string(),
  /**
   * The business address's PIN code as registered ('' when none was given): our addition, so
   * the checkout can prefill the billing address whole (issue 21).
   */
  pincode: z.string(),
  created_at: z.string(),
  role: z.string(),
});
export type UserProfile = z.infer<typeof UserProfile>;

export const LoginResponse = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  user: UserProfile,
});
export type LoginResponse = z.infer<typeof LoginResponse>;

/** POST /api/refresh: the refresh token is rotated, so the client must store the new one. */
export const RefreshResponse = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
});
export type RefreshResponse = z.infer<typeof RefreshResponse>;

/**
 * A changed password: the sessions that existed are ended, this one included, and the caller
 * continues with the new pair (decision 029).
 */
export const ChangePasswordResponse = z.object({
  msg: z.string(),
  access_token: z.string(),
  refresh_token: z.string(),
});
export type ChangePasswordResponse = z.infer<typeof ChangePasswordResponse>;

/** Successful signup, verification, resend and logout answer a message (the spec reads `msg`). */
export const MessageResponse = z.object({ msg: z.string() });
export type MessageResponse = z.infer<typeof MessageResponse>;

export const ResendVerificationBody = z
  .object({ email: email('Valid email address is required') })
  .strict();
export type ResendVerificationBody = z.infer<typeof ResendVerificationBody>;

// ── Password reset (issue 22) ───────────────────────────────────────────────

/** POST /api/user/forgot-password: the same answer whether or not the email has an account. */
export const ForgotPasswordBody = z
  .object({ email: email('Valid email address is required') })
  .strict();
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBody>;

export const RESET_PASSWORD_MESSAGES = {
  tokenRequired: 'The reset link is missing its token. Open the whole link from the email.',
} as const;

/**
 * POST /api/user/reset-password: the token from the emailed link and a new password under the
 * sign-up rules (§5); the server adds the common-password list.
 */
export const ResetPasswordBody = z
  .object({
    token: z.string().trim().min(1, RESET_PASSWORD_MESSAGES.tokenRequired).max(200),
    new_password: NewPassword,
  })
  .strict();
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;

/** The reset-password page's form: the body's password rules plus a confirmation. */
export const ResetPasswordForm = z
  .object({ new_password: NewPassword, confirm_password: z.string() })
  .refine((form) => form.new_password === form.confirm_password, {
    message: "Passwords don't match",
    path: ['confirm_password'],
  });
export type ResetPasswordForm = z.infer<typeof ResetPasswordForm>;

// ── Profile editing (issue 22) ──────────────────────────────────────────────

/** The business address's state: one of the GST list's states, by name or code, stored by name. */
const BusinessState = z
  .string()
  .trim()
  .min(1, STATE_CHOICE_MESSAGE)
  .max(TEXT_MAX)
  .refine((value) => findIndianState(value) !== undefined, { message: STATE_CHOICE_MESSAGE })
  .transform((value) => findIndianState(value)!.name);

const ProfileFields = z.object({
  full_name: PersonName,
  phone_number: phone,
  company_name: required('Company name is required'),
  business_type: required('Business type is required'),
  // Left empty, as at sign-up: the placeholder that means "not known".
  business_street: textOr(SIGNUP_PLACEHOLDER),
  business_city: required('City is required'),
  business_state: BusinessState,
  pincode: z.string().trim().max(TEXT_MAX),
  gst_number: GstNumber,
});

/**
 * PATCH /api/user/me (decisions 058, 067): the contact and company details, each optional (a
 * field left out is kept), under the sign-up rules; a changed GSTIN is checked again (format,
 * state code, check digit), and the state is one of the GST list's. The server adds what needs
 * the stored account: the GSTIN's state must be the business state, as they stand after the
 * change (`gstinStateMismatch`). The email is not here: it changes through a link to the new
 * address (ChangeEmailBody).
 */
export const ProfileUpdateBody = ProfileFields.partial()
  .strict()
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'Nothing to change',
  });
export type ProfileUpdateBodyInput = z.input<typeof ProfileUpdateBody>;
export type ProfileUpdateBody = z.output<typeof ProfileUpdateBody>;

/** The profile form: every field the buyer edits, and the GSTIN's state the business state. */
export const ProfileForm = ProfileFields.omit({ business_type: true }).superRefine((form, ctx) => {
  const registered = gstinStateMismatch(form.gst_number, form.business_state);
  if (registered)
    ctx.addIssue({
      code: 'custom',
      path: ['business_state'],
      message: gstinStateMessage(registered),
    });
});
export type ProfileFormInput = z.input<typeof ProfileForm>;
export type ProfileForm = z.output<typeof ProfileForm>;

// ── Changing the email (issue 22) ───────────────────────────────────────────

export const CHANGE_EMAIL_MESSAGES = {
  newEmail: 'Valid email address is required',
} as const;

/**
 * POST /api/user/change-email (decision 067): the new address and the current password. The
 * server mails a single-use link to the new address and a notice to the current one; the email
 * changes only when the link is used.
 */
export const ChangeEmailBody = z
  .object({ new_email: email(CHANGE_EMAIL_MESSAGES.newEmail), current_password: currentPassword })
  .strict();
export type ChangeEmailBody = z.infer<typeof ChangeEmailBody>;

/** POST /api/user/change-email/confirm: the token of the link mailed to the new address. */
export const ConfirmEmailChangeBody = z
  .object({ token: z.string().trim().min(1, 'The link is missing its token.').max(200) })
  .strict();
export type ConfirmEmailChangeBody = z.infer<typeof ConfirmEmailChangeBody>;
