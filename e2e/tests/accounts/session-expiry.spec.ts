/**
 * Session expiry (spec §4 "Session", issue 4): with both stored tokens made invalid, the next
 * protected call fails, the one refresh fails, and the app ends the session: tokens gone,
 * greeting back to 'Hello, Sign in', browser on /auth?sessionExpired=true with its notice.
 */
import { href } from '@storefront/shared/routes';
import { expect, test } from '../../fixtures';

test('invalid tokens end the session at the next protected call', async ({
  page,
  navigate,
  login,
}) => {
  await login();
  await navigate(href.home());
  await expect(page.getByText(/^Hello, (?!Sign in)/)).toBeVisible();

  await page.evaluate(() => {
    localStorage.setItem('access_token', 'expired.access.token');
    localStorage.setItem('refresh_token', 'revoked-refresh-token');
  });
  const refresh = page.waitForResponse((response) => response.url().endsWith('/api/refresh'));
  await navigate(href.profile());
  expect((await refresh).status()).toBe(401);

  await expect(page).toHaveURL(/\/auth\?sessionExpired=true$/);
  await expect(page.getByText('Your session has expired.', { exact: true })).toBeVisible();
  expect(
    await page.evaluate(() => [localStorage.access_token, localStorage.refresh_token]),
  ).toEqual([undefined, undefined]);
  await navigate(href.home());
  await expect(page.getByText('Hello, Sign in')).toBeVisible();
});

test('an expired access token is refreshed once and the buyer stays signed in', async ({
  page,
  navigate,
  login,
}) => {
  const session = await login();
  await page.evaluate(() => localStorage.setItem('access_token', 'expired.access.token'));
  await navigate(href.profile());
  await expect(page.getByRole('heading', { name: session.user.full_name })).toBeVisible();
  const stored = await page.evaluate(() => [localStorage.access_token, localStorage.refresh_token]);
  expect(stored[0]).not.toBe('expired.access.token');
  // The refresh token rotated: the old one is spent.
  expect(stored[1]).not.toBe(session.refresh_token);
});
