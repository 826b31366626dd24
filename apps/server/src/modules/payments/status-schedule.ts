/**
 * When reconciliation asks the gateway about an attempt (G11, decision 025): PhonePe's documented
 * status-check cadence (shared/reference/reliability-and-security.md §2 "A lost callback"),
 * measured from the attempt's creation. The first check at 20 s, then every 3 s for 30 s, every
 * 6 s for 60 s, every 10 s for 60 s, every 30 s for 60 s, then every minute until the timeout
 * (20 minutes, PhonePe's expireAfter of our attempts), when the attempt gets its last check and
 * is no longer watched. `scale` compresses the whole cadence, timeout included (tests).
 */

export interface StatusCheckSchedule {
  /** Multiplies every offset and the timeout: 1 is PhonePe's cadence, 0.01 a hundred times faster. */
  scale: number;
  /** Age (before scaling) after which an attempt gets its last check and is given up. */
  timeoutMs: number;
}

export const PHONEPE_SCHEDULE: StatusCheckSchedule = { scale: 1, timeoutMs: 20 * 60_000 };

const FIRST_CHECK_MS = 20_000;
/** [until this age, every this long], after the first check. */
const STEPS: readonly (readonly [number, number])[] = [
  [50_000, 3_000],
  [110_000, 6_000],
  [170_000, 10_000],
  [230_000, 30_000],
  [Number.POSITIVE_INFINITY, 60_000],
];
/** If the process stops during an attempt's last check, it is tried again this much later. */
const LAST_CHECK_RETRY_MS = 60_000;

/** The unscaled offset of the first check strictly after `age`. */
function offsetAfter(age: number): number {
  if (age < FIRST_CHECK_MS) return FIRST_CHECK_MS;
  let start = FIRST_CHECK_MS;
  for (const [until, every] of STEPS) {
    if (age < until) return start + (Math.floor((age - start) / every) + 1) * every;
    start = until;
  }
  /* c8 ignore next */
  throw new Error('unreachable: the last step never ends');
}

/**
 * A buyer who asks to pay again is sent back to the attempt already open while it leaves them
 * this long to pay before it expires at the gateway; after that a new attempt opens.
 */
const TIME_TO_PAY_MS = 5 * 60_000;

/** Until when an attempt created at `createdAt` is offered again instead of a new one. */
export function reusableUntil(createdAt: Date, schedule: StatusCheckSchedule): Date {
  return new Date(
    createdAt.getTime() + Math.floor((schedule.timeoutMs - TIME_TO_PAY_MS) * schedule.scale),
  );
}

export function firstCheckAt(createdAt: Date, schedule: StatusCheckSchedule): Date {
  return new Date(createdAt.getTime() + Math.ceil(FIRST_CHECK_MS * schedule.scale));
}

export interface PlannedCheck {
  /** When to ask after the check made at `now`. */
  next: Date;
  /** True when the check at `now` is the attempt's last: it is past the timeout. */
  last: boolean;
}

/** Plans the check after one made at `now` on an attempt created at `createdAt`. */
export function planCheck(createdAt: Date, now: Date, schedule: StatusCheckSchedule): PlannedCheck {
  // Whole milliseconds of cadence time, so that a scaled slot is not missed by a rounding error.
  const age = Math.round((now.getTime() - createdAt.getTime()) / schedule.scale);
  if (age >= schedule.timeoutMs) {
    const retry = Math.ceil(LAST_CHECK_RETRY_MS * schedule.scale);
    return { next: new Date(now.getTime() + retry), last: true };
  }
  const offset = Math.min(offsetAfter(age), schedule.timeoutMs);
  return { next: new Date(createdAt.getTime() + Math.ceil(offset * schedule.scale)), last: false };
}
