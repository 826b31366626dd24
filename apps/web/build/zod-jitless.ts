/**
 * Makes zod's core import src/lib/zod-config first, so zod parses jitless whatever chunk it
 * lands in. Zod decides at the moment an object schema is built whether to compile it with
 * `new Function` (probing for it, which the strict CSP refuses and reports as a violation);
 * zod-config switches that off. main.tsx imports it first, but a build may put zod and the
 * schemas built at module level into a shared chunk that the entry imports, and an imported
 * chunk runs before the entry's own code: the console's build did (issue 20), and its setup
 * page reported the probe. A module runs after the modules it imports, so with zod's core
 * importing zod-config the setting is there before any schema exists, in every chunking.
 */
import type { Plugin } from 'vite';

/** zod/v4/core/core.js, where zod reads its global config (zod is pinned: package.json). */
const ZOD_CORE = /[\\/]node_modules[\\/]zod[\\/]v4[\\/]core[\\/]core\.js$/;

export function zodJitlessFirst(configModule: string): Plugin {
  return {
    name: 'storefront:zod-jitless-first',
    transform(code, id) {
      if (!ZOD_CORE.test(id.split('?')[0]!)) return null;
      return { code: `import ${JSON.stringify(configModule)};\n${code}`, map: null };
    },
  };
}
