/**
 * The memory of a process and all its descendants, from /proc (Linux): the soak judges the
 * server's whole tree, so memory moved into a child (a worker, a database process of its own)
 * still counts. Threads share their process's memory and are not counted again.
 */
import { readdirSync, readFileSync } from 'node:fs';

export interface TreeMemory {
  /** Resident memory of every process in the tree, summed. */
  rssMb: number;
  /** The anonymous part of it (heaps, WASM memory, thread stacks), as against mapped files. */
  anonMb: number;
  processes: number;
}

/** The pid and its descendants, found by each process's parent in /proc/<pid>/stat. */
export function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name, in parentheses, may hold spaces: the fields after it are fixed.
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // a process that ended while we looked
    }
  }
  const tree: number[] = [];
  const queue = [root];
  while (queue.length) {
    const pid = queue.shift()!;
    tree.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return tree;
}

/** kB fields of /proc/<pid>/status, in MB; 0 for a process that has ended. */
function statusMb(pid: number, fields: string[]): number[] {
  try {
    const lines = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n');
    return fields.map((field) => {
      const line = lines.find((l) => l.startsWith(`${field}:`));
      return line ? Number(line.replace(/\D+/g, '')) / 1024 : 0;
    });
  } catch {
    return fields.map(() => 0);
  }
}

export function treeMemory(root: number): TreeMemory {
  const pids = processTree(root);
  let rssMb = 0;
  let anonMb = 0;
  for (const pid of pids) {
    const [rss = 0, anon = 0] = statusMb(pid, ['VmRSS', 'RssAnon']);
    rssMb += rss;
    anonMb += anon;
  }
  return { rssMb, anonMb, processes: pids.length };
}

/** Clock ticks a second in /proc/<pid>/stat (USER_HZ: 100 on every Linux architecture in use). */
const TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) a process has used so far, all its threads; 0 once it has ended. */
export function processCpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/**
 * CPU seconds the tree's processes have used so far: on a shared machine the CPU an operation
 * took moves far less with the load than its wall-clock time.
 */
export function treeCpuSeconds(root: number): number {
  return processTree(root).reduce((sum, pid) => sum + processCpuSeconds(pid), 0);
}
