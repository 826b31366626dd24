import { describe, expect, it } from 'vitest';
import { PHONEPE_SCHEDULE, firstCheckAt, planCheck } from './status-schedule.js';

const created = new Date('2026-11-24T10:00:00.000Z');
const at = (ms: number) => new Date(created.getTime() + ms);
/** Every check an attempt gets when each is made on time, as seconds of age. */
function checks(schedule = PHONEPE_SCHEDULE): number[] {
  const ages: number[] = [];
  let next = firstCheckAt(created, schedule);
  for (;;) {
    ages.push(Math.round((next.getTime() - created.getTime()) / schedule.scale) / 1000);
    const plan = planCheck(created, next, schedule);
    if (plan.last) return ages;
    next = plan.next;
  }
}

describe('the status-check schedule (PhonePe’s cadence)', () => {
  it('checks at 20 s, every 3 s to 50 s, 6 s to 110 s, 10 s to 170 s, 30 s to 230 s, then each minute to the timeout', () => {
    expect(checks()).toEqual([
      20, 23, 26, 29, 32, 35, 38, 41, 44, 47, 50, 56, 62, 68, 74, 80, 86, 92, 98, 104, 110, 120,
      130, 140, 150, 160, 170, 200, 230, 290, 350, 410, 470, 530, 590, 650, 710, 770, 830, 890, 950,
      1010, 1070, 1130, 1190, 1200,
    ]);
  });

  it.each([
    [0, 20_000, false],
    [19_999, 20_000, false],
    [20_000, 23_000, false],
    [21_500, 23_000, false],
    [49_000, 50_000, false],
    [50_000, 56_000, false],
    [115_000, 120_000, false],
    [171_000, 200_000, false],
    [240_000, 290_000, false],
    [1_190_000, 1_200_000, false],
    [1_195_000, 1_200_000, false],
  ])('a check at %i ms of age plans the next at %i ms', (age, next, last) => {
    expect(planCheck(created, at(age), PHONEPE_SCHEDULE)).toEqual({ next: at(next), last });
  });

  it('makes the check at or past the timeout the last, with a retry a minute later should it not finish', () => {
    expect(planCheck(created, at(1_200_000), PHONEPE_SCHEDULE)).toEqual({
      next: at(1_260_000),
      last: true,
    });
    expect(planCheck(created, at(3_600_000), PHONEPE_SCHEDULE)).toEqual({
      next: at(3_660_000),
      last: true,
    });
  });

  it('compresses the whole cadence, timeout included, by its scale', () => {
    const fast = { scale: 0.01, timeoutMs: 20 * 60_000 };
    expect(firstCheckAt(created, fast)).toEqual(at(200));
    expect(planCheck(created, at(200), fast)).toEqual({ next: at(230), last: false });
    expect(planCheck(created, at(11_900), fast)).toEqual({ next: at(12_000), last: false });
    expect(planCheck(created, at(12_000), fast).last).toBe(true);
    expect(checks(fast)).toEqual(checks());
  });

  it('takes an injected timeout', () => {
    const short = { scale: 1, timeoutMs: 60_000 };
    expect(checks(short)).toEqual([20, 23, 26, 29, 32, 35, 38, 41, 44, 47, 50, 56, 60]);
  });
});
