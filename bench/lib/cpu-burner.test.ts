import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { startCpuBurner } from './cpu-burner.js';

/** The process's user CPU time in clock ticks (/proc/PID/stat's 14th field), or null once gone. */
function userTicks(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[0] === 'Z' ? null : Number(fields[11]);
  } catch {
    return null;
  }
}

describe('startCpuBurner', () => {
  it('keeps a process spinning until stopped, then leaves none', async () => {
    const burner = startCpuBurner();
    try {
      await sleep(300);
      const first = userTicks(burner.pid)!;
      await sleep(500);
      // Even sharing two cores with the test run, it burns well over a tenth of the time.
      expect(userTicks(burner.pid)! - first).toBeGreaterThan(5);
    } finally {
      burner.stop();
    }
    await sleep(200);
    expect(userTicks(burner.pid)).toBeNull();
  });
});
