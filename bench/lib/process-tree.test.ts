import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { processTree, treeMemory } from './process-tree.js';

describe('the memory of a process tree', () => {
  const children: ReturnType<typeof spawn>[] = [];
  afterEach(() => children.splice(0).forEach((child) => child.kill()));

  it("counts a child's and a grandchild's memory with the root's", async () => {
    // A shell whose own child is a sleeping process: two generations below this one.
    const child = spawn('sh', ['-c', 'sleep 30 & echo $!; wait'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    children.push(child);
    const [line] = (await once(child.stdout!, 'data')) as [Buffer];
    const grandchild = Number(line.toString().trim());

    const tree = processTree(process.pid);
    expect(tree[0]).toBe(process.pid);
    expect(tree).toContain(child.pid);
    expect(tree).toContain(grandchild);

    const alone = treeMemory(child.pid!);
    const whole = treeMemory(process.pid);
    expect(alone.processes).toBe(2);
    expect(whole.processes).toBeGreaterThanOrEqual(3);
    expect(whole.rssMb).toBeGreaterThan(alone.rssMb);
    expect(whole.anonMb).toBeLessThanOrEqual(whole.rssMb);
  });

  it('is empty of memory for a process that has ended', () => {
    expect(treeMemory(2 ** 22 + 1)).toEqual({ rssMb: 0, anonMb: 0, processes: 1 });
  });
});
