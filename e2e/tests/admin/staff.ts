/**
 * Console journeys' helpers: a member invited with the store CLI (as the demo owner) and
 * enrolled through the setup page, the TOTP code computed from the secret the page shows; and
 * a buyer's order paid through the sandbox gateway's page.
 */
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TOTP } from 'otpauth';
import type { StaffRole } from '@storefront/shared/staff';
import { expect, type Page } from '../../fixtures';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const PASSWORD = 'Packer@2026 desk';

/** `npm run store -- staff:invite` against the journey server, as its demo owner. */
export function inviteWithCli(email: string, role: StaffRole = 'fulfilment'): string {
  const port = process.env.E2E_PORT ?? '3310';
  const stdout = execFileSync(
    'npm',
    ['run', '--silent', 'store', '--', 'staff:invite', email, '--role', role].concat([
      '--as',
      'owner@example.com',
    ]),
    {
      cwd: root,
      encoding: 'utf8',
      env: {
        ...process.env,
        DATA_DIR: process.env.E2E_DATA_DIR ?? join(root, 'e2e', '.data'),
        PORT: port,
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATABASE_URL: '',
      },
    },
  );
  const link = /https?:\/\/\S+\/admin\/setup#\S+/.exec(stdout)?.[0];
  if (!link) throw new Error(`no setup link in: ${stdout}`);
  return link;
}

/** A code of a time step the server has not taken yet (each step's code works once). */
export async function freshCode(
  totp: TOTP,
  after: number,
): Promise<{ code: string; step: number }> {
  let step = Math.floor(Date.now() / 30_000);
  while (step <= after) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    step = Math.floor(Date.now() / 30_000);
  }
  return { code: totp.generate(), step };
}

/**
 * Invites `email` with `role`, enrols them on `page` (name, password, the first code, the
 * recovery codes saved) and leaves them signed in on the dashboard; answers their TOTP and the
 * step of the code used.
 */
export async function enrolMember(page: Page, email: string, role: StaffRole, name: string) {
  await page.goto(inviteWithCli(email, role));
  const secret = (await page.getByTestId('totp-secret').textContent())!.replace(/\s+/g, '');
  const totp = new TOTP({ secret });
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  const last = await freshCode(totp, -1);
  await page.getByLabel('6-digit code from the app').fill(last.code);
  await page.getByRole('button', { name: 'Finish setting up' }).click();
  await expect(
    page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem'),
  ).toHaveCount(10);
  await page.getByLabel('I have saved my recovery codes').check();
  await page.getByRole('button', { name: 'Open the console' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  return { totp, last };
}

/** On the sandbox gateway's page of an order awaiting payment: pay and approve. */
export async function payOnGateway(page: Page) {
  await page.getByRole('button', { name: 'Complete Payment' }).click();
  await page.getByRole('button', { name: 'Approve payment' }).click();
  await expect(page.getByRole('heading', { name: 'Order Submitted' })).toBeVisible();
}
