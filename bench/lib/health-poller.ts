/**
 * `/api/health` polled while something else loads the server (G19's login burst, issue 18's
 * heaviest search): the latency of each answer, and how many were not 200.
 */
import { latencyRecorder, type LatencyRecorder } from './latency-recorder.js';

export async function pollHealth(
  baseUrl: string,
  pollMs: number,
  going: () => boolean,
): Promise<{ latency: LatencyRecorder; not200: number }> {
  const latency = latencyRecorder();
  let not200 = 0;
  while (going()) {
    const t0 = performance.now();
    const response = await fetch(`${baseUrl}/api/health`);
    await response.arrayBuffer();
    latency.recordSince(t0);
    if (response.status !== 200) not200++;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  return { latency, not200 };
}
