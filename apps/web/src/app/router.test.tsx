/**
 * The route manifest (@storefront/shared/routes) is read by this router and by the server (its
 * preloads and meta): every page it names must exist here and export its component, and a
 * module a page loads with it must be one that page imports.
 */
import { describe, expect, it } from 'vitest';
import { NOT_FOUND_PAGE, PAGE_LIST, type PageDefinition } from '@storefront/shared/routes';
import { PAGE_MODULES } from './router';

const pageSources = import.meta.glob<string>('../features/*/pages/*-page.tsx', {
  query: '?raw',
  import: 'default',
});
const featureFiles = Object.keys(import.meta.glob('../features/**/*.tsx'));
const definitions: [string, Pick<PageDefinition, 'module' | 'component' | 'loadsWith'>][] = [
  ...PAGE_LIST,
  ['notFound', NOT_FOUND_PAGE],
];

describe('the route manifest in the web app', () => {
  it.each(definitions)('%s: its page module exports its component', async (_name, page) => {
    const importModule = PAGE_MODULES[`../${page.module}.tsx`];
    expect(importModule, page.module).toBeDefined();
    const exported = (await importModule!())[page.component];
    expect(typeof exported, `${page.module} exports ${page.component}`).toBe('function');
  });

  it.each(definitions.filter(([, page]) => page.loadsWith))(
    '%s: what it loads with it is a module the page imports',
    async (_name, page) => {
      const source = await pageSources[`../${page.module}.tsx`]!();
      for (const module of page.loadsWith ?? []) {
        expect(featureFiles, module).toContain(`../${module}.tsx`);
        expect(source, module).toContain(`import('../${module.split('/').slice(2).join('/')}')`);
      }
    },
  );
});
