/** The demo's accounts, named in the README (a production start refuses a database holding them). */
export const DEMO_BUYER = {
  email: 'buyer@example.com',
  password: 'Buyer@2026',
} as const;

/**
 * The demo's staff owner (issue 19), named in the README with its TOTP secret so a newcomer can
 * add it to an authenticator app and sign in to the console. Demo only: a production start
 * refuses a database that holds it (config.ts).
 */
export const DEMO_OWNER = {
  email: 'owner@example.com',
  password: 'Owner@2026 desk',
  totpSecret: 'DEMOOWNERSTOREFRONTCONSOLEAAAA22',
} as const;
