/**
 * Accounts journey (issue 4): register with every validation message of spec §5 shown once,
 * fix them, verify through the link the server wrote to its outbox, log in, see the greeting
 * and the profile, log out.
 */
import { href } from '@storefront/shared/routes';
import { expect, test, type Page } from '../../fixtures';

/** A GSTIN whose format, state code and check digit hold. */
const GSTIN = '27AAPFU0939F1ZV';

async function expectOnce(page: Page, messages: readonly string[]) {
  for (const message of messages) {
    await expect(page.getByText(message, { exact: true })).toHaveCount(1);
  }
}

test('a buyer registers, verifies the email, logs in, sees the profile and logs out', async ({
  page,
  navigate,
  outbox,
}) => {
  const email = `asha.${Date.now()}@example.com`;
  await navigate(href.auth());
  await page.getByRole('tab', { name: 'Register' }).click();
  const form = page.getByRole('form', { name: 'Register' });
  const submit = form.getByRole('button', { name: 'Create Business Account' });

  await submit.click();
  await expectOnce(page, [
    'Name is required',
    'Company name is required',
    'City is required',
    'Valid GST number is required',
    'Valid email address is required',
    'Phone number must be at least 10 digits',
    'Password must be at least 8 characters',
  ]);

  // The GST input takes 15 characters at most; a wrong check digit is caught before sending.
  const gst = form.getByLabel('GST Number');
  await gst.fill(`${GSTIN}EXTRA`);
  await expect(gst).toHaveValue(GSTIN);
  await gst.fill('27AAPFU0939F1ZA');
  await expectOnce(page, ['GST number check digit does not match']);
  await gst.fill(GSTIN);

  await form.getByLabel('Full Name').fill('Asha Verma');
  await form.getByLabel('Company Name').fill('Verma Traders');
  await form.getByLabel('City').fill('Pune');
  await form.getByLabel('Email').fill('asha.example.com');
  await expectOnce(page, ['Valid email address is required']);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Phone Number').fill('98765');
  await expectOnce(page, ['Phone number must be at least 10 digits']);
  await form.getByLabel('Phone Number').fill('9876543210');

  const password = form.getByLabel('Password', { exact: true });
  for (const [attempt, message] of [
    ['trade#2026', 'Password must contain at least one uppercase letter'],
    ['TRADE#2026', 'Password must contain at least one lowercase letter'],
    ['Trade#Mark', 'Password must contain at least one number'],
    ['Trade2026x', 'Password must contain at least one special character'],
  ] as const) {
    await password.fill(attempt);
    await expectOnce(page, [message]);
  }
  await password.fill('Verma#Trade2026');
  await form.getByLabel('Confirm Password').fill('Verma#Trade2025');
  await submit.click();
  await expectOnce(page, ["Passwords don't match"]);
  await form.getByLabel('Confirm Password').fill('Verma#Trade2026');
  await submit.click();

  await expect(page.getByText('Registration successful', { exact: true })).toBeVisible();
  await expect(
    page.getByText('Please verify your email to continue', { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
  const login = page.getByRole('form', { name: 'Login' });
  await expect(login.getByLabel('Email')).toHaveValue(email);

  // Not verified yet: the login is refused with a way to resend the email.
  await login.getByLabel('Password').fill('Verma#Trade2026');
  await login.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Login failed', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resend verification email' })).toBeVisible();

  await expect.poll(() => outbox.latestTo(email)).toBeTruthy();
  const link = /https?:\/\/[^\s"<>]+\/verify-email\/[A-Za-z0-9_-]+/.exec(outbox.latestTo(email)!);
  expect(link).not.toBeNull();
  await navigate(new URL(link![0]).pathname);
  await expect(page.getByRole('heading', { name: 'Verification Successful' })).toBeVisible();
  await page.getByRole('link', { name: 'Proceed to Login' }).click();
  await expect(page).toHaveURL(/\/auth$/);

  const again = page.getByRole('form', { name: 'Login' });
  await again.getByLabel('Email').fill(email);
  await again.getByLabel('Password').fill('Verma#Trade2026');
  await again.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Welcome back!', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Hello, Asha Verma')).toBeVisible();

  await page.getByRole('button', { name: /Account & Lists/ }).click();
  await page.getByRole('menuitem', { name: 'Your Account' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'Asha Verma' })).toBeVisible();
  for (const value of [email, '9876543210', 'Verma Traders', 'Pune', GSTIN]) {
    await expect(page.getByRole('definition').filter({ hasText: value })).toBeVisible();
  }
  await page.getByRole('tab', { name: 'Recent Orders' }).click();
  await expect(page.getByText('No orders yet', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start Shopping' })).toBeVisible();

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(
    page.getByText('You have been successfully logged out', { exact: true }),
  ).toBeVisible();
  await expect(page.getByText('Please login to view your profile', { exact: true })).toBeVisible();
  await expect(page.getByText('Hello, Sign in')).toBeVisible();
  expect(
    await page.evaluate(() => [localStorage.access_token, localStorage.refresh_token]),
  ).toEqual([undefined, undefined]);
});

test('a signed-in buyer visiting /auth goes to the returnUrl', async ({
  page,
  navigate,
  login,
}) => {
  const session = await login();
  await navigate(href.auth({ returnUrl: '/faq' }));
  await expect(page).toHaveURL(/\/faq$/);
  await expect(page.getByText(`Hello, ${session.user.full_name}`)).toBeVisible();
});
