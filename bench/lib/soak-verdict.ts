/**
 * The soak's verdict (issue 17, item 4): the server's memory is flat after warm-up, and its peak
 * within a limit (300 MB).
 *
 * "Flat" is judged on the growth a robust line fitted through the samples after warm-up would
 * put across them: the Theil–Sen slope (the median of the slopes between every pair of samples)
 * times the window. A leak is a sustained rise, which moves the median slope; one sample taken
 * during a login burst or just before a garbage collection does not, where a least-squares fit
 * or a first-against-last comparison would follow it. The tolerance (10 MB over the window by
 * default) is the allocator's and collector's noise; a slower leak needs a longer soak to show.
 */

export interface SoakSample {
  /** Seconds since the server was started. */
  atSec: number;
  /** RSS of the server's whole process tree. */
  rssMb: number;
}

export interface SoakCriteria {
  /** Samples before this time are warm-up, not judged for growth. */
  warmupEndSec: number;
  /** The highest RSS seen at any time of the run (sampled more often than the series). */
  peakMb: number;
  /** The peak's limit; undefined where no limit is judged. */
  limitMb?: number;
  toleranceMb?: number;
}

export interface SoakVerdict {
  /** Samples judged for growth (those at or after the end of warm-up). */
  judgedSamples: number;
  slopeMbPerMin: number;
  /** The fitted growth from the first to the last judged sample. */
  growthMb: number;
  /** Undefined where the run after warm-up is too short to judge growth. */
  flat: boolean | undefined;
  /** Undefined where no limit is judged. */
  withinLimit: boolean | undefined;
  pass: boolean;
  /** Why the verdict is what it is, in one line. */
  reason: string;
}

/** At least this many samples after warm-up, or there is no line to judge. */
export const MIN_JUDGED_SAMPLES = 3;
/**
 * Growth is judged over at least this long after warm-up: in a shorter run (CI's one-minute soak)
 * the caches, the compiled code and the image renderer are still settling, which a fitted line
 * cannot tell from a leak. Such a run judges the peak only.
 */
export const MIN_JUDGED_WINDOW_SEC = 240;
export const DEFAULT_TOLERANCE_MB = 10;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The median of the slopes between every pair of points with distinct x (y per x). */
export function theilSenSlope(points: { x: number; y: number }[]): number {
  const slopes: number[] = [];
  for (let i = 0; i < points.length; i++)
    for (let j = i + 1; j < points.length; j++) {
      const a = points[i]!;
      const b = points[j]!;
      if (a.x !== b.x) slopes.push((b.y - a.y) / (b.x - a.x));
    }
  return slopes.length ? median(slopes) : 0;
}

export function judgeSoak(samples: SoakSample[], criteria: SoakCriteria): SoakVerdict {
  const tolerance = criteria.toleranceMb ?? DEFAULT_TOLERANCE_MB;
  const judged = samples.filter((s) => s.atSec >= criteria.warmupEndSec);
  const withinLimit =
    criteria.limitMb === undefined ? undefined : criteria.peakMb <= criteria.limitMb;
  const limitText =
    criteria.limitMb === undefined
      ? `peak ${criteria.peakMb} MB (no limit judged)`
      : `peak ${criteria.peakMb} MB ${withinLimit ? '≤' : '>'} ${criteria.limitMb} MB`;
  if (judged.length < MIN_JUDGED_SAMPLES) {
    return {
      judgedSamples: judged.length,
      slopeMbPerMin: 0,
      growthMb: 0,
      flat: false,
      withinLimit,
      pass: false,
      reason: `${judged.length} samples after warm-up, fewer than the ${MIN_JUDGED_SAMPLES} needed to judge growth; ${limitText}`,
    };
  }
  const slopePerSec = theilSenSlope(judged.map((s) => ({ x: s.atSec, y: s.rssMb })));
  const windowSec = judged[judged.length - 1]!.atSec - judged[0]!.atSec;
  const growthMb = slopePerSec * windowSec;
  const fitted = `${growthMb.toFixed(1)} MB fitted over ${(windowSec / 60).toFixed(1)} min after warm-up`;
  const flat = windowSec < MIN_JUDGED_WINDOW_SEC ? undefined : growthMb <= tolerance;
  const growthText =
    flat === undefined
      ? `growth not judged: ${fitted}, under the ${MIN_JUDGED_WINDOW_SEC / 60} min needed`
      : `${flat ? 'flat' : 'grows'}: ${fitted} (tolerance ${tolerance} MB)`;
  return {
    judgedSamples: judged.length,
    slopeMbPerMin: slopePerSec * 60,
    growthMb,
    flat,
    withinLimit,
    pass: flat !== false && withinLimit !== false,
    reason: `${growthText}; ${limitText}`,
  };
}
