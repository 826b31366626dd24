/**
 * Email change journey (issue 22, decision 067): a signed-in buyer asks for a new email on the
 * profile, with the current password; a notice goes to the old address and a link to the new
 * one; opening the link and confirming moves the account, and the buyer signs in with the new
 * address (the old one no longer works).
 */
import { href } from '@storefront/shared/routes';
import { expect, test } from '../../fixtures';

const GSTIN = '27AAPFU0939F1ZV';
const PASSWORD = 'Verma#Trade2026';

test('change the email, follow the link, sign in with the new address', async ({
  page,
  navigate,
  outbox,
  login,
}) => {
  const stamp = Date.now();
  const email = `move.${stamp}@example.com`;
  const newEmail = `moved.${stamp}@example.com`;
  const signup = await page.request.post('/api/user/signup', {
    data: {
      company_name: 'Verma Traders',
      business_street: '12 MG Road',
      business_city: 'Pune',
      business_state: 'Maharashtra',
      full_name: 'Asha Verma',
      phone_number: '9876543210',
      email,
      gst_number: GSTIN,
      password: PASSWORD,
    },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  await expect.poll(() => outbox.latestTo(email)).toContain('/verify-email/');
  const verifyToken = /\/verify-email\/([A-Za-z0-9_-]+)/.exec(outbox.latestTo(email)!)![1]!;
  expect((await page.request.get(`/api/user/verify-email/${verifyToken}`)).status()).toBe(200);

  await login({ email, password: PASSWORD });
  await navigate(href.profile());
  await page.getByRole('button', { name: 'Change email' }).click();
  const form = page.getByRole('form', { name: 'Change email' });
  await form.getByLabel('New email').fill(newEmail);
  await form.getByLabel('Current password').fill('Wrong#Guess2026');
  await form.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(form.getByText('Current password is incorrect')).toBeVisible();
  await form.getByLabel('Current password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(page.getByRole('status').filter({ hasText: newEmail })).toContainText(
    'Your email changes when you open it',
  );

  // The old address hears of it; the new one gets the link.
  await expect.poll(() => outbox.latestTo(email)).toContain(newEmail);
  await expect.poll(() => outbox.latestTo(newEmail)).toContain('/change-email/');
  const mail = outbox.latestTo(newEmail)!;
  expect(mail).toContain('expires in 30 minutes');
  const link = /https?:\/\/[^\s"<>]+\/change-email\/[A-Za-z0-9_-]+/.exec(mail)![0];
  await navigate(new URL(link).pathname);
  await expect(page.getByRole('heading', { name: 'Confirm your new email' })).toBeVisible();
  await page.getByRole('button', { name: 'Use this email address' }).click();
  await expect(page.getByRole('heading', { name: 'Email changed' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText(newEmail);

  // Signed out, the old address no longer logs in; the new one does.
  await page.evaluate(() => localStorage.clear());
  await navigate(href.auth());
  const loginForm = page.getByRole('form', { name: 'Login' });
  await loginForm.getByLabel('Email').fill(email);
  await loginForm.getByLabel('Password').fill(PASSWORD);
  await loginForm.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Login failed', { exact: true })).toBeVisible();
  await loginForm.getByLabel('Email').fill(newEmail);
  await loginForm.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Welcome back!', { exact: true })).toBeVisible();
  await navigate(href.profile());
  await expect(page.getByText(`You log in with ${newEmail}.`, { exact: false })).toBeVisible();

  // The link worked once.
  await navigate(new URL(link).pathname);
  await page.getByRole('button', { name: 'Use this email address' }).click();
  await expect(page.getByRole('alert')).toContainText('already been used');
});
