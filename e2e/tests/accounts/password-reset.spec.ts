/**
 * Password reset journey (issue 22, decision 058): a buyer who forgot the password asks for a
 * link on the login tab, opens it from the email, chooses a new password, and signs in with
 * it; the session that was open before ends, and the link does not work twice.
 */
import { href } from '@storefront/shared/routes';
import { expect, test } from '../../fixtures';

const GSTIN = '27AAPFU0939F1ZV';
const OLD_PASSWORD = 'Verma#Trade2026';
const NEW_PASSWORD = 'Monsoon&Mango-77';

test('reset a forgotten password and sign in', async ({ page, navigate, outbox }) => {
  const email = `reset.${Date.now()}@example.com`;
  // A verified account with an open session, made through the API.
  const signup = await page.request.post('/api/user/signup', {
    data: {
      company_name: 'Verma Traders',
      business_type: 'Retailer',
      business_street: '12 MG Road',
      business_city: 'Pune',
      business_state: 'Maharashtra',
      business_country: 'India',
      full_name: 'Asha Verma',
      phone_number: '9876543210',
      email,
      gst_number: GSTIN,
      password: OLD_PASSWORD,
    },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  await expect.poll(() => outbox.latestTo(email)).toContain('/verify-email/');
  const verifyToken = /\/verify-email\/([A-Za-z0-9_-]+)/.exec(outbox.latestTo(email)!)![1]!;
  expect((await page.request.get(`/api/user/verify-email/${verifyToken}`)).status()).toBe(200);
  const before = await page.request.post('/api/user/login', {
    data: { email, password: OLD_PASSWORD },
  });
  expect(before.status()).toBe(200);
  const oldSession = (await before.json()) as { refresh_token: string };

  await navigate(href.auth());
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  const forgot = page.getByRole('form', { name: 'Reset your password' });
  await forgot.getByLabel('Email').fill(email);
  await forgot.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText(
    'If an account with this email exists, a link to choose a new password is on its way.',
  );

  await expect.poll(() => outbox.latestTo(email)).toContain('/reset-password/');
  const mail = outbox.latestTo(email)!;
  expect(mail).toContain('expires in 30 minutes');
  const link = /https?:\/\/[^\s"<>]+\/reset-password\/[A-Za-z0-9_-]+/.exec(mail)![0];
  const resetPath = new URL(link).pathname;
  await navigate(resetPath);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('weak');
  await page.getByLabel('Confirm new password').fill('weak');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('heading', { name: 'Password changed' })).toBeVisible();

  // The session opened before the reset has ended.
  const refreshed = await page.request.post('/api/refresh', {
    headers: { 'refresh-token': oldSession.refresh_token },
  });
  expect(refreshed.status()).toBe(401);

  await page.getByRole('link', { name: 'Proceed to Login' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  const login = page.getByRole('form', { name: 'Login' });
  await login.getByLabel('Email').fill(email);
  await login.getByLabel('Password').fill(OLD_PASSWORD);
  await login.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Login failed', { exact: true })).toBeVisible();
  await login.getByLabel('Password').fill(NEW_PASSWORD);
  await login.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Welcome back!', { exact: true })).toBeVisible();
  await expect(page.getByText('Hello, Asha Verma')).toBeVisible();

  // The link worked once.
  await navigate(resetPath);
  await page.getByLabel('New password', { exact: true }).fill('Another&Pass-99');
  await page.getByLabel('Confirm new password').fill('Another&Pass-99');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert')).toContainText('already been used');
});
