/**
 * The bench's one way of keeping latencies: an HDR histogram of microseconds (1 µs to 60 s, three
 * significant digits), so that percentiles come from every request of a run, read back in ms.
 */
import hdr from 'hdr-histogram-js';

/** p50, p95 and p99 in ms, as the bench's results give them. */
export interface LatencyPercentiles {
  p50: number;
  p95: number;
  p99: number;
}

export interface LatencyRecorder {
  /** Records one duration in ms, kept to the microsecond (at least 1 µs). */
  record(ms: number): void;
  /** Records the time since `t0`, a performance.now() value. */
  recordSince(t0: number): void;
  /** How many durations were recorded. */
  readonly count: number;
  /** The largest duration recorded, in ms (0 when none was). */
  readonly max: number;
  /** The duration in ms at percentile `p` (0–100), HDR's value for its bucket; 0 when empty. */
  percentile(p: number): number;
  percentiles(): LatencyPercentiles;
}

export function latencyRecorder(): LatencyRecorder {
  const histogram = hdr.build({
    lowestDiscernibleValue: 1,
    highestTrackableValue: 60_000_000,
    numberOfSignificantValueDigits: 3,
  });
  const record = (ms: number) => histogram.recordValue(Math.max(1, Math.round(ms * 1000)));
  const percentile = (p: number) => histogram.getValueAtPercentile(p) / 1000;
  return {
    record,
    recordSince: (t0) => record(performance.now() - t0),
    get count() {
      return histogram.totalCount;
    },
    get max() {
      return histogram.maxValue / 1000;
    },
    percentile,
    percentiles: () => ({ p50: percentile(50), p95: percentile(95), p99: percentile(99) }),
  };
}
