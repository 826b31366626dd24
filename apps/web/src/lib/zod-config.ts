/**
 * Zod compiles object parsers with `new Function` when it may, and probes for that when a
 * schema is built; under the strict CSP (no 'unsafe-eval') the probe is refused and reported as
 * a violation even though zod falls back. Jitless parsing never probes. Zod keeps its config
 * on `globalThis.__zod_globalConfig` (shared by every zod copy) and reads `jitless` when a
 * schema is built, so this must run before any schema module: main.tsx imports it first.
 *
 * Zod's public `config()` would bring zod's core into the first load (~3.6 KB gz measured with
 * 4.6.7), so the object is written directly, as zod's own source comment allows ("pre-populating
 * it before Zod loads"). It is not typed API: zod is pinned to an exact version (package.json)
 * and zod-config.test.ts checks what this relies on; the journeys' CSP guard checks the rest.
 * Mutated rather than replaced, so a zod loaded earlier would still see it.
 */
declare global {
  var __zod_globalConfig: Record<string, unknown> | undefined;
}

(globalThis.__zod_globalConfig ??= {}).jitless = true;

export {};
