/** zod-config.ts writes zod's internal global; zod is pinned, and these check what it relies on. */
import { describe, expect, it, vi } from 'vitest';
import './zod-config';
import { z } from 'zod';

/** Counts `new Function(...)`, the call the strict CSP refuses and reports. */
function countCompiles() {
  let compiles = 0;
  vi.stubGlobal(
    'Function',
    new Proxy(Function, {
      construct(target, args: string[]) {
        compiles += 1;
        return new target(...args);
      },
    }),
  );
  return () => compiles;
}

describe('zod under the strict CSP', () => {
  it('keeps its config on the global object zod-config writes', () => {
    expect(z.config()).toBe(globalThis.__zod_globalConfig);
    expect(z.config().jitless).toBe(true);
  });

  it('builds and parses an object schema without new Function', () => {
    const compiles = countCompiles();
    const schema = z.object({ name: z.string(), quantity: z.number() });
    expect(schema.parse({ name: 'Steel Mug', quantity: 10 })).toEqual({
      name: 'Steel Mug',
      quantity: 10,
    });
    expect(compiles()).toBe(0);
  });

  it('compiles with new Function without the setting (so the check above can fail)', () => {
    const compiles = countCompiles();
    z.config({ jitless: false });
    try {
      z.object({ name: z.string() }).parse({ name: 'Steel Mug' });
    } finally {
      z.config({ jitless: true });
    }
    expect(compiles()).toBeGreaterThan(0);
  });
});
