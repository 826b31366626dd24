import { describe, expect, it } from 'vitest';
import {
  ChangePasswordBody,
  ChangePasswordForm,
  LoginBody,
  PERSON_NAME_MESSAGES,
  PersonName,
  RegisterForm,
  signupBodyFromRegisterForm,
  SignupBody,
} from './accounts.js';
import { verificationTokenFromPath } from './routes.js';

const form = {
  name: 'Ravi Kulkarni',
  companyName: 'Kaveri Traders',
  city: 'Pune',
  gstNumber: '27aapfu0939f1zv',
  email: 'Ravi@Example.in',
  phone: '9822012345',
  password: 'Ledger&Lantern-42',
  confirmPassword: 'Ledger&Lantern-42',
};

/** The first message on each field, as a form shows it. */
function messages(result: {
  error?: { issues: { path: PropertyKey[]; message: string }[] } | undefined;
}) {
  const fields: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) fields[issue.path.join('.')] ??= issue.message;
  return fields;
}

describe('RegisterForm (spec §5)', () => {
  it('accepts a complete form, upper-casing the GSTIN and lower-casing the email', () => {
    const parsed = RegisterForm.parse(form);
    expect(parsed.gstNumber).toBe('27AAPFU0939F1ZV');
    expect(parsed.email).toBe('ravi@example.in');
  });

  it('shows every required-field message of the spec', () => {
    const result = RegisterForm.safeParse({
      name: '',
      companyName: '',
      city: '',
      gstNumber: '',
      email: 'x',
      phone: '123',
      password: 'short',
      confirmPassword: 'other',
    });
    expect(messages(result)).toEqual({
      name: 'Name is required',
      companyName: 'Company name is required',
      city: 'City is required',
      gstNumber: 'Valid GST number is required',
      email: 'Valid email address is required',
      phone: 'Phone number must be at least 10 digits',
      password: 'Password must be at least 8 characters',
      confirmPassword: "Passwords don't match",
    });
  });

  it('says "Passwords don\'t match" on confirmPassword', () => {
    const result = RegisterForm.safeParse({ ...form, confirmPassword: 'Ledger&Lantern-43' });
    expect(messages(result)).toEqual({ confirmPassword: "Passwords don't match" });
  });

  it('caps the GST number at 15 characters with the spec message', () => {
    const result = RegisterForm.safeParse({ ...form, gstNumber: '27AAPFU0939F1ZVV' });
    expect(messages(result)).toEqual({ gstNumber: 'GST number must be 15 characters' });
  });
});

describe('LoginBody (spec §5)', () => {
  it('has the login messages', () => {
    expect(messages(LoginBody.safeParse({ email: 'nope', password: '' }))).toEqual({
      email: 'Valid email is required',
      password: 'Password is required',
    });
  });
});

describe("PersonName (the form's name and the payload's full_name)", () => {
  it.each([
    ['a Latin name', 'Ravi Kulkarni'],
    ['initials with dots', 'A.K. Sharma'],
    ['an apostrophe and a hyphen', "Mary-Jane D'Souza"],
    ['a typographic apostrophe', 'Seán O’Brien'],
    ['Devanagari with its vowel signs and virama', 'रवि कुलकर्णी'],
    ['Tamil', 'முத்துலட்சுமி'],
    ['Bengali', 'সৌমিত্র চট্টোপাধ্যায়'],
    ['Malayalam with a zero-width joiner inside a word', 'അവന്\u200dറെ'],
    ['decomposed accents', 'Jose\u0301 Nun\u0303ez'],
    ['one letter (the spec asks at least 1)', 'X'],
    ['surrounding spaces, trimmed', '  Ravi  '],
    ['100 characters', 'A'.repeat(100)],
  ])('accepts %s', (_case, name) => {
    expect(PersonName.parse(name)).toBe(name.trim());
  });

  it.each([
    ['nothing', '', 'required'],
    ['only spaces', '   ', 'required'],
    ['101 characters', 'A'.repeat(101), 'max'],
    ['a newline', 'Ravi\nKulkarni', 'characters'],
    ['a carriage return and a header', 'Ravi\r\nBcc: x@example.in', 'characters'],
    ['a tab', 'Ravi\tKulkarni', 'characters'],
    ['a NUL', 'Ravi\u0000', 'characters'],
    ['a right-to-left override', 'Ravi\u202eKulkarni', 'characters'],
    ['a URL', 'https://evil.example/x', 'characters'],
    ['an email address', 'ravi@evil.example', 'characters'],
    ['markup', 'Ravi <b>K</b>', 'characters'],
    ['digits only', '9822012345', 'characters'],
    ['a digit', 'Ravi 2', 'characters'],
    ['a joiner at a word’s end', 'Ravi\u200d', 'characters'],
    ['punctuation without a letter', ".'-", 'letter'],
    ['a bare domain', 'Win a prize at evil.example', 'link'],
    ['www and a domain', 'www.evil.in', 'link'],
    ['a domain in another script', 'उदाहरण.भारत', 'link'],
    ['initials run into the surname', 'A.K.Sharma', 'link'],
  ] as const)('refuses %s', (_case, name, problem) => {
    const result = PersonName.safeParse(name);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      PERSON_NAME_MESSAGES[problem],
    ]);
  });

  it('is the rule of the register form and of the signup payload alike', () => {
    expect(messages(RegisterForm.safeParse({ ...form, name: 'shop.example' }))).toEqual({
      name: PERSON_NAME_MESSAGES.link,
    });
    const body = signupBodyFromRegisterForm(RegisterForm.parse(form));
    expect(messages(SignupBody.safeParse({ ...body, full_name: 'Ravi\nK' }))).toEqual({
      full_name: PERSON_NAME_MESSAGES.characters,
    });
  });
});

describe('signupBodyFromRegisterForm', () => {
  it("sends 'Manufacturer' and the placeholder 'string' for what the form lacks (spec §9)", () => {
    const body = SignupBody.parse(signupBodyFromRegisterForm(RegisterForm.parse(form)));
    expect(body).toEqual({
      full_name: 'Ravi Kulkarni',
      company_name: 'Kaveri Traders',
      business_type: 'Manufacturer',
      business_street: 'string',
      business_city: 'Pune',
      business_state: 'string',
      business_country: 'string',
      phone_number: '9822012345',
      email: 'ravi@example.in',
      gst_number: '27AAPFU0939F1ZV',
      password: 'Ledger&Lantern-42',
    });
  });

  it('carries the optional address, state and pincode when given', () => {
    const body = signupBodyFromRegisterForm(
      RegisterForm.parse({
        ...form,
        address: '12 MG Road',
        state: 'Maharashtra',
        pincode: '411001',
      }),
    );
    expect(body).toMatchObject({
      business_street: '12 MG Road',
      business_state: 'Maharashtra',
      pincode: '411001',
    });
  });
});

describe('SignupBody', () => {
  it('treats an empty or blank street, state, country and business type as missing', () => {
    const body = SignupBody.parse({
      ...signupBodyFromRegisterForm(RegisterForm.parse(form)),
      business_type: ' ',
      business_street: '',
      business_state: '  ',
      business_country: '\t',
    });
    expect(body).toMatchObject({
      business_type: 'Manufacturer',
      business_street: 'string',
      business_state: 'string',
      business_country: 'string',
    });
  });
});

describe('ChangePasswordBody', () => {
  it('asks for the current password and judges the new one by the registration rules', () => {
    expect(
      messages(ChangePasswordBody.safeParse({ current_password: '', new_password: 'lowercase1!' })),
    ).toEqual({
      current_password: 'Current password is required',
      new_password: 'Password must contain at least one uppercase letter',
    });
  });

  it('refuses a new password equal to the current one', () => {
    const same = { current_password: 'Ledger&Lantern-42', new_password: 'Ledger&Lantern-42' };
    expect(messages(ChangePasswordBody.safeParse(same))).toEqual({
      new_password: 'New password must be different from the current password',
    });
  });
});

describe('ChangePasswordForm', () => {
  it('asks for a matching confirmation', () => {
    const form = {
      current_password: 'Ledger&Lantern-42',
      new_password: 'Monsoon^Kettle-77',
      confirm_password: 'Monsoon^Kettle-78',
    };
    expect(messages(ChangePasswordForm.safeParse(form))).toEqual({
      confirm_password: "Passwords don't match",
    });
    expect(
      ChangePasswordForm.safeParse({ ...form, confirm_password: form.new_password }).success,
    ).toBe(true);
  });
});

describe('verificationTokenFromPath (spec §4)', () => {
  it("drops a 'token=' prefix", () => {
    expect(verificationTokenFromPath('token=abc')).toBe('abc');
    expect(verificationTokenFromPath('abc')).toBe('abc');
  });
});
