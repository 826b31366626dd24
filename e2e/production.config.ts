import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';
import { productionStack } from './production/stack-settings.mjs';

// The fixtures read the outbox the replicas share.
process.env.E2E_DATA_DIR = productionStack.dataDir;

/**
 * The buyer journeys through the production shape (issue 23): nginx with TLS and HTTP/2 in front
 * of two replicas on one PostgreSQL and one Redis (production/stack.mjs), and the journeys that
 * only two replicas can fail (production/*.spec.ts).
 */
export default defineConfig({
  testDir: '.',
  testMatch: [
    'production/*.spec.ts',
    'tests/accounts/register-verify-login.spec.ts',
    'tests/accounts/password-reset.spec.ts',
    'tests/orders/cart-to-order.spec.ts',
    'tests/orders/payments.spec.ts',
    'tests/search/search.spec.ts',
  ],
  // A journey about an address other than PUBLIC_URL opens the one-server journeys' own port.
  grepInvert: /another address than PUBLIC_URL/,
  outputDir: '../test-results/production',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: productionStack.publicUrl,
    ignoreHTTPSErrors: true,
    trace: 'retain-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [
    {
      name: 'production',
      use: {
        ...devices['Desktop Chrome'],
        channel: undefined,
        viewport: { width: 1440, height: 900 },
      },
    },
  ],
  webServer: {
    command: 'node production/stack.mjs',
    cwd: import.meta.dirname,
    url: `${productionStack.publicUrl}/api/health/ready`,
    ignoreHTTPSErrors: true,
    timeout: 180_000,
    reuseExistingServer: false,
  },
});
