/**
 * The routes of spec §2, built from the route manifest (@storefront/shared/routes), which the
 * server reads too. Every page is its own chunk (React.lazy), so the first load carries only
 * the frame and the page it opens on. That first page's module is loaded before the first
 * render (`loadFirstPage`), so the frame and the page paint together: a page that suspended
 * would show its fallback first, and React holds back a boundary's content for 300 ms once its
 * fallback is on screen (decision 037).
 */
import type { ComponentType, ReactElement } from 'react';
import { createRoutesFromElements, matchRoutes, Route, Routes } from 'react-router';
import { NOT_FOUND_PAGE, PAGE_LIST, type PageDefinition } from '@storefront/shared/routes';
import { lazyPage, type PageComponent } from './lazy-page';
import { RootLayout } from './root-layout';

type PageModule = Record<string, ComponentType<Record<string, unknown>>>;

/** Every page module, each its own chunk, loaded when a route first needs it. */
export const PAGE_MODULES = import.meta.glob<PageModule>('../features/*/pages/*-page.tsx');

const pages = new Map<string, PageComponent<Record<string, unknown>>>();

/** The lazy component of a manifest page: one per module and export, so routes sharing a page
 * (an order and its payment step) keep one component and never remount it between them. */
function pageComponent({ module, component }: Pick<PageDefinition, 'module' | 'component'>) {
  const key = `${module}#${component}`;
  let page = pages.get(key);
  if (!page) {
    const importModule = PAGE_MODULES[`../${module}.tsx`];
    if (!importModule) throw new Error(`The route manifest names a missing page: ${module}`);
    page = lazyPage(importModule, component);
    pages.set(key, page);
  }
  return page;
}

const NotFoundPage = pageComponent(NOT_FOUND_PAGE);

function pageElement(definition: PageDefinition): ReactElement {
  const Page = pageComponent(definition);
  // A page whose path can name nothing shows the not-found page (its status is the server's 404).
  const notFound = definition.mayNameNothing ? { notFound: <NotFoundPage /> } : {};
  return <Page {...definition.props} {...notFound} />;
}

const appRoutes = (
  <Route element={<RootLayout />}>
    {PAGE_LIST.map(([name, definition]) => (
      <Route
        key={name}
        path={definition.paramOptional ? `${definition.path}?` : definition.path}
        element={pageElement(definition)}
      />
    ))}
    <Route path="*" element={<NotFoundPage />} />
  </Route>
);

export function AppRoutes() {
  return <Routes>{appRoutes}</Routes>;
}

/** Loads the modules of `definitions`' pages: the server renderer's, as it starts. */
export async function loadPages(
  definitions: readonly Pick<PageDefinition, 'module' | 'component'>[],
): Promise<void> {
  await Promise.all(definitions.map((definition) => pageComponent(definition).load()));
}

/**
 * Loads the module of the page at `pathname` (the server has already preloaded it). A page
 * that fails to load here is left to its lazy form, whose error the route's boundary shows.
 */
export async function loadFirstPage(pathname: string): Promise<void> {
  const matches = matchRoutes(createRoutesFromElements(appRoutes), pathname) ?? [];
  const element = matches.at(-1)?.route.element as ReactElement | undefined;
  const type = element?.type as Partial<PageComponent<object>> | undefined;
  await type?.load?.().catch(() => undefined);
}
