/**
 * A react-hook-form resolver for a shared zod schema that brings zod, the schema's module and
 * the zod resolver in when the page has painted (`usePreloadedResolver` starts the load on mount),
 * not with the page's first JavaScript: about 27 KB gzipped that painting the form does not need
 * (decision 033). A validation asked for before the load ends waits for it.
 */
import { useEffect } from 'react';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

export function lazyZodResolver<Input extends FieldValues, Output>(
  load: () => Promise<z.ZodType<Output, Input>>,
) {
  let ready: Promise<Resolver<Input, unknown, Output>> | undefined;
  const preload = () =>
    (ready ??= Promise.all([import('@hookform/resolvers/zod'), load()]).then(
      ([{ zodResolver }, schema]) => zodResolver<Input, unknown, Output>(schema),
    ));
  const resolver: Resolver<Input, unknown, Output> = async (values, context, options) =>
    (await preload())(values, context, options);
  return { resolver, preload };
}

/** Starts loading a lazy resolver's schema once the form is on screen. */
export function usePreloadedResolver({ preload }: { preload: () => unknown }) {
  useEffect(() => void preload(), [preload]);
}
