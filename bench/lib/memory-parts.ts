/**
 * Where a process's resident memory is, by mapping (/proc/<pid>/smaps, Linux): the soak's RSS
 * alone says how much, not whose (issue 18; decisions 078, 094 read it apart by hand).
 */
import { readFileSync } from 'node:fs';
import { processTree } from './process-tree.js';

export interface MemoryParts {
  /** V8's heap pages: anonymous mappings of exactly 256 KiB, every isolate's (PGlite's too). */
  v8PagesMb: number;
  /** glibc's main arena (`[heap]`): blocks under the mmap threshold, live or not given back. */
  arenaMb: number;
  /** WebAssembly memories (PGlite's): the usable part before a guard of 4 GiB or more. */
  wasmMb: number;
  /** Other anonymous memory: thread stacks, buffers with pages of their own, compiled code. */
  otherAnonMb: number;
  /** Mapped files: the `node` binary, shared libraries. */
  filesMb: number;
}

const V8_PAGE_BYTES = 256 * 1024;
const WASM_GUARD_BYTES = 4 * 1024 ** 3;

interface Mapping {
  start: bigint;
  end: bigint;
  perms: string;
  name: string;
  rssKb: number;
}

function mappings(smaps: string): Mapping[] {
  const found: Mapping[] = [];
  for (const line of smaps.split('\n')) {
    const header = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \d+\s*(.*)$/.exec(line);
    if (header) {
      found.push({
        start: BigInt(`0x${header[1]}`),
        end: BigInt(`0x${header[2]}`),
        perms: header[3]!,
        name: header[4]!.trim(),
        rssKb: 0,
      });
    } else if (line.startsWith('Rss:') && found.length) {
      found.at(-1)!.rssKb = Number(line.replace(/\D+/g, ''));
    }
  }
  return found;
}

/** The parts of one process's smaps text. */
export function partsOfSmaps(smaps: string): MemoryParts {
  const all = mappings(smaps);
  const guardStarts = new Set(
    all
      .filter((m) => m.perms.startsWith('---') && m.end - m.start >= WASM_GUARD_BYTES)
      .map((m) => m.start),
  );
  const kb = { v8PagesMb: 0, arenaMb: 0, wasmMb: 0, otherAnonMb: 0, filesMb: 0 };
  for (const m of all) {
    const part: keyof MemoryParts =
      m.name === '[heap]'
        ? 'arenaMb'
        : m.name.startsWith('/')
          ? 'filesMb'
          : m.name === '' && guardStarts.has(m.end)
            ? 'wasmMb'
            : m.name === '' && m.end - m.start === BigInt(V8_PAGE_BYTES)
              ? 'v8PagesMb'
              : 'otherAnonMb';
    kb[part] += m.rssKb;
  }
  const mb = (value: number) => Math.round(value / 1024);
  return {
    v8PagesMb: mb(kb.v8PagesMb),
    arenaMb: mb(kb.arenaMb),
    wasmMb: mb(kb.wasmMb),
    otherAnonMb: mb(kb.otherAnonMb),
    filesMb: mb(kb.filesMb),
  };
}

/** The parts of the memory of `root` and its descendants, summed (as the soak's RSS is). */
export function treeMemoryParts(root: number): MemoryParts {
  const sum: MemoryParts = { v8PagesMb: 0, arenaMb: 0, wasmMb: 0, otherAnonMb: 0, filesMb: 0 };
  for (const pid of processTree(root)) {
    let smaps: string;
    try {
      smaps = readFileSync(`/proc/${pid}/smaps`, 'utf8');
    } catch {
      continue; // a process that ended while we looked
    }
    const parts = partsOfSmaps(smaps);
    for (const key of Object.keys(sum) as (keyof MemoryParts)[]) sum[key] += parts[key];
  }
  return sum;
}
