import { describe, expect, it } from 'vitest';
import { mapLimited } from './map-limited.js';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('mapLimited', () => {
  it('answers in order, never running more than the limit at once', async () => {
    let running = 0;
    let most = 0;
    const results = await mapLimited([5, 1, 4, 2, 3, 6, 7], 2, async (n) => {
      most = Math.max(most, ++running);
      for (let i = 0; i < n; i++) await tick();
      running--;
      return n * 10;
    });
    expect(results).toEqual([50, 10, 40, 20, 30, 60, 70]);
    expect(most).toBe(2);
  });

  it('fails with the first failure and starts nothing after it', async () => {
    const started: number[] = [];
    const outcome = mapLimited([1, 2, 3, 4, 5], 2, async (n) => {
      started.push(n);
      await tick();
      if (n === 2) throw new Error('two failed');
      return n;
    });
    await expect(outcome).rejects.toThrow('two failed');
    await tick();
    expect(started).toEqual([1, 2, 3]);
  });

  it('answers nothing for nothing', async () => {
    expect(await mapLimited([], 3, async () => 1)).toEqual([]);
  });
});
