/**
 * The order desk's list (issue 19) as staff use it, on the catalog's seeded order history
 * (`--orders`, 100,000 by default): the demo owner signs in (password and the TOTP code of the
 * moment) and pages through orders with the filters the desk offers, at 10 connections.
 */
import type { Scenario } from './api.js';
import type { RunningProcess } from './lib/processes.js';
import { totpCodeAt } from '../apps/server/src/modules/staff/second-factor.js';
import { DEMO_OWNER } from '../apps/server/src/seed/demo-accounts.js';

/** What a desk asks for: the newest, by status, by buyer, by amount, by number, by amount sort. */
const QUERIES = [
  'limit=50',
  'status=PD&limit=50',
  'status=UP&limit=50',
  'buyer=bench1&limit=50',
  'minTotal=5000&maxTotal=20000&limit=50',
  'q=S0A&limit=50',
  'sort=total_desc&limit=50',
  'status=DELIVERED&sort=oldest&limit=50',
];

/**
 * Signs the demo owner in with the code of the moment. A code signs in once (RFC 6238 replay
 * protection), so a bench run within 30 s of another waits for the next code.
 */
export async function signInOwner(baseUrl: string): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const response = await fetch(`${baseUrl}/api/staff/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: DEMO_OWNER.email,
        password: DEMO_OWNER.password,
        code: totpCodeAt(DEMO_OWNER.totpSecret, new Date()),
      }),
    });
    if (response.ok) {
      const cookie = response.headers.getSetCookie().find((c) => c.includes('staff_session='));
      return cookie!.split(';')[0]!;
    }
    if (response.status !== 401 || attempt > 0)
      throw new Error(`desk sign-in: ${response.status} ${await response.text()}`);
    await new Promise((resolve) => setTimeout(resolve, 30_000 - (Date.now() % 30_000) + 1000));
  }
}

export async function deskScenarios(server: RunningProcess): Promise<Scenario[]> {
  const cookie = await signInOwner(server.baseUrl);
  // A page deep in the history too: the cursor after the first 50 of the newest.
  const first = (await (
    await fetch(`${server.baseUrl}/api/staff/orders?limit=50`, { headers: { cookie } })
  ).json()) as { next: string | null };
  const queries = first.next
    ? [...QUERIES, `limit=50&after=${encodeURIComponent(first.next)}`]
    : QUERIES;
  return [
    {
      name: 'order desk list',
      connections: 10,
      request: (i) => ({
        method: 'GET',
        path: `/api/staff/orders?${queries[i % queries.length]}`,
        headers: { cookie },
      }),
    },
  ];
}
