import { describe, expect, it } from 'vitest';
import { partsOfSmaps, treeMemoryParts } from './memory-parts.js';

/** A mapping's smaps entry: its header line and the Rss line the parser reads. */
const entry = (start: bigint, bytes: bigint, perms: string, name: string, rssKb: number) =>
  [
    `${start.toString(16)}-${(start + bytes).toString(16)} ${perms} 00000000 00:00 0          ${name}`,
    `Size:           ${bytes / 1024n} kB`,
    `Rss:            ${rssKb} kB`,
    'Pss:            0 kB',
  ].join('\n');

describe('the parts of a process memory', () => {
  it('tells V8 pages, the arena, a WebAssembly memory (before its guard), other anonymous memory and files apart', () => {
    const MiB = 1024n * 1024n;
    const wasm = 0x7f0000000000n;
    const smaps = [
      entry(0x1000000n, 64n * MiB, 'rw-p', '[heap]', 40 * 1024),
      entry(0x400000n, 40n * MiB, 'r-xp', '/opt/node/bin/node', 30 * 1024),
      ...Array.from({ length: 8 }, (_, i) =>
        entry(0x7e0000000000n + BigInt(i) * MiB, 256n * 1024n, 'rw-p', '', 256),
      ),
      entry(wasm, 128n * MiB, 'rw-p', '', 39 * 1024),
      entry(wasm + 128n * MiB, 8064n * MiB, '---p', '', 0),
      // Anonymous, but not a WebAssembly memory: no guard follows it.
      entry(0x7d0000000000n, 128n * MiB, 'rw-p', '', 10 * 1024),
      entry(0x7ffc00000000n, 132n * 1024n, 'rw-p', '[stack]', 100),
    ].join('\n');
    expect(partsOfSmaps(smaps)).toEqual({
      v8PagesMb: 2,
      arenaMb: 40,
      wasmMb: 39,
      otherAnonMb: 10,
      filesMb: 30,
    });
  });

  it("finds this process's own WebAssembly memory, V8 pages and files", () => {
    // The bench's types have no WebAssembly (no DOM library); Node has it.
    const { Memory } = (
      globalThis as unknown as {
        WebAssembly: { Memory: new (size: { initial: number }) => { buffer: ArrayBuffer } };
      }
    ).WebAssembly;
    const memory = new Memory({ initial: 480 }); // 30 MiB
    new Uint8Array(memory.buffer).fill(1);
    const parts = treeMemoryParts(process.pid);
    expect(parts.wasmMb).toBeGreaterThanOrEqual(30);
    expect(parts.v8PagesMb).toBeGreaterThan(0);
    expect(parts.filesMb).toBeGreaterThan(0);
    expect(memory.buffer.byteLength).toBe(480 * 65536);
  });
});
