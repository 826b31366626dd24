/**
 * Closed-loop HTTP load with autocannon over loopback, recording every response time into an
 * HDR histogram so that p50/p95/p99 come from the whole run (autocannon's own summary has no p95).
 */
import autocannon from 'autocannon';
import { latencyRecorder, type LatencyRecorder } from './latency-recorder.js';

export interface LoadRequest {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  body?: string;
  headers?: Record<string, string>;
}

export interface LoadOptions {
  baseUrl: string;
  connections: number;
  durationSec: number;
  /** The i-th request of the run (rotate through ids so that no single row is hot). */
  request: (i: number) => LoadRequest;
  /** Fixed request rate for latency under a known load (autocannon -R); unset = as fast as possible. */
  overallRate?: number;
}

export interface LoadResult {
  requestsPerSec: number;
  p50: number;
  p95: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
}

/** `latency` keeps the response times; one recorder given to several runs gives their percentiles together. */
export async function runLoad(
  options: LoadOptions,
  latency: LatencyRecorder = latencyRecorder(),
): Promise<LoadResult> {
  let counter = 0;
  let finish!: (result: autocannon.Result) => void;
  let fail!: (error: Error) => void;
  const done = new Promise<autocannon.Result>(
    (resolve, reject) => ((finish = resolve), (fail = reject)),
  );
  const instance = autocannon(
    {
      url: options.baseUrl,
      connections: options.connections,
      duration: options.durationSec,
      ...(options.overallRate ? { overallRate: options.overallRate } : {}),
      requests: [
        {
          setupRequest: (request: autocannon.Request) => {
            const next = options.request(counter++);
            return {
              ...request,
              method: next.method ?? 'GET',
              path: next.path,
              ...(next.body !== undefined ? { body: next.body } : {}),
              headers: {
                ...(next.body !== undefined ? { 'content-type': 'application/json' } : {}),
                ...next.headers,
              },
            };
          },
        },
      ],
    },
    (error, result) => (error ? fail(error) : finish(result)),
  );
  // autocannon's response times, in ms.
  instance.on(
    'response',
    (_client: unknown, _status: number, _bytes: number, responseTime: number) => {
      latency.record(responseTime);
    },
  );
  const result = await done;
  return {
    requestsPerSec: Math.round(result.requests.average),
    ...latency.percentiles(),
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/**
 * The same load on two targets measured alternately, `a` then `b`, in `slices` slices of
 * `durationSec / slices` each, and answered as one result per target over all its slices. Run one
 * after the other, the two met the machine at different moments, and its swings (3.5× within a
 * day) moved their ratio as much as the targets did (bench/README.md, 2026-11-28).
 */
export async function runAlternately(
  a: LoadOptions,
  b: LoadOptions,
  slices: number,
): Promise<[LoadResult, LoadResult]> {
  const targets = [a, b].map((options) => ({
    options: { ...options, durationSec: options.durationSec / slices },
    latency: latencyRecorder(),
    results: [] as LoadResult[],
  }));
  for (let slice = 0; slice < slices; slice++)
    for (const target of targets)
      target.results.push(await runLoad(target.options, target.latency));
  const [first, second] = targets.map(({ latency, results }, i) => {
    const sum = (field: 'requests' | 'non2xx' | 'errors') =>
      results.reduce((total, result) => total + result[field], 0);
    return {
      // Over the time asked of autocannon, the same for both, so their ratio is their requests'.
      requestsPerSec: Math.round(sum('requests') / [a, b][i]!.durationSec),
      ...latency.percentiles(),
      requests: sum('requests'),
      non2xx: sum('non2xx'),
      errors: sum('errors'),
    };
  });
  return [first!, second!];
}
