/**
 * G19 (reliability-and-security.md §5): 20 buyers log in at once while /api/health is polled.
 * scrypt at OWASP cost takes ~0.5 s of CPU per login; it must run off the event loop, so the
 * server keeps answering everything else (health p99 ≤ 100 ms) while the logins queue for the
 * cores (login p99 ≤ 8 s, the CPU floor being 20 × 0.55 s ÷ 2 cores ≈ 5.5 s).
 */
import { pollHealth } from './lib/health-poller.js';
import { latencyRecorder } from './lib/latency-recorder.js';

export interface LoginBurstResult {
  logins: number;
  failedLogins: number;
  loginP50: number;
  loginP99: number;
  healthRequests: number;
  healthP50: number;
  healthP99: number;
  healthMax: number;
}

/**
 * Logs in bench buyers 1…`logins` (seeded with --bench-buyers) all at once, polling health every
 * `pollMs` from just before the burst until every login has answered.
 */
export async function runLoginBurst(
  baseUrl: string,
  { logins = 20, pollMs = 20 }: { logins?: number; pollMs?: number } = {},
): Promise<LoginBurstResult> {
  const login = latencyRecorder();
  let failedLogins = 0;
  let burstDone = false;

  const poller = pollHealth(baseUrl, pollMs, () => !burstDone);

  await new Promise((resolve) => setTimeout(resolve, 200));
  await Promise.all(
    Array.from({ length: logins }, async (_, i) => {
      const t0 = performance.now();
      const response = await fetch(`${baseUrl}/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `bench${i + 1}@bench.example.com`, password: 'Bench@2026' }),
      });
      await response.arrayBuffer();
      login.recordSince(t0);
      if (response.status !== 200) failedLogins++;
    }),
  );
  burstDone = true;
  const { latency: health } = await poller;

  return {
    logins,
    failedLogins,
    loginP50: login.percentile(50),
    loginP99: login.percentile(99),
    healthRequests: health.count,
    healthP50: health.percentile(50),
    healthP99: health.percentile(99),
    healthMax: health.max,
  };
}
