import { describe, expect, it } from 'vitest';
import { judgeSoak, theilSenSlope, type SoakSample } from './soak-verdict.js';

/** A sample every 30 s from 0 to `minutes`, RSS given by `rss(atSec)`. */
const series = (minutes: number, rss: (atSec: number) => number): SoakSample[] =>
  Array.from({ length: minutes * 2 + 1 }, (_, i) => ({ atSec: i * 30, rssMb: rss(i * 30) }));

describe('theilSenSlope', () => {
  it('is the slope of points on a line', () => {
    expect(theilSenSlope([0, 1, 2, 3].map((x) => ({ x, y: 5 + 2 * x })))).toBe(2);
  });

  it('ignores one point far off the line', () => {
    const points = [0, 1, 2, 3, 4, 5, 6].map((x) => ({ x, y: x === 3 ? 400 : 100 }));
    expect(theilSenSlope(points)).toBe(0);
  });

  it('is 0 with fewer than two distinct x', () => {
    expect(theilSenSlope([{ x: 1, y: 1 }])).toBe(0);
    expect(
      theilSenSlope([
        { x: 1, y: 1 },
        { x: 1, y: 9 },
      ]),
    ).toBe(0);
  });
});

describe('judgeSoak', () => {
  const warmupEndSec = 120;

  it('passes a series that rises during warm-up and then stays level', () => {
    const samples = series(10, (t) => (t < 120 ? 100 + t : 220 + (t % 60 === 0 ? 3 : -3)));
    const verdict = judgeSoak(samples, { warmupEndSec, peakMb: 240, limitMb: 300 });
    expect(verdict).toMatchObject({ judgedSamples: 17, flat: true, withinLimit: true, pass: true });
    expect(verdict.growthMb).toBe(0);
  });

  it('fails a leak of 2 MB a minute, 16 MB over the 8 judged minutes', () => {
    const samples = series(10, (t) => 200 + (2 * t) / 60);
    const verdict = judgeSoak(samples, { warmupEndSec, peakMb: 220, limitMb: 300 });
    expect(verdict.slopeMbPerMin).toBeCloseTo(2, 10);
    expect(verdict.growthMb).toBeCloseTo(16, 10);
    expect(verdict).toMatchObject({ flat: false, withinLimit: true, pass: false });
    expect(verdict.reason).toBe(
      'grows: 16.0 MB fitted over 8.0 min after warm-up (tolerance 10 MB); peak 220 MB ≤ 300 MB',
    );
  });

  it('passes a rise within the tolerance: 1 MB a minute is 8 MB over 8 minutes', () => {
    const verdict = judgeSoak(
      series(10, (t) => 200 + t / 60),
      { warmupEndSec, peakMb: 210, limitMb: 300 },
    );
    expect(verdict.growthMb).toBeCloseTo(8, 10);
    expect(verdict.flat).toBe(true);
  });

  it('takes a tolerance of its own', () => {
    const verdict = judgeSoak(
      series(10, (t) => 200 + t / 60),
      { warmupEndSec, peakMb: 210, toleranceMb: 5 },
    );
    expect(verdict.flat).toBe(false);
  });

  it('is not moved by two samples caught in login bursts', () => {
    const bursts = new Set([240, 480]);
    const samples = series(10, (t) => (bursts.has(t) ? 700 : 180));
    const verdict = judgeSoak(samples, { warmupEndSec, peakMb: 700, limitMb: 300 });
    expect(verdict.flat).toBe(true);
    expect(verdict.growthMb).toBe(0);
  });

  it('fails a flat series whose peak is over the limit, and says so', () => {
    const verdict = judgeSoak(
      series(10, () => 250),
      {
        warmupEndSec,
        peakMb: 301,
        limitMb: 300,
      },
    );
    expect(verdict).toMatchObject({ flat: true, withinLimit: false, pass: false });
    expect(verdict.reason).toBe(
      'flat: 0.0 MB fitted over 8.0 min after warm-up (tolerance 10 MB); peak 301 MB > 300 MB',
    );
  });

  it('judges a peak equal to the limit as within it', () => {
    const verdict = judgeSoak(
      series(10, () => 250),
      { warmupEndSec, peakMb: 300, limitMb: 300 },
    );
    expect(verdict.withinLimit).toBe(true);
  });

  it('judges only growth where no limit is given (PGlite)', () => {
    const verdict = judgeSoak(
      series(10, () => 420),
      { warmupEndSec, peakMb: 450 },
    );
    expect(verdict).toMatchObject({ flat: true, withinLimit: undefined, pass: true });
    expect(verdict.reason).toContain('peak 450 MB (no limit judged)');
  });

  it('judges only the peak of a run under 4 minutes after warm-up, and says why', () => {
    // CI's one-minute soak: samples every 5 s, still rising as the caches settle.
    const samples = Array.from({ length: 13 }, (_, i) => ({ atSec: i * 5, rssMb: 160 + i }));
    const within = judgeSoak(samples, { warmupEndSec: 15, peakMb: 225, limitMb: 300 });
    expect(within).toMatchObject({ flat: undefined, withinLimit: true, pass: true });
    expect(within.reason).toBe(
      'growth not judged: 9.0 MB fitted over 0.8 min after warm-up, under the 4 min needed; peak 225 MB ≤ 300 MB',
    );
    const over = judgeSoak(samples, { warmupEndSec: 15, peakMb: 301, limitMb: 300 });
    expect(over).toMatchObject({ flat: undefined, withinLimit: false, pass: false });
  });

  it('refuses to call a run flat with fewer than three samples after warm-up', () => {
    const samples = series(1, () => 200);
    const verdict = judgeSoak(samples, { warmupEndSec: 30, peakMb: 200, limitMb: 300 });
    expect(verdict).toMatchObject({ judgedSamples: 2, flat: false, pass: false });
    expect(verdict.reason).toBe(
      '2 samples after warm-up, fewer than the 3 needed to judge growth; peak 200 MB ≤ 300 MB',
    );
  });
});
