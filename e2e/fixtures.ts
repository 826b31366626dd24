/**
 * Shared fixtures of the browser journeys: `navigate` goes to a route of the shared route
 * table and waits for the app to render (or to take over the server's HTML); `outbox` reads the emails the server wrote as .eml
 * files in the journey server's DATA_DIR; `login` signs a buyer in (the demo buyer unless told
 * otherwise) through the API and puts the session where the web app keeps it.
 *
 * Every journey also runs under `pageGuard`: a Content Security Policy violation (the
 * browser's securitypolicyviolation event or its 'Refused to …' console message) or an uncaught
 * page error anywhere in the journey fails it, so every page a journey visits is shown to
 * work under the production CSP. A journey that provokes errors on purpose opts out with
 * `test.use({ failOnPageErrors: false })`.
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base, expect, type Page } from '@playwright/test';
import type { LoginBody, LoginResponse } from '@storefront/shared/accounts';
import { emlFilesInOrder } from './outbox-order';

const dataDir = process.env.E2E_DATA_DIR ?? join(dirname(fileURLToPath(import.meta.url)), '.data');

/**
 * Waits until the app runs the page: a server-rendered page is on screen before its scripts,
 * which start after its paint (decisions 070, 085); once React has taken the root over, it
 * hydrates first a part a click lands on, and its router hears the history.
 */
export async function appTakenOver(page: Page): Promise<void> {
  await page.locator('#root > *').first().waitFor();
  await page.waitForFunction(() =>
    Object.keys(document.getElementById('root') ?? {}).some((key) =>
      key.startsWith('__reactContainer$'),
    ),
  );
}

export interface Outbox {
  /** Raw .eml texts, oldest first. */
  all(): string[];
  /** The newest message sent to this address, decoded from quoted-printable. */
  latestTo(address: string): string | undefined;
}

function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The demo buyer every fresh database has (ARCHITECTURE.md "Contracts"). */
export const DEMO_BUYER: LoginBody = { email: 'buyer@example.com', password: 'Buyer@2026' };

/**
 * Logs in through POST /api/user/login and stores both tokens in the page's localStorage, as
 * the login form does; the next `navigate` opens the app signed in. Answers the login response.
 */
export type Login = (credentials?: LoginBody) => Promise<LoginResponse>;

/** Console text of the browser's CSP reports, and what the guard's init script writes. */
const CSP_MESSAGE = /Refused to |Content Security Policy|^CSP violation:/;

export const test = base.extend<{
  navigate: (path: string) => Promise<void>;
  outbox: Outbox;
  login: Login;
  failOnPageErrors: boolean;
  pageGuard: void;
}>({
  failOnPageErrors: [true, { option: true }],
  pageGuard: [
    async ({ page, failOnPageErrors, javaScriptEnabled }, use) => {
      const problems: string[] = [];
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          console.error(
            `CSP violation: ${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`,
          );
        });
      });
      page.on('console', (message) => {
        if (CSP_MESSAGE.test(message.text())) problems.push(`${page.url()}: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`${page.url()}: page error: ${error.message}`));
      await use();
      // A report the page queued just before the journey ended (a CSP violation is reported by
      // a task of its own) reaches us before the answer to a task queued after it. With
      // JavaScript off no listener reports and no timer fires: the round trip would never end.
      if (javaScriptEnabled !== false)
        await page
          .evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)))
          .catch(() => undefined);
      if (failOnPageErrors) expect(problems, 'CSP violations and page errors').toEqual([]);
    },
    { auto: true },
  ],
  navigate: async ({ page }, use) => {
    await use(async (path: string) => {
      await page.goto(path);
      await appTakenOver(page);
    });
  },
  login: async ({ page }, use) => {
    await use(async (credentials = DEMO_BUYER) => {
      const response = await page.request.post('/api/user/login', { data: credentials });
      expect(response.status(), await response.text()).toBe(200);
      const session = (await response.json()) as LoginResponse;
      // Any page of the origin gives access to its localStorage; this one loads no app code.
      await page.goto('/api/health');
      await page.evaluate(
        ({ access, refresh }) => {
          localStorage.setItem('access_token', access);
          localStorage.setItem('refresh_token', refresh);
        },
        { access: session.access_token, refresh: session.refresh_token },
      );
      return session;
    });
  },
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures take their dependencies destructured
  outbox: async ({}, use) => {
    const dir = join(dataDir, 'outbox');
    const all = () =>
      existsSync(dir)
        ? emlFilesInOrder(readdirSync(dir)).map((f) =>
            decodeQuotedPrintable(readFileSync(join(dir, f), 'utf8')),
          )
        : [];
    await use({
      all,
      latestTo: (address) =>
        all()
          .reverse()
          .find((eml) => eml.toLowerCase().includes(`to: ${address.toLowerCase()}`)),
    });
  },
});

export { expect };
export type { Page };
