import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { INDIAN_STATES } from '@storefront/shared/gst';
import { SessionProvider } from '../../../app/session-provider';
import { Toaster } from '../../../components/ui/toaster';
import { loginResponse, userProfile } from '../../../test/accounts';
import { fakeApi } from '../../../test/fake-api';
import { renderRoute } from '../../../test/render';
import { AuthPage } from './auth-page';

/** The page in the session, with the toasts outside the routes as in the app. */
function renderAuth(path = '/auth') {
  render(<Toaster />);
  return renderRoute(
    <SessionProvider>
      <AuthPage />
    </SessionProvider>,
    { path, route: '/auth' },
  );
}

const GSTIN = '27AAPFU0939F1ZV';

async function fillRegisterForm(user: ReturnType<typeof userEvent.setup>) {
  const form = screen.getByRole('form', { name: 'Register' });
  const field = (label: string) => within(form).getByLabelText(label, { exact: true });
  await user.type(field('Full Name'), 'Asha Verma');
  await user.type(field('Company Name'), 'Verma Traders');
  await user.type(field('Email'), 'Asha@Example.com');
  await user.type(field('Phone Number'), '9876543210');
  await user.type(field('GST Number'), GSTIN.toLowerCase());
  await user.type(field('City'), 'Pune');
  await user.type(field('Password'), 'Verma#Trade2026');
  await user.type(field('Confirm Password'), 'Verma#Trade2026');
  return form;
}

beforeEach(() => localStorage.clear());

describe('the login tab', () => {
  it("shows the spec's login messages", async () => {
    const user = userEvent.setup();
    const requests = fakeApi(() => undefined);
    renderAuth();
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Valid email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it('stores the session, toasts and returns to the product page with its choices', async () => {
    const user = userEvent.setup();
    const requests = fakeApi((request) =>
      request.path === '/api/user/login' ? { body: loginResponse() } : undefined,
    );
    const returnUrl = '/products/abc?qty=30&source=Ex-india+custom&opt.Colour=Red';
    const { router } = renderAuth(`/auth?returnUrl=${encodeURIComponent(returnUrl)}`);
    await user.type(screen.getByLabelText('Email'), ' Asha@Example.com ');
    await user.type(screen.getByLabelText('Password'), 'Buyer@2026');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(returnUrl),
    );
    expect(screen.getByText('Login successful')).toBeInTheDocument();
    expect(screen.getByText('Welcome back!')).toBeInTheDocument();
    expect(localStorage.getItem('access_token')).toBe('access-1');
    expect(localStorage.getItem('refresh_token')).toBe('refresh-1');
    expect(requests).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/api/user/login',
        body: { email: 'asha@example.com', password: 'Buyer@2026' },
      }),
    ]);
  });

  it('goes home after login without a returnUrl, and never to another site', async () => {
    const user = userEvent.setup();
    fakeApi(() => ({ body: loginResponse() }));
    const { router } = renderAuth('/auth?returnUrl=%2F%2Fevil.example%2Fphish');
    await user.type(screen.getByLabelText('Email'), 'asha@example.com');
    await user.type(screen.getByLabelText('Password'), 'Buyer@2026');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it("toasts 'Login failed' with the server's detail and does not try a refresh", async () => {
    const user = userEvent.setup();
    const requests = fakeApi(() => ({
      status: 401,
      body: { detail: 'Invalid email or password', code: 'invalid_credentials' },
    }));
    renderAuth();
    await user.type(screen.getByLabelText('Email'), 'asha@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    const title = await screen.findByText('Login failed');
    expect(title.closest('[data-variant]')).toHaveAttribute('data-variant', 'destructive');
    expect(screen.getByText('Invalid email or password')).toBeInTheDocument();
    expect(requests.map((r) => r.path)).toEqual(['/api/user/login']);
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Resend verification email' })).toBeNull();
  });

  it.each([
    ['no detail in the answer', () => ({ status: 500, body: { error: 'boom' } })],
    ['a network failure', () => 'network-error' as const],
  ])("toasts 'Login failed' / 'Login failed' on %s", async (_case, reply) => {
    const user = userEvent.setup();
    fakeApi(reply);
    renderAuth();
    await user.type(screen.getByLabelText('Email'), 'asha@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    const texts = await screen.findAllByText('Login failed');
    expect(texts).toHaveLength(2);
    expect(texts[0]!.closest('[data-variant]')).toHaveAttribute('data-variant', 'destructive');
  });

  it('offers to resend the verification email when the email is not verified', async () => {
    const user = userEvent.setup();
    const requests = fakeApi((request) =>
      request.path === '/api/user/login'
        ? {
            status: 403,
            body: { detail: 'Please verify your email address.', code: 'email_not_verified' },
          }
        : { status: 202, body: { msg: 'A new verification link is on its way.' } },
    );
    renderAuth();
    await user.type(screen.getByLabelText('Email'), 'asha@example.com');
    await user.type(screen.getByLabelText('Password'), 'Buyer@2026');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await user.click(await screen.findByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByText('A new verification link is on its way.')).toBeInTheDocument();
    expect(requests.map((r) => [r.method, r.path, r.body])).toEqual([
      ['POST', '/api/user/login', { email: 'asha@example.com', password: 'Buyer@2026' }],
      ['POST', '/api/user/resend-verification', { email: 'asha@example.com' }],
    ]);
  });

  it("'Forgot password?' sends the email and shows the server's one answer", async () => {
    const user = userEvent.setup();
    const requests = fakeApi(() => ({
      status: 202,
      body: { msg: 'If an account with this email exists, a link is on its way.' },
    }));
    renderAuth();
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    const form = screen.getByRole('form', { name: 'Reset your password' });
    await user.click(within(form).getByRole('button', { name: 'Send reset link' }));
    expect(await within(form).findByText('Valid email address is required')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
    await user.type(within(form).getByLabelText('Email'), 'Asha@Example.com');
    await user.click(within(form).getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'If an account with this email exists, a link is on its way.',
    );
    expect(requests.map((r) => [r.method, r.path, r.body])).toEqual([
      ['POST', '/api/user/forgot-password', { email: 'asha@example.com' }],
    ]);
    await user.click(screen.getByRole('button', { name: 'Back to login' }));
    expect(screen.getByRole('form', { name: 'Login' })).toBeInTheDocument();
  });
});

describe('the register tab', () => {
  it('shows every register message of spec §5, each once', async () => {
    const user = userEvent.setup();
    const requests = fakeApi(() => undefined);
    renderAuth();
    await user.click(screen.getByRole('tab', { name: 'Register' }));
    await user.click(screen.getByRole('button', { name: 'Create Business Account' }));
    for (const message of [
      'Name is required',
      'Company name is required',
      'City is required',
      'Valid GST number is required',
      'Valid email address is required',
      'Phone number must be at least 10 digits',
      'Password must be at least 8 characters',
    ]) {
      expect(await screen.findAllByText(message)).toHaveLength(1);
    }
    const password = screen.getByLabelText('Password', { exact: true });
    for (const [typed, message] of [
      ['trade#2026', 'Password must contain at least one uppercase letter'],
      ['TRADE#2026', 'Password must contain at least one lowercase letter'],
      ['Trade#Mark', 'Password must contain at least one number'],
      ['Trade2026x', 'Password must contain at least one special character'],
    ] as const) {
      await user.clear(password);
      await user.type(password, typed);
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(requests).toEqual([]);
  });

  it("caps the GST number at 15 characters and says when the passwords don't match", async () => {
    const user = userEvent.setup();
    fakeApi(() => undefined);
    renderAuth();
    await user.click(screen.getByRole('tab', { name: 'Register' }));
    const form = await fillRegisterForm(user);
    const gst = within(form).getByLabelText('GST Number');
    await user.type(gst, 'EXTRA');
    expect(gst).toHaveValue(GSTIN.toLowerCase());
    const confirm = within(form).getByLabelText('Confirm Password');
    await user.type(confirm, 'x');
    await user.click(screen.getByRole('button', { name: 'Create Business Account' }));
    expect(await screen.findByText("Passwords don't match")).toBeInTheDocument();
    expect(confirm).toHaveAttribute('aria-invalid', 'true');
  });

  it.each([
    ['a domain', 'Win a prize at shop.example', 'Name must not contain a web address'],
    [
      'digits',
      '9822012345',
      'Name can contain only letters, spaces, dots, apostrophes and hyphens',
    ],
    ['101 letters', 'A'.repeat(101), 'Name must be at most 100 characters'],
  ])(
    'puts the name rule under Full Name for %s and sends nothing',
    async (_case, name, message) => {
      const user = userEvent.setup();
      const requests = fakeApi(() => undefined);
      renderAuth();
      await user.click(screen.getByRole('tab', { name: 'Register' }));
      const form = await fillRegisterForm(user);
      const field = within(form).getByLabelText('Full Name');
      await user.clear(field);
      await user.type(field, name);
      await user.click(screen.getByRole('button', { name: 'Create Business Account' }));
      await waitFor(() => expect(field).toHaveAccessibleDescription(message));
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(requests).toEqual([]);
    },
  );

  it('accepts a name in Devanagari and sends it as full_name', async () => {
    const user = userEvent.setup();
    const requests = fakeApi(() => ({ status: 201, body: { msg: 'Registration successful.' } }));
    renderAuth();
    await user.click(screen.getByRole('tab', { name: 'Register' }));
    const form = await fillRegisterForm(user);
    const field = within(form).getByLabelText('Full Name');
    await user.clear(field);
    await user.type(field, 'आशा वर्मा');
    await user.click(screen.getByRole('button', { name: 'Create Business Account' }));
    expect(await screen.findByText('Registration successful')).toBeInTheDocument();
    expect(requests[0]).toMatchObject({ body: { full_name: 'आशा वर्मा' } });
  });

  it('sends the signup payload, toasts and switches to the login tab with the email', async () => {
    const user = userEvent.setup();
    const requests = fakeApi(() => ({ status: 201, body: { msg: 'Registration successful.' } }));
    renderAuth();
    await user.click(screen.getByRole('tab', { name: 'Register' }));
    await fillRegisterForm(user);
    await user.click(screen.getByRole('button', { name: 'Create Business Account' }));

    expect(await screen.findByText('Registration successful')).toBeInTheDocument();
    expect(screen.getByText('Please verify your email to continue')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Email')).toHaveValue('asha@example.com');
    expect(requests).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/api/user/signup',
        body: {
          full_name: 'Asha Verma',
          company_name: 'Verma Traders',
          business_type: 'Manufacturer',
          business_street: 'string',
          business_city: 'Pune',
          business_state: 'string',
          business_country: 'string',
          phone_number: '9876543210',
          email: 'asha@example.com',
          gst_number: GSTIN,
          password: 'Verma#Trade2026',
        },
      }),
    ]);
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it('asks the business state from the Indian states and union territories, and sends its name', async () => {
    const user = userEvent.setup();
    const requests = fakeApi(() => ({ status: 201, body: { msg: 'Registration successful.' } }));
    renderAuth();
    await user.click(screen.getByRole('tab', { name: 'Register' }));
    const form = await fillRegisterForm(user);
    const state = within(form).getByLabelText('State (optional)');
    expect(state.tagName).toBe('SELECT');
    expect(state).toHaveValue('');
    expect(within(state).getAllByRole('option')).toHaveLength(INDIAN_STATES.length + 1);
    await user.selectOptions(state, 'Maharashtra (27)');
    await user.click(screen.getByRole('button', { name: 'Create Business Account' }));
    expect(await screen.findByText('Registration successful')).toBeInTheDocument();
    expect(requests[0]).toMatchObject({ body: { business_state: 'Maharashtra' } });
  });

  it("toasts 'Registration failed' with the detail and puts field messages under their fields", async () => {
    const user = userEvent.setup();
    fakeApi(() => ({
      status: 400,
      body: {
        detail: 'Invalid input',
        code: 'invalid_data',
        fields: { password: 'This password is too common' },
      },
    }));
    renderAuth();
    await user.click(screen.getByRole('tab', { name: 'Register' }));
    await fillRegisterForm(user);
    await user.click(screen.getByRole('button', { name: 'Create Business Account' }));
    expect(await screen.findByText('Registration failed')).toBeInTheDocument();
    expect(screen.getByText('Invalid input')).toBeInTheDocument();
    expect(screen.getByText('This password is too common')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true');
  });

  it("toasts 'Registration failed' with the default description when the server sends no detail", async () => {
    const user = userEvent.setup();
    fakeApi(() => ({ status: 500, body: { error: 'boom' } }));
    renderAuth();
    await user.click(screen.getByRole('tab', { name: 'Register' }));
    await fillRegisterForm(user);
    await user.click(screen.getByRole('button', { name: 'Create Business Account' }));
    expect(await screen.findByText('Registration failed')).toBeInTheDocument();
    expect(
      screen.getByText('An error occurred during registration. Please try again.'),
    ).toBeInTheDocument();
  });
});

describe('the auth page', () => {
  it('says so after a forced logout', () => {
    fakeApi(() => undefined);
    renderAuth('/auth?sessionExpired=true');
    expect(screen.getByRole('status')).toHaveTextContent('Your session has expired.');
  });

  it('sends a signed-in user on to the returnUrl', async () => {
    localStorage.setItem('access_token', 'access-1');
    localStorage.setItem('refresh_token', 'refresh-1');
    const requests = fakeApi((request) =>
      request.path === '/api/user/me' ? { body: userProfile() } : undefined,
    );
    const { router } = renderAuth('/auth?returnUrl=%2Fcart');
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
    expect(requests[0]?.headers.get('authorization')).toBe('Bearer access-1');
  });
});
