/**
 * Zod compiles object parsers with `new Function` when it may, and probes for that when a
 * schema is built; under the strict CSP (no 'unsafe-eval') the probe is refused and reported as
 * a violation even though zod falls back. Jitless parsing never probes. Zod keeps its config
 * on `globalThis.__zod_globalConfig` (shared by every zod copy) and reads `jitless` when a
 * schema is built, so this must run before any schema module: main.tsx imports it first.
 * Setting the global directly keeps zod's core out of the first load (`config()` from zod
 * would bring ~4 KB gz into it); the journeys' CSP guard fails if this stops working.
 */
declare global {
  var __zod_globalConfig: Record<string, unknown> | undefined;
}

globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };

export {};
