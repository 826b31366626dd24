/**
 * A route's page as its own chunk: React.lazy, plus `load` to fetch the module ahead of the
 * first render (router.tsx `loadFirstPage`), after which the page draws without suspending.
 */
import { lazy, type ComponentType } from 'react';

export type PageComponent<Props extends object> = ComponentType<Props> & {
  load: () => Promise<void>;
};

/**
 * The component a page module exports under `name`: drawn at once when its module has been
 * loaded (`load`), else loaded when first rendered. A page never switches form once on screen:
 * its lazy form commits only after its module resolved, which sets `loaded` first, so the
 * render that commits already draws the module's component.
 */
export function lazyPage<Name extends string, Props extends object>(
  importModule: () => Promise<Record<Name, ComponentType<Props>>>,
  name: Name,
): PageComponent<Props> {
  let loaded: ComponentType<Props> | undefined;
  const loadComponent = async () => (loaded = (await importModule())[name]);
  const Lazy = lazy(async () => ({ default: await loadComponent() }));
  function Page(props: Props) {
    const Component = loaded ?? Lazy;
    return <Component {...props} />;
  }
  return Object.assign(Page, { load: async () => void (await loadComponent()) });
}
