import { defineProject } from 'vitest/config';

/** The bench's own helpers (the benchmarks themselves run with `npm run bench`). */
export default defineProject({
  test: {
    name: 'bench',
    root: import.meta.dirname,
    include: ['lib/**/*.test.ts'],
    environment: 'node',
  },
});
