import { afterEach, describe, expect, it, vi } from 'vitest';
import { latencyRecorder } from './latency-recorder.js';

describe('latencyRecorder', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reports zeros before anything is recorded', () => {
    const latency = latencyRecorder();
    expect(latency.count).toBe(0);
    expect(latency.max).toBe(0);
    expect(latency.percentiles()).toEqual({ p50: 0, p95: 0, p99: 0 });
  });

  it('gives exact percentiles in ms for durations of 1 µs to 1 ms', () => {
    const latency = latencyRecorder();
    // 0.001, 0.002, … 1.000 ms, recorded in reverse to show that order does not matter.
    for (let us = 1000; us >= 1; us--) latency.record(us / 1000);
    expect(latency.count).toBe(1000);
    expect(latency.percentiles()).toEqual({ p50: 0.5, p95: 0.95, p99: 0.99 });
    expect(latency.percentile(100)).toBe(1);
    expect(latency.max).toBe(1);
  });

  it('keeps a duration to the nearest microsecond, and at least 1 µs', () => {
    const latency = latencyRecorder();
    latency.record(0);
    expect(latency.max).toBe(0.001);
    latency.record(1.2344);
    expect(latency.max).toBe(1.234);
    latency.record(1.2346);
    expect(latency.max).toBe(1.235);
    expect(latency.count).toBe(3);
  });

  it('reads percentiles above 2 ms to three significant digits (HDR), the max as recorded', () => {
    const latency = latencyRecorder();
    latency.record(123.456);
    latency.record(7654.321);
    // 123,456 µs falls in a bucket of 64 µs whose highest value is 123,519 µs.
    expect(latency.percentile(50)).toBe(123.519);
    expect(latency.percentile(99)).toBe(7655.423);
    expect(latency.max).toBe(7654.321);
  });

  it('records the time since a performance.now() value', () => {
    vi.spyOn(performance, 'now').mockReturnValue(1000.75);
    const latency = latencyRecorder();
    latency.recordSince(1000.25);
    expect(latency.count).toBe(1);
    expect(latency.percentile(50)).toBe(0.5);
  });
});
