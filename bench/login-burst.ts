/**
 * G19 (reliability-and-security.md §5): 20 buyers log in at once while /api/health is polled.
 * scrypt at OWASP cost takes ~0.5 s of CPU per login; it must run off the event loop, so the
 * server keeps answering everything else (health p99 ≤ 100 ms) while the logins queue for the
 * cores (login p99 ≤ 8 s, the CPU floor being 20 × 0.55 s ÷ 2 cores ≈ 5.5 s).
 */
import hdr from 'hdr-histogram-js';

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

const histogram = () =>
  hdr.build({
    lowestDiscernibleValue: 1,
    highestTrackableValue: 60_000_000,
    numberOfSignificantValueDigits: 3,
  });

/** Microseconds since `t0` (a performance.now() value), as the histograms record. */
const since = (t0: number) => Math.max(1, Math.round((performance.now() - t0) * 1000));

/**
 * Logs in bench buyers 1…`logins` (seeded with --bench-buyers) all at once, polling health every
 * `pollMs` from just before the burst until every login has answered.
 */
export async function runLoginBurst(
  baseUrl: string,
  { logins = 20, pollMs = 20 }: { logins?: number; pollMs?: number } = {},
): Promise<LoginBurstResult> {
  const health = histogram();
  const login = histogram();
  let failedLogins = 0;
  let burstDone = false;

  const poller = (async () => {
    while (!burstDone) {
      const t0 = performance.now();
      const response = await fetch(`${baseUrl}/api/health`);
      await response.arrayBuffer();
      health.recordValue(since(t0));
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  })();

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
      login.recordValue(since(t0));
      if (response.status !== 200) failedLogins++;
    }),
  );
  burstDone = true;
  await poller;

  const ms = (h: ReturnType<typeof histogram>, p: number) => h.getValueAtPercentile(p) / 1000;
  return {
    logins,
    failedLogins,
    loginP50: ms(login, 50),
    loginP99: ms(login, 99),
    healthRequests: health.totalCount,
    healthP50: ms(health, 50),
    healthP99: ms(health, 99),
    healthMax: health.maxValue / 1000,
  };
}
