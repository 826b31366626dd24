/**
 * The import boundaries of docs/architecture.md (.dependency-cruiser.cjs), tried on a small tree
 * written for the purpose: each forbidden import is reported under its rule, and the imports the
 * architecture allows are not.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cruise } from 'dependency-cruiser';
import { afterAll, describe, expect, it } from 'vitest';
import config from '../.dependency-cruiser.cjs';

const root = mkdtempSync(join(tmpdir(), 'import-rules-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The violations found in a tree of `files` (path → source), as 'rule: from → to'. */
async function violations(files) {
  const dir = mkdtempSync(join(root, 'tree-'));
  for (const [file, source] of Object.entries(files)) {
    mkdirSync(join(dir, dirname(file)), { recursive: true });
    writeFileSync(join(dir, file), source);
  }
  const tops = [...new Set(Object.keys(files).map((file) => file.split('/')[0]))];
  const result = await cruise(tops, {
    baseDir: dir,
    ruleSet: { forbidden: config.forbidden },
    validate: true,
    tsPreCompilationDeps: true,
  });
  if (typeof result.output === 'string') throw new Error('unexpected string output');
  return result.output.summary.violations.map(
    (violation) => `${violation.rule.name}: ${violation.from} → ${violation.to}`,
  );
}

describe('the import rules', () => {
  it('finds a cycle made of type-only imports', async () => {
    expect(
      await violations({
        'apps/server/src/lib/a.ts': "import type { B } from './b';\nexport type A = B[];",
        'apps/server/src/lib/b.ts': "import type { A } from './a';\nexport type B = A | 1;",
      }),
    ).toContain('no-cycles: apps/server/src/lib/a.ts → apps/server/src/lib/b.ts');
  });

  it.each([
    [
      'web-feature-to-feature',
      'apps/web/src/features/cart/pages/cart-page.tsx',
      '../../product/lib/price.ts',
      'apps/web/src/features/product/lib/price.ts',
    ],
    [
      'web-shared-layer-to-feature',
      'apps/web/src/components/ui/card.tsx',
      '../../features/cart/lib/total.ts',
      'apps/web/src/features/cart/lib/total.ts',
    ],
    [
      'module-to-app',
      'apps/server/src/modules/cart/routes.ts',
      '../../app.ts',
      'apps/server/src/app.ts',
    ],
    [
      'module-to-module-internals',
      'apps/server/src/modules/payments/service.ts',
      '../orders/routes.ts',
      'apps/server/src/modules/orders/routes.ts',
    ],
    [
      'lib-to-module',
      'apps/server/src/lib/helper.ts',
      '../modules/users/service.ts',
      'apps/server/src/modules/users/service.ts',
    ],
    [
      'shared-to-apps',
      'packages/shared/src/rule.ts',
      '../../../apps/server/src/config.ts',
      'apps/server/src/config.ts',
    ],
    [
      'web-storefront-to-console',
      'apps/web/src/app/router.tsx',
      '../admin/paths.ts',
      'apps/web/src/admin/paths.ts',
    ],
    [
      'web-storefront-to-console',
      'apps/web/src/components/ui/button.tsx',
      '../../admin/lib/dates.ts',
      'apps/web/src/admin/lib/dates.ts',
    ],
    [
      'web-console-to-storefront-app',
      'apps/web/src/admin/app/router.tsx',
      '../../features/cart/pages/cart-page.tsx',
      'apps/web/src/features/cart/pages/cart-page.tsx',
    ],
    [
      'web-console-feature-to-feature',
      'apps/web/src/admin/features/orders/pages/order-page.tsx',
      '../../buyers/api/get-buyer.ts',
      'apps/web/src/admin/features/buyers/api/get-buyer.ts',
    ],
    [
      'web-to-server',
      'apps/web/src/lib/api.ts',
      '../../../server/src/config.ts',
      'apps/server/src/config.ts',
    ],
  ])('%s: refuses %s importing %s', async (rule, from, specifier, to) => {
    const found = await violations({
      [from]: `import { value } from '${specifier}';\nexport const copy = value;`,
      [to]: 'export const value = 1;',
    });
    expect(found).toContain(`${rule}: ${from} → ${to}`);
  });

  it('allows what the architecture allows', async () => {
    expect(
      await violations({
        'apps/server/src/modules/payments/module.ts':
          "import { findOrder } from '../orders/service.ts';\nimport { t } from '../../lib/t.ts';\nexport const m = [findOrder, t];",
        'apps/server/src/modules/orders/service.ts': 'export const findOrder = 1;',
        'apps/server/src/lib/t.ts': 'export const t = 1;',
        'apps/web/src/features/cart/pages/cart-page.tsx':
          "import { card } from '../../../components/ui/card.tsx';\nimport { own } from '../lib/own.ts';\nexport const p = [card, own];",
        'apps/web/src/features/cart/lib/own.ts': 'export const own = 1;',
        'apps/web/src/components/ui/card.tsx': 'export const card = 1;',
        'apps/web/src/admin/features/orders/pages/orders-page.tsx':
          "import { card } from '../../../../components/ui/card.tsx';\nimport { paths } from '../../../paths.ts';\nexport const p = [card, paths];",
        'apps/web/src/admin/paths.ts': 'export const paths = 1;',
      }),
    ).toEqual([]);
  });
});
